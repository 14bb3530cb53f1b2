"""The rendered training sets and how a saved reader grows into the current one."""

from pathlib import Path

import pytest

from models.render.dataset import RENDERER_VERSION, VERSION_FILE, rendered_by
from models.training.synthetic import (
    FLYER_SETS,
    HOLDOUT_SETS,
    MATERIAL_CHECK_SETS,
    MATERIAL_SETS,
    ODD_SETS,
    TABLE_SETS,
    TRAINING_SETS,
    RenderedSet,
    ensure_rendered,
    render_set,
    scene_config,
)
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
    specs = (
        *TRAINING_SETS,
        *HOLDOUT_SETS,
        *TABLE_SETS,
        *FLYER_SETS,
        *MATERIAL_SETS,
        *MATERIAL_CHECK_SETS,
        *ODD_SETS,
    )
    assert len({s.seed for s in specs}) == len(specs)
    assert len({s.name for s in specs}) == len(specs)


def test_only_the_flyer_set_draws_colour_face_dice_and_it_teaches_the_finder_alone() -> None:
    drawn = {s.name: scene_config(s).colour_faces for s in (*TRAINING_SETS, *TABLE_SETS)}
    assert set(drawn.values()) == {0.0}
    assert [scene_config(s).colour_faces for s in FLYER_SETS] == [0.5]
    assert [s.name for s in (*TRAINING_SETS, *TABLE_SETS, *FLYER_SETS) if s.finder_only] == [
        "s_flyer"
    ]


@pytest.mark.parametrize("held_spec", HOLDOUT_SETS, ids=lambda s: s.name)
def test_holdout_uses_only_unseen_lights_and_tables(held_spec: RenderedSet) -> None:
    held = scene_config(held_spec)
    for spec in TRAINING_SETS:
        cfg = scene_config(spec)
        assert not set(held.lights) & set(cfg.lights)
        assert not set(held.backgrounds) & set(cfg.backgrounds)


TINY = RenderedSet("tiny", (160, 120), 1, 5)


def test_a_current_set_is_kept_and_a_stale_one_rendered_again(tmp_path: Path) -> None:
    (folder,) = ensure_rendered(tmp_path, (TINY,))
    assert rendered_by(folder) == RENDERER_VERSION
    picture = folder / "images" / "000000.jpg"
    first = picture.stat().st_mtime_ns
    ensure_rendered(tmp_path, (TINY,))
    assert picture.stat().st_mtime_ns == first
    (folder / VERSION_FILE).unlink()
    assert rendered_by(folder) == 1
    ensure_rendered(tmp_path, (TINY,))
    assert rendered_by(folder) == RENDERER_VERSION


def test_a_stale_set_holding_other_files_is_left_alone(tmp_path: Path) -> None:
    (folder,) = ensure_rendered(tmp_path, (TINY,))
    (folder / VERSION_FILE).write_text("1\n")
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit, match=r"notes\.txt"):
        ensure_rendered(tmp_path, (TINY,))
    assert (folder / "notes.txt").read_text() == "mine"
    assert (folder / "colours.csv").is_file()


def test_no_set_is_no_version(tmp_path: Path) -> None:
    assert rendered_by(tmp_path) is None


def test_sets_rendered_in_shards_are_the_set_rendered_in_one_go(tmp_path: Path) -> None:
    spec = RenderedSet("tiny", (160, 120), 5, 7)
    render_set(tmp_path / "shards", spec, jobs=2)
    render_set(tmp_path / "one", spec, jobs=1)
    for part in ("images", "labels"):
        names = sorted(p.name for p in (tmp_path / "one" / part).iterdir())
        assert sorted(p.name for p in (tmp_path / "shards" / part).iterdir()) == names
        for name in names:
            one = (tmp_path / "one" / part / name).read_bytes()
            assert (tmp_path / "shards" / part / name).read_bytes() == one
    for name in ("colours.csv", VERSION_FILE):
        assert (tmp_path / "shards" / name).read_text() == (tmp_path / "one" / name).read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one", "shards"]  # no shards left


def test_material_without_dice_is_trained_on_as_pictures_with_nothing_to_find(
    tmp_path: Path,
) -> None:
    from models.training.real import training_images

    bare = RenderedSet("bare", (160, 120), 8, 33, material=1.0, dice_count=(0, 0))
    (folder,) = ensure_rendered(tmp_path, (bare,))
    assert all(not (folder / "labels" / f"{i:06d}.txt").read_text() for i in range(8))
    images = training_images(folder)
    assert images and all(not item.image.boxes for item in images)
