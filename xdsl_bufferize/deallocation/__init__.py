"""The buffer-deallocation engine."""
