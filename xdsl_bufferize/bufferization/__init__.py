"""The bufferization engine."""
