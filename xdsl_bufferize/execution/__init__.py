"""execution of xdsl-bufferize."""
