"""The rendered training sets and how a saved reader grows into the current one."""

import pytest

from models.training.synthetic import HOLDOUT_SETS, TRAINING_SETS, RenderedSet, scene_config
from vision.types import COLOURS, Colour


def _other_share(colours: tuple[Colour, ...]) -> float:
    return colours.count(Colour.OTHER) / len(colours)


@pytest.mark.parametrize(
    ("name", "share"),
    [("s640", 1 / 9), ("s1280", 1 / 9), ("s960", 1 / 9), ("s800", 1 / 9), ("s960x", 1 / 3)],
)
def test_each_set_draws_its_colours(name: str, share: float) -> None:
    spec = next(s for s in TRAINING_SETS if s.name == name)
    cfg = scene_config(spec)
    assert set(cfg.colours) == set(COLOURS)
    assert _other_share(cfg.colours) == pytest.approx(share)
    assert (cfg.width, cfg.height) == spec.size


def test_sets_never_share_a_seed_or_a_name() -> None:
    specs = (*TRAINING_SETS, *HOLDOUT_SETS)
    assert len({s.seed for s in specs}) == len(specs)
    assert len({s.name for s in specs}) == len(specs)


@pytest.mark.parametrize("held_spec", HOLDOUT_SETS, ids=lambda s: s.name)
def test_holdout_uses_only_unseen_lights_and_tables(held_spec: RenderedSet) -> None:
    held = scene_config(held_spec)
    for spec in TRAINING_SETS:
        cfg = scene_config(spec)
        assert not set(held.lights) & set(cfg.lights)
        assert not set(held.backgrounds) & set(cfg.backgrounds)
