"""Shipped ONNX models, their card, and the code that makes them (renderer, training, export)."""
