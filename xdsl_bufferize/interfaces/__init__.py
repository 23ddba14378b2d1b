"""interfaces of xdsl-bufferize."""
