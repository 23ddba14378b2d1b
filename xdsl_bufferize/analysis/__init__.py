"""analysis of xdsl-bufferize."""
