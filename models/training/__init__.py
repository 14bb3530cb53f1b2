"""Training code (PyTorch, an optional extra). The shipped app never imports this package."""
