"""Crop banks: which scenes a bank draws, the look each die is given, and banks written, read
and refused (no torch needed: banks are renders and numpy arrays)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from models.render import HOLDOUT_BACKGROUNDS, HOLDOUT_LIGHTS, TRAIN_LIGHTS, render_scene
from models.render.dataset import JPEG_QUALITY, scene_seed
from models.render.values import DieLabel
from models.training.augment import jpeg
from models.training.bank import (
    FIELDS,
    LOOKS,
    RICH_COLOURS,
    SIZES,
    Bank,
    BankSpec,
    join,
    load_bank,
    look_of,
    main,
    mix_in,
    render_bank,
    save_bank,
)
from models.training.crop_cache import CropSet
from vision import crops
from vision.types import COLOURS, Colour

SMALL = BankSpec(seed=7, scenes=3, jitters=0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": 99}, "seed 99 draws a stored rendered set"),
        ({"seed": 13}, "seed 13 draws a stored rendered set"),
        ({"families": "kitchen"}, "families must be one of train, holdout, got 'kitchen'"),
        ({"scenes": 0}, "got 0, 0, 2"),
        ({"jitters": -1}, "got 1, 0, -1"),
        ({"start": -5}, "got 1, -5, 2"),
    ],
    ids=["holdout-seed", "training-seed", "families", "no-scenes", "jitters", "start"],
)
def test_a_bad_spec_is_refused_by_value(kwargs: dict[str, object], message: str) -> None:
    spec = {"seed": 7, "scenes": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        BankSpec(**spec)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("scenes", "start", "count", "expected"),
    [
        (10, 0, 2, [(0, 5), (5, 5)]),
        (10, 4, 3, [(4, 3), (7, 4), (11, 3)]),
        (2, 0, 8, [(0, 1), (1, 1)]),
        (5, 0, 1, [(0, 5)]),
    ],
    ids=["halves", "offset", "more-workers-than-scenes", "one"],
)
def test_shards_cover_the_same_scenes_once(
    scenes: int, start: int, count: int, expected: list[tuple[int, int]]
) -> None:
    shards = BankSpec(seed=7, scenes=scenes, start=start).shards(count)
    assert [(s.start, s.scenes) for s in shards] == expected


def test_training_scenes_cycle_sizes_and_every_fifth_is_other_rich() -> None:
    spec = BankSpec(seed=7, scenes=10)
    configs = [spec.config(i) for i in range(10)]
    assert [(c.width, c.height) for c in configs[:4]] == list(SIZES)
    assert [c.colours == RICH_COLOURS for c in configs] == [i % 5 == 4 for i in range(10)]
    assert all(set(c.lights) == set(TRAIN_LIGHTS) for c in configs)


def test_holdout_scenes_use_only_the_held_out_tables_and_lamps() -> None:
    cfg = BankSpec(seed=7, scenes=5, families="holdout").config(4)
    assert (cfg.lights, cfg.backgrounds) == (HOLDOUT_LIGHTS, HOLDOUT_BACKGROUNDS)
    assert cfg.colours == COLOURS


def _die(colour: Colour, finish: str = "solid", blend: str = "") -> DieLabel:
    quad = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    return DieLabel((0, 0, 9, 9), 3, colour, "white", quad, 0.0, True, finish=finish, blend=blend)


@pytest.mark.parametrize(
    ("die", "look"),
    [
        (_die(Colour.RED), "named solid"),
        (_die(Colour.BLUE, "marbled"), "named marbled"),
        (_die(Colour.YELLOW, "translucent"), "named translucent"),
        (_die(Colour.OTHER, "marbled", "blue+black"), "two-colour marble"),
        (_die(Colour.OTHER), "teal or pink"),
        (_die(Colour.OTHER, "translucent"), "clear"),
        (_die(Colour.OTHER, "metal"), "metal"),
        (_die(Colour.OTHER, "wood"), "wood"),
    ],
)
def test_each_die_gets_its_look(die: DieLabel, look: str) -> None:
    assert look_of(die) == look
    assert look in LOOKS


def test_exact_cuts_are_the_runtime_crop_of_the_stored_picture() -> None:
    bank = render_bank(SMALL)
    scene = render_scene(scene_seed(SMALL.seed, 0), SMALL.config(0))
    image = jpeg(scene.image_bgr, JPEG_QUALITY)
    dice = scene.visible_dice
    first = bank.scenes == 0
    assert first.sum() == len(dice)
    expected = np.stack([crops.crop_square(image, d.box_xyxy) for d in dice])
    np.testing.assert_array_equal(bank.crops[first], expected)
    np.testing.assert_allclose(bank.casts[first][0], crops.light_cue(image, expected))
    assert bank.pips[first].tolist() == [d.pips for d in dice]
    assert bank.colours[first].tolist() == [COLOURS.index(d.colour) for d in dice]
    assert bank.blends[first].tolist() == [d.blend for d in dice]


def test_a_bank_made_in_shards_is_the_bank_made_whole() -> None:
    spec = replace(SMALL, jitters=2)
    whole = render_bank(spec)
    parts = join([render_bank(s) for s in spec.shards(2)])
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(parts, name), getattr(whole, name))
    assert len(whole) == 2 * len(render_bank(SMALL))


def test_first_scenes_and_crop_set() -> None:
    bank = render_bank(SMALL)
    first = bank.first_scenes(1)
    assert set(first.scenes.tolist()) == {0}
    crop_set = bank.crop_set("bank", 0.5)
    assert (crop_set.name, crop_set.weight, len(crop_set)) == ("bank", 0.5, len(bank))


def test_a_bank_survives_the_disk(tmp_path: Path) -> None:
    bank = render_bank(SMALL)
    save_bank(bank, tmp_path / "b.npz")
    back = load_bank(tmp_path / "b.npz")
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(back, name), getattr(bank, name))


def _tiny_bank(n: int = 2) -> Bank:
    return Bank(
        np.zeros((n, 48, 48, 3), np.uint8),
        np.zeros((n, 9), np.float32),
        np.ones(n, np.int64),
        np.zeros(n, np.int64),
        np.array(["named solid"] * n),
        np.array([""] * n),
        np.arange(n, dtype=np.int64),
    )


def _write_bad(path: Path, kind: str) -> None:
    good = {name: getattr(_tiny_bank(), name) for name in FIELDS}
    if kind == "not-a-file":
        path.write_bytes(b"this is no bank")
    elif kind == "missing":
        np.savez(path, **{k: v for k, v in good.items() if k != "looks"})
    elif kind == "lengths":
        np.savez(path, **{**good, "pips": np.ones(3, np.int64)})
    elif kind == "shape":
        np.savez(path, **{**good, "crops": np.zeros((2, 32, 32, 3), np.uint8)})
    elif kind == "scalar":
        np.savez(path, **{**good, "scenes": np.int64(3)})
    elif kind == "float-crops":
        np.savez(path, **{**good, "crops": np.zeros((2, 48, 48, 3), np.float32)})
    elif kind == "one-array":
        with path.open("wb") as fh:
            np.save(fh, np.zeros(3))
    elif kind == "truncated":
        save_bank(_tiny_bank(), path)
        path.write_bytes(path.read_bytes()[:300])


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("not-a-file", "cannot read a crop bank"),
        ("missing", r"not a crop bank \(no looks\)"),
        ("lengths", "different numbers of crops"),
        ("shape", r"shape \(32, 32, 3\) and type uint8, expected 48x48x3 uint8"),
        ("scalar", "different numbers of crops"),
        ("float-crops", "type float32, expected"),
        ("truncated", "cannot read a crop bank"),
        ("one-array", r"not a crop bank \(no crops, casts, pips, colours, looks, blends, scenes\)"),
    ],
)
def test_a_bad_bank_file_is_refused_by_name(tmp_path: Path, kind: str, message: str) -> None:
    path = tmp_path / "bad.npz"
    _write_bad(path, kind)
    with pytest.raises(ValueError, match=message) as caught:
        load_bank(path)
    assert str(path) in str(caught.value)


def test_the_command_writes_a_bank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deep" / "b.npz"
    main([str(out), "--scenes", "2", "--seed", "7", "--jitters", "0", "--workers", "2"])
    bank = load_bank(out)
    assert set(bank.scenes.tolist()) <= {0, 1}
    assert f"crops of 2 scenes to {out}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["b.npz", "--scenes", "2", "--seed", "99"], "seed 99 draws a stored rendered set"),
        (["b.txt", "--scenes", "2"], "out must name a .npz file"),
        (["b.npz", "--scenes", "0"], "--scenes: must be 1..1000000, got 0"),
        (["b.npz", "--scenes", "2", "--jitters", "-1"], "--jitters: must be 0..16, got -1"),
        (["b.npz", "--scenes", "2", "--families", "x"], "--families: invalid choice"),
    ],
)
def test_the_command_refuses_bad_arguments_by_value(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as caught:
        main([str(tmp_path / argv[0]), *argv[1:]])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def _crop_set(name: str, weight: float) -> CropSet:
    bank = _tiny_bank()
    return CropSet(name, weight, bank.crops, bank.casts, bank.pips, bank.colours)


@pytest.mark.parametrize(
    ("weights", "banks", "share", "expected"),
    [
        ([0.2, 0.6], 2, 0.5, [0.125, 0.375, 0.25, 0.25]),
        ([0.2, 0.6], 1, 0.2, [0.2, 0.6, 0.2]),
        ([0.2, 0.6], 0, 0.5, [0.2, 0.6]),
        ([], 2, 0.3, [0.5, 0.5]),
    ],
    ids=["two-banks", "one-bank", "no-bank", "banks-alone"],
)
def test_banks_take_their_share_of_the_draws(
    weights: list[float], banks: int, share: float, expected: list[float]
) -> None:
    sets = [_crop_set(f"s{i}", w) for i, w in enumerate(weights)]
    mixed = mix_in(sets, [_tiny_bank()] * banks, share)
    assert [s.weight for s in mixed] == pytest.approx(expected)
    assert [s.name for s in mixed[len(sets) :]] == [f"bank {i}" for i in range(banks)]
