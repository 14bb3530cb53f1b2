"""The odd dice training draws: never an evaluation night's seed, never the looks held back."""

from pathlib import Path

import numpy as np
import pytest

from models.render.dataset import rendered_by
from models.render.odd_night import KINDS, night_seed
from models.training.data import folder_source
from models.training.odd_set import (
    HELD_KIND,
    HELD_LOGO,
    ODD_SEED,
    ODD_THROWS,
    TRAINED_KINDS,
    night_plan,
    write_odd_set,
)

EVALUATION_SEED = 4300  # `models/MODEL_CARD.md`: the nights every odd-dice figure is read on


def test_the_plan_takes_every_trained_kind_in_turn_and_never_the_held_looks() -> None:
    plan = night_plan(3 * len(TRAINED_KINDS) * ODD_THROWS)
    assert [kind for kind, _, _ in plan[: len(TRAINED_KINDS)]] == list(TRAINED_KINDS)
    assert HELD_KIND not in {kind for kind, _, _ in plan}
    assert HELD_LOGO not in {logo for _, _, logo in plan}
    logos = {logo for kind, _, logo in plan if kind == "logo6"}
    assert len(logos) == 3  # three nights of logo 6, each with another trained shape


@pytest.mark.parametrize("photos", [1, ODD_THROWS, ODD_THROWS + 1, 200])
def test_a_set_needs_whole_nights_for_its_photos(photos: int) -> None:
    assert len(night_plan(photos)) == -(-photos // ODD_THROWS)


def test_no_training_night_is_an_evaluation_night() -> None:
    trained = {night_seed(ODD_SEED, kind, index) for kind, index, _ in night_plan(100_000)}
    evaluated = {night_seed(EVALUATION_SEED, k, n) for k in KINDS for n in range(50)}
    assert not trained & evaluated


def test_a_written_set_is_a_labelled_set(tmp_path: Path) -> None:
    written = write_odd_set(tmp_path / "odd", 3, ODD_SEED, (320, 240))
    assert written.images == 3 and written.boxes > 0
    assert rendered_by(tmp_path / "odd") is not None
    sample = folder_source(tmp_path / "odd", 1.0).draw(np.random.default_rng(0))
    assert len(sample.boxes) > 0 and sample.image_bgr.shape[:2] == (240, 320)


@pytest.mark.parametrize(("photos", "seed"), [(0, ODD_SEED), (3, EVALUATION_SEED)])
def test_a_bad_set_is_refused(tmp_path: Path, photos: int, seed: int) -> None:
    with pytest.raises(ValueError, match=r"photos|seed"):
        write_odd_set(tmp_path / "odd", photos, seed, (320, 240))


def test_a_set_of_one_kind_draws_only_that_kind_and_never_a_held_one() -> None:
    plan = night_plan(5 * ODD_THROWS, ("smallboard",))
    assert {kind for kind, _, _ in plan} == {"smallboard"}
    assert [index for _, index, _ in plan] == [0, 1, 2, 3, 4]
    for kinds in ((HELD_KIND,), ()):
        with pytest.raises(ValueError, match="kinds must be"):
            night_plan(ODD_THROWS, kinds)
