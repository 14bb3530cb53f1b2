"""Labelled photo folders (`labelled.py`) and an image's size read from its header (`size.py`)."""

from vision.datasets.labelled import (
    BoxF,
    DatasetError,
    LabelledBox,
    LabelledImage,
    MatchBy,
    load_dataset,
)
from vision.datasets.size import image_size

__all__ = [
    "BoxF",
    "DatasetError",
    "LabelledBox",
    "LabelledImage",
    "MatchBy",
    "image_size",
    "load_dataset",
]
