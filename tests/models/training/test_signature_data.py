"""The face signature's training crops: marks of many kinds, never a digit, never the looks held
back, never an evaluation night's seed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from models.render.odd_faces import check_odd
from models.render.palette import sample_style
from models.training.odd_set import HELD_KIND, HELD_LOGO
from models.training.signature_data import (
    GLYPHS,
    PLAN,
    SIGNATURE_SEED,
    collect,
    main,
    mark_names,
)
from vision.crops import CROP_SIZE
from vision.types import Colour

EVALUATION_SEEDS = range(4300, 7000)  # the odd nights' seeds (`models/MODEL_CARD.md`)


def test_no_digit_and_no_held_look_is_ever_a_mark() -> None:
    assert not any(ch.isdigit() for ch in GLYPHS)
    assert HELD_KIND not in PLAN
    assert not any(HELD_LOGO in name or HELD_KIND in name for name in mark_names())
    assert max(EVALUATION_SEEDS) < SIGNATURE_SEED


def test_a_night_gives_crops_of_the_readers_size_each_with_a_mark() -> None:
    made = collect(3, 1, (320, 240))  # night 3 is a logo-6 night: its logo and plain pips
    assert made.crops.shape[1:] == (CROP_SIZE, CROP_SIZE, 3) and len(made.crops) > 10
    named = {made.marks[k] for k in made.classes.tolist()}
    assert named <= set(mark_names())
    assert {name.split(":")[0] for name in named} <= {"logo", "pips"}


def test_the_writer_saves_crops_and_mark_names(tmp_path: Path) -> None:
    out = tmp_path / "marks.npz"
    assert main([str(out), "--first", "0", "--nights", "1", "--size", "320x240"]) == 0
    data = np.load(out)
    assert len(data["crops"]) == len(data["classes"]) > 0
    assert {str(data["marks"][k]).split(":")[0] for k in data["classes"]} == {"glyph"}


def test_glyph_marks_need_six_glyphs() -> None:
    style = sample_style(np.random.default_rng(1), Colour.RED)
    check_odd(replace(style, marks="glyphs", glyphs="ABCDEF"))
    with pytest.raises(ValueError, match="six glyphs"):
        check_odd(replace(style, marks="glyphs", glyphs="AB"))
