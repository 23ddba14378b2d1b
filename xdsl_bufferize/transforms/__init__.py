"""transforms of xdsl-bufferize."""
