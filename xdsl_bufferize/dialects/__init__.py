"""dialects of xdsl-bufferize."""
