"""xdsl-bufferize: bufferization, buffer deallocation and a memory-checking executor for xDSL."""
