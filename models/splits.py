"""The held-out splits of the labelled photo sets, by the name training code, scripts and the
model card have always used: they are defined with the datasets, in `vision.datasets.splits`."""

from vision.datasets.splits import (
    AWS_HELD_OUT_SURFACES,
    DEFAULT_TEST_SHARE,
    EPANEMU_BLOCK,
    EPANEMU_TEST_SHARE,
    ROBOFLOW_MARK,
    SPLITS,
    TEST_FOLDERS,
    TRAIN_FOLDERS,
    Split,
    aws_surface,
    epanemu_block,
    folder_split,
    roboflow_stem,
    split_of,
    stable_fraction,
)

__all__ = [
    "AWS_HELD_OUT_SURFACES",
    "DEFAULT_TEST_SHARE",
    "EPANEMU_BLOCK",
    "EPANEMU_TEST_SHARE",
    "ROBOFLOW_MARK",
    "SPLITS",
    "TEST_FOLDERS",
    "TRAIN_FOLDERS",
    "Split",
    "aws_surface",
    "epanemu_block",
    "folder_split",
    "roboflow_stem",
    "split_of",
    "stable_fraction",
]
