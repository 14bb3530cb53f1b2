"""Named background and lighting families, split into the ones training may see and the
ones kept aside to measure how the models cope with tables and lamps they never saw."""

from __future__ import annotations

from collections.abc import Sequence

TRAIN_BACKGROUNDS: tuple[str, ...] = (
    "wood",
    "felt",
    "cloth",
    "paper",
    "tray",
    "dark_table",
    "plain",
    "tablecloth",
    "stone",
    "printed",
)
# Training families too, added for the real tables of issue 21 (`floors`): drawn only by sets
# that name them (`TABLE_*`), so the older sets keep drawing what their seeds drew.
TABLE_BACKGROUNDS: tuple[str, ...] = ("speckled_carpet", "sandpaper", "tray_felt", "wood_bowl")
# Carpet and tiles/stone are high-frequency or gridded surfaces unlike the first training
# tables. Since issue 21 the held-out `carpet` is a cousin of the training `speckled_carpet`
# (both pile floors): the held-out renders measure a new carpet, not a new kind of floor.
HOLDOUT_BACKGROUNDS: tuple[str, ...] = ("carpet", "tiles")
BACKGROUNDS: tuple[str, ...] = TRAIN_BACKGROUNDS + TABLE_BACKGROUNDS + HOLDOUT_BACKGROUNDS

TRAIN_LIGHTS: tuple[str, ...] = ("neutral", "warm_lamp", "cool_daylight", "fluorescent", "window")
# A webcam's white balance left warm under a room lamp (issue 21), a training family.
TABLE_LIGHTS: tuple[str, ...] = ("warm_webcam",)
# Strongly coloured lamps: still mild enough that a person tells red from orange.
HOLDOUT_LIGHTS: tuple[str, ...] = ("sodium", "blue_led")
LIGHTS: tuple[str, ...] = TRAIN_LIGHTS + TABLE_LIGHTS + HOLDOUT_LIGHTS

FAMILY_SETS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "train": (TRAIN_BACKGROUNDS, TRAIN_LIGHTS),
    "tables": (TABLE_BACKGROUNDS, (*TRAIN_LIGHTS, *TABLE_LIGHTS)),
    "holdout": (HOLDOUT_BACKGROUNDS, HOLDOUT_LIGHTS),
    "all": (BACKGROUNDS, LIGHTS),
}


def check_names(kind: str, names: Sequence[str], known: Sequence[str]) -> tuple[str, ...]:
    """The names as a tuple, or a ValueError naming the first unknown one."""
    if not names:
        raise ValueError(f"{kind} must name at least one family, got {tuple(names)!r}")
    for name in names:
        if name not in known:
            raise ValueError(f"unknown {kind} family {name!r} (expected one of {', '.join(known)})")
    return tuple(names)
