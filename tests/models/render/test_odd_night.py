"""Game nights with odd dice (issue 43): each kind draws the same night for a seed, every die's
top face is the face of its labelled value (a logo only on the labelled 6 or 1), a night's dice
are one family's set, and the command refuses what it cannot draw."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from models.render import SceneConfig
from models.render.board_night import DiceLooks, draw_night
from models.render.board_night import main as board_main
from models.render.face import face_texture
from models.render.odd_faces import LOGOS, check_odd
from models.render.odd_night import KINDS, draw_odd_night, main, night_logo, odd_set
from models.render.palette import DieStyle
from models.render.values import DieLabel, RenderedScene
from vision.types import Colour

SIZE = (320, 180)
TEX = 64


def _pictures(kind: str, seed: int) -> list[npt.NDArray[np.uint8]]:
    night = draw_odd_night(kind, seed, 2, SIZE)
    return [night.empty, *(scene.image_bgr for scene in night.photos)]


@pytest.mark.parametrize("kind", KINDS)
def test_a_night_is_the_same_for_its_seed_and_another_for_another(kind: str) -> None:
    first, again, other = _pictures(kind, 7), _pictures(kind, 7), _pictures(kind, 8)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not np.array_equal(first[1], other[1])


@pytest.mark.parametrize("kind", KINDS)
def test_a_nights_dice_are_one_familys_set(kind: str) -> None:
    looks = odd_set(np.random.default_rng(3), kind)
    colours = [s.colour for s in looks]
    assert 2 <= len(colours) == len(set(colours)) <= 4
    assert set(colours) <= {Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.WHITE}
    shared = {(s.seed, s.logo, s.logo_on, s.marks, s.pip_spacing, s.corner) for s in looks}
    assert len(shared) == 1  # one mould
    first = looks[0]
    expected = {
        "logo6": first.logo in LOGOS and first.logo_on == 6,
        "logo1": first.logo in LOGOS and first.logo_on == 1,
        "numerals": first.marks == "numerals",
        "stars": first.marks == "stars",
        "skulls": first.marks == "skulls",
        "translucent": all(s.flush and s.opacity <= 0.55 for s in looks),
        "tinypips": first.pip_radius < 0.041,
        "smallboard": not (first.marks or first.logo or first.flush),
    }
    assert expected[kind]
    if kind != "translucent":
        assert all(s.opacity == 1.0 and not s.flush for s in looks)


def test_every_logo_shape_is_drawn_over_a_good_part_of_the_face() -> None:
    base = odd_set(np.random.default_rng(4), "logo6")[0]
    inks = {}
    for logo in LOGOS:
        style = replace(base, logo=logo)
        tex = face_texture(style, 6, TEX)[0][..., :3].astype(np.float32)
        ink = np.abs(tex - np.asarray(style.body, np.float32) * 255).max(axis=2) > 60
        inks[logo] = ink
        rows, cols = np.nonzero(ink)
        assert np.ptp(rows) > 0.5 * TEX and np.ptp(cols) > 0.5 * TEX, logo
    assert len({ink.tobytes() for ink in inks.values()}) == len(LOGOS)


@pytest.mark.parametrize("kind", ["logo6", "logo1"])
def test_the_logo_takes_the_place_of_its_faces_pips_and_no_others(kind: str) -> None:
    style = odd_set(np.random.default_rng(6), kind)[0]
    plain = replace(style, logo="", logo_on=0)
    for value in range(1, 7):
        same = np.array_equal(face_texture(style, value, 48)[0], face_texture(plain, value, 48)[0])
        assert same == (value != style.logo_on), value


def _gray(img: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """The face's middle, blurred (the camera's pixel of shake moves a tiny pip off itself)."""
    grey = cv2.cvtColor(np.ascontiguousarray(img[..., :3]), cv2.COLOR_BGR2GRAY)
    m = TEX // 8
    g = np.asarray(cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 2.0), np.float32)[m:-m, m:-m]
    g -= g.mean()
    return np.asarray(g / (np.linalg.norm(g) + 1e-6), np.float32)


def _top_face(scene: RenderedScene, die: DieLabel) -> npt.NDArray[np.float32]:
    quad = np.array(die.top_quad, np.float32) + 0.5
    square = np.array([[0, 0], [TEX, 0], [TEX, TEX], [0, TEX]], np.float32)
    warp = cv2.getPerspectiveTransform(quad, square)
    return _gray(np.asarray(cv2.warpPerspective(scene.image_bgr, warp, (TEX, TEX)), np.uint8))


def _read_by_texture(face: npt.NDArray[np.float32], style: DieStyle) -> int:
    scores = [float((face * _gray(face_texture(style, v, TEX)[0])).sum()) for v in range(1, 7)]
    return int(np.argmax(scores)) + 1


@pytest.mark.parametrize("kind", [k for k in KINDS if k != "smallboard"])
def test_each_dies_top_face_is_the_face_of_its_labelled_value(kind: str) -> None:
    looks = odd_set(np.random.default_rng(5), kind)
    by_colour = {s.colour: s for s in looks}

    def the_set(rng: np.random.Generator, cfg: SceneConfig) -> DiceLooks:
        return lambda throw, count: [looks[int(throw.integers(len(looks)))] for _ in range(count)]

    cfg = SceneConfig.clean(400, 300, die_px=(TEX, TEX))
    night = draw_night(9, 8, cfg, dice=the_set)
    read, values = [], []
    for scene in night.photos:
        for die in scene.visible_dice:
            read.append(_read_by_texture(_top_face(scene, die), by_colour[die.colour]))
            values.append(die.pips)
    assert len(values) >= 20 and set(values) == {1, 2, 3, 4, 5, 6}
    assert read == values


def test_small_dice_lie_on_a_busy_board() -> None:
    scenes = list(draw_odd_night("smallboard", 1, 4, (640, 360)).photos)
    sides = [
        max(d.box_xyxy[2] - d.box_xyxy[0], d.box_xyxy[3] - d.box_xyxy[1])
        for s in scenes
        for d in s.visible_dice
    ]
    assert len(sides) >= 10
    assert 12 <= float(np.median(sides)) <= 36


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"marks": "hearts"}, "marks must be one of numerals, stars, skulls"),
        ({"logo": "moon", "logo_on": 6}, "logo must be one of star, ring, crest, swirl"),
        ({"logo": "star", "logo_on": 3}, "a logo goes on face 1 or 6"),
        ({"logo_on": 6}, "a logo goes on face 1 or 6"),
    ],
)
def test_an_odd_look_the_renderer_does_not_draw_is_refused(
    change: dict[str, object], words: str
) -> None:
    fields: dict[str, object] = {"marks": "", **change}
    style = replace(odd_set(np.random.default_rng(1), "stars")[0], **fields)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=words):
        check_odd(style)


def test_the_command_writes_one_night_per_kind(tmp_path: Path) -> None:
    args = [str(tmp_path), "--kind", "logo6", "--kind", "numerals", "--throws", "2"]
    assert main([*args, "--size", "480x320", "--seed", "40"]) == 0
    for kind in ("logo6", "numerals"):
        night = tmp_path / kind
        assert (night / "empty.png").is_file() and (night / "colours.csv").is_file()
        assert sorted(p.name for p in (night / "labels").iterdir()) == ["0000.txt", "0001.txt"]
    alone = tmp_path / "alone"
    assert (
        main(
            [str(alone), "--kind", "numerals", "--throws", "2", "--size", "480x320", "--seed", "40"]
        )
        == 0
    )
    same = (alone / "numerals" / "labels" / "0001.txt").read_text()
    assert same == (tmp_path / "numerals" / "labels" / "0001.txt").read_text()


def test_more_nights_of_a_kind_are_other_tables_and_go_through_the_logos(tmp_path: Path) -> None:
    args = [str(tmp_path), "--kind", "logo6", "--nights", "2", "--throws", "1"]
    assert main([*args, "--size", "480x320"]) == 0
    first, second = ((tmp_path / f"logo6-{n}" / "empty.png").read_bytes() for n in (1, 2))
    assert first != second
    for kind in ("logo6", "logo1"):
        assert {night_logo(kind, n) for n in range(len(LOGOS))} == set(LOGOS)
    assert night_logo("logo6") != night_logo("logo1")
    looks = odd_set(np.random.default_rng(2), "logo1", "swirl")
    assert {(s.logo, s.logo_on) for s in looks} == {("swirl", 1)}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "--kind KIND (one or more) or --all"),
        (["--all", "--kind", "stars"], "--kind KIND (one or more) or --all"),
        (["--kind", "hearts"], "invalid choice: 'hearts'"),
        (["--all", "--throws", "0"], "must be 1..10000, got 0"),
        (["--all", "--nights", "0"], "must be 1..100, got 0"),
        (["--all", "--size", "100x100"], "each side must be 320..4096"),
    ],
)
def test_the_command_refuses_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path), *args])
    assert stop.value.code == 2
    assert words in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_the_command_will_not_write_over_a_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(tmp_path), "--kind", "stars", "--throws", "1", "--size", "480x320"]
    assert main(args) == 0
    capsys.readouterr()
    assert main(args) == 2
    assert "already holds files" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("sizes", "words"),
    [("25-15", "6 <= LO <= HI"), ("big", "must look like 15-25"), ("10-400", "--die-px must be")],
)
def test_a_board_night_refuses_die_sizes_it_cannot_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sizes: str, words: str
) -> None:
    with pytest.raises(SystemExit):
        board_main([str(tmp_path), "--die-px", sizes])
    assert words in capsys.readouterr().err
