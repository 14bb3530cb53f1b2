"""Shipped ONNX models, their card, and the code that makes them (renderer, training, export).
The running app loads the `.onnx` files through vision's loader and never imports this code."""
