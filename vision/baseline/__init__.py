"""The classical baseline reader (`reader.py`) and its steps: pips, groups, box, colour."""

from vision.baseline.reader import BaselineParams, BaselineReader, read_baseline

__all__ = ["BaselineParams", "BaselineReader", "read_baseline"]
