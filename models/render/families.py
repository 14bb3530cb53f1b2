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
# Carpet and tiles/stone are high-frequency or gridded surfaces unlike any training table.
HOLDOUT_BACKGROUNDS: tuple[str, ...] = ("carpet", "tiles")
BACKGROUNDS: tuple[str, ...] = TRAIN_BACKGROUNDS + HOLDOUT_BACKGROUNDS

TRAIN_LIGHTS: tuple[str, ...] = ("neutral", "warm_lamp", "cool_daylight", "fluorescent", "window")
# Strongly coloured lamps: still mild enough that a person tells red from orange.
HOLDOUT_LIGHTS: tuple[str, ...] = ("sodium", "blue_led")
LIGHTS: tuple[str, ...] = TRAIN_LIGHTS + HOLDOUT_LIGHTS

FAMILY_SETS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "train": (TRAIN_BACKGROUNDS, TRAIN_LIGHTS),
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
