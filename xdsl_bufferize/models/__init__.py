"""models of xdsl-bufferize."""
