"""Timing the reader: `stages` times it stage by stage over a set of frames, `live` times the
whole live path (decode, read, settle, emit) on a recorded video.

Nothing is imported here, so importing `live` (its tests, say) does not load the model reader and
onnxruntime that `stages` times.
"""
