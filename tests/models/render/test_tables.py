"""Renders like the real tables of issue 21: table looks keep their colour class, metal and
glitter pips show, trays hold their dice, steep phone views keep valid labels, and the
rendered set that uses them is well-formed."""

from __future__ import annotations

import colorsys
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from models.render import (
    HOLDOUT_BACKGROUNDS,
    HOLDOUT_LIGHTS,
    TABLE_BACKGROUNDS,
    TABLE_LIGHTS,
    TRAIN_BACKGROUNDS,
    TRAIN_LIGHTS,
    SceneConfig,
    render_scene,
)
from models.render.camera import sample_camera
from models.render.compare import main as compare_main
from models.render.face import face_texture
from models.render.floors import Enclosure
from models.render.layout import INSIDE_SHARE, place_dice
from models.render.looks import sample_table_style, table_pip
from models.render.palette import BGR, PIP_COLOURS, DieStyle, luminance
from models.training.synthetic import (
    HOLDOUT_SETS,
    TABLE_SET,
    TABLE_SETS,
    TRAINING_SETS,
    scene_config,
)
from vision.types import COLOURS, Colour

SMALL_TABLES = SceneConfig.tables(320, 240)


def _hsv(bgr: BGR) -> tuple[float, float, float]:
    b, g, r = bgr
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    return h * 360.0, s, v


def _styles(colour: Colour, n: int = 120) -> list[DieStyle]:
    rng = np.random.default_rng(21)
    return [sample_table_style(rng, colour) for _ in range(n)]


@pytest.mark.parametrize("colour", COLOURS, ids=lambda c: c.value)
def test_a_table_look_keeps_its_class_and_never_wears_its_own_pips(colour: Colour) -> None:
    for style in _styles(colour):
        assert style.colour is colour
        assert style.pip_name in PIP_COLOURS
        assert {"red": Colour.RED, "yellow": Colour.YELLOW, "blue": Colour.BLUE}.get(
            style.pip_name
        ) is not colour
        if style.blend:
            first, second = style.blend.split("+")
            assert colour is Colour.OTHER and first != second


@pytest.mark.parametrize(
    ("colour", "hues", "saturation"),
    [
        (Colour.ORANGE, (18.0, 30.0), (0.85, 1.0)),
        (Colour.YELLOW, (40.0, 60.0), (0.22, 1.0)),
        (Colour.RED, (352.0, 366.0), (0.75, 1.0)),
    ],
)
def test_amber_and_cream_stay_on_their_side_of_the_hue_gap(
    colour: Colour, hues: tuple[float, float], saturation: tuple[float, float]
) -> None:
    for style in _styles(colour):
        hue, sat, _ = _hsv(style.body)
        if colour is Colour.RED and hue < 180:
            hue += 360.0
        assert hues[0] - 1e-6 <= hue <= hues[1] + 1e-6
        assert saturation[0] - 1e-6 <= sat <= saturation[1] + 1e-6


def test_the_new_looks_are_all_drawn() -> None:
    yellows = _styles(Colour.YELLOW)
    assert any(_hsv(s.body)[1] < 0.5 and s.finish == "solid" for s in yellows)  # cream
    assert any(s.finish == "translucent" for s in yellows)  # golden amber
    assert any(s.finish == "translucent" and s.opacity < 0.9 for s in _styles(Colour.BLACK))
    assert all(_hsv(s.body)[2] <= 0.16 + 1e-6 for s in _styles(Colour.BLACK))
    assert any(s.glitter > 0 for s in _styles(Colour.BLUE))
    assert any(s.finish == "marbled" for s in _styles(Colour.BLUE))
    others = _styles(Colour.OTHER)
    assert any(68 <= _hsv(s.body)[0] <= 92 and not s.blend for s in others)  # lime
    assert {"blue+white", "blue+purple"} <= {s.blend for s in others}
    pips = {s.pip_name for c in COLOURS for s in _styles(c)}
    assert {"gold", "silver", "glitter"} <= pips


@pytest.mark.parametrize("pip", ["gold", "silver", "glitter"])
@pytest.mark.parametrize("colour", [Colour.BLUE, Colour.PURPLE, Colour.BLACK, Colour.RED])
def test_metal_and_glitter_pips_show_on_every_face(pip: str, colour: Colour) -> None:
    style = replace(_styles(colour, 1)[0], pip_name=pip, pip=PIP_COLOURS[pip], glitter=0.0)
    blank = replace(style, blank=True)
    plain = face_texture(blank, 1, 64)[0][..., :3].astype(np.float32)
    for value in range(1, 7):
        tex = face_texture(style, value, 64)[0][..., :3].astype(np.float32)
        changed = np.abs(tex - plain).sum(axis=2) > 60
        area = np.pi * (style.pip_radius * 64) ** 2 * value
        assert changed.sum() >= 0.5 * area, (pip, colour, value)


def test_glitter_plastic_sparkles() -> None:
    style = next(s for s in _styles(Colour.BLUE) if s.glitter > 0)
    tex = face_texture(replace(style, blank=True), 2, 64)[0][16:48, 16:48, :3]
    flat = face_texture(replace(style, blank=True, glitter=0.0), 2, 64)[0][16:48, 16:48, :3]
    grey = [cv2.cvtColor(np.ascontiguousarray(t), cv2.COLOR_BGR2GRAY).std() for t in (tex, flat)]
    assert grey[0] > 3 * grey[1] + 5


@pytest.mark.parametrize("colour", [Colour.YELLOW, Colour.ORANGE, Colour.WHITE])
def test_pips_on_pale_and_amber_bodies_are_dark_enough(colour: Colour) -> None:
    rng = np.random.default_rng(3)
    for style in _styles(colour, 60):
        pip = table_pip(rng, colour, style.body)
        assert abs(luminance(PIP_COLOURS[pip]) - luminance(style.body)) > 0.2, (pip, style.body)


@pytest.mark.parametrize("family", TABLE_BACKGROUNDS)
def test_each_new_floor_renders_a_scene_with_dice(family: str) -> None:
    cfg = replace(SMALL_TABLES, backgrounds=(family,), hands=0.0, clutter=0.0)
    scene = render_scene(np.random.default_rng(4), cfg)
    assert scene.background == family and scene.image_bgr.shape == (240, 320, 3)
    assert scene.visible_dice
    assert float(scene.image_bgr.std()) > 5.0


def test_dice_in_a_tray_lie_on_its_floor() -> None:
    rng = np.random.default_rng(5)
    cam = sample_camera(rng, 800, 600, 60.0, 50.0, min_tilt=30.0)
    tray = Enclosure(20.0, -10.0, 300.0)
    spots = place_dice(rng, cam, 25, 25.0, 0.6, None, tray)
    assert len(spots) >= 10
    for spot in spots:
        assert math.hypot(spot.x - tray.x, spot.y - tray.y) <= tray.radius * INSIDE_SHARE


def _tilt_deg(cam_rot: npt.NDArray[np.float64]) -> float:
    return math.degrees(math.acos(min(1.0, -float(cam_rot[2][2]))))


@pytest.mark.parametrize(("low", "high"), [(30.0, 60.0), (55.0, 60.0)])
def test_phone_views_tilt_as_asked(low: float, high: float) -> None:
    rng = np.random.default_rng(6)
    for _ in range(40):
        cam = sample_camera(rng, 800, 600, high, 50.0, min_tilt=low)
        assert low - 1e-6 <= _tilt_deg(cam.rot) <= high + 1e-6
        top = cam.image_to_table(np.array([[400.0, 0.0]]))  # the far edge still meets the table
        assert np.all(np.isfinite(top)) and cam.depth(np.c_[top, [0.0]])[0] > 0


@pytest.mark.parametrize("seed", range(6))
def test_steep_views_keep_boxes_and_top_faces_valid(seed: int) -> None:
    cfg = replace(SMALL_TABLES, min_tilt_deg=50.0, max_tilt_deg=60.0, hands=0.0)
    scene = render_scene(np.random.default_rng(seed), cfg)
    h, w = scene.image_bgr.shape[:2]
    for die in scene.visible_dice:
        x1, y1, x2, y2 = die.box_xyxy
        assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
        quad = np.array(die.top_quad, np.float32)
        assert cv2.contourArea(quad) > 4.0 and cv2.isContourConvex(quad)
        centre = quad.mean(axis=0)
        assert x1 - 1 <= centre[0] <= x2 + 1 and y1 - 1 <= centre[1] <= y2 + 1
        assert 1 <= die.pips <= 6


def test_table_scenes_label_every_die_with_its_class() -> None:
    cfg = replace(SMALL_TABLES, table_looks=1.0, colours=(Colour.YELLOW,), hands=0.0)
    seen = 0
    for seed in range(4):
        scene = render_scene(np.random.default_rng(seed), cfg)
        seen += len(scene.visible_dice)
        assert all(d.colour is Colour.YELLOW for d in scene.dice)
    assert seen


def test_warm_webcam_leaves_a_warm_cast() -> None:
    cfg = SceneConfig(width=320, height=240, lights=TABLE_LIGHTS, backgrounds=("paper",))
    lit = render_scene(np.random.default_rng(8), cfg)
    plain = render_scene(np.random.default_rng(8), replace(cfg, lamp_colour=False))
    b, _, r, _ = cv2.mean(lit.image_bgr)
    pb, _, pr, _ = cv2.mean(plain.image_bgr)
    assert r / b > 1.15 * pr / pb


def test_the_table_set_is_well_formed() -> None:
    specs = (*TRAINING_SETS, *TABLE_SETS, *HOLDOUT_SETS)
    assert len({s.seed for s in specs}) == len(specs)
    assert len({s.name for s in specs}) == len(specs)
    assert TABLE_SET not in TRAINING_SETS  # taken only when a run asks for it
    cfg = scene_config(TABLE_SET)
    assert (cfg.width, cfg.height) == TABLE_SET.size == (800, 600)
    assert (cfg.min_tilt_deg, cfg.max_tilt_deg) == (30.0, 60.0)
    assert cfg.table_looks > 0 and set(cfg.colours) == set(COLOURS)
    assert set(TABLE_BACKGROUNDS) <= set(cfg.backgrounds)
    assert set(cfg.backgrounds) <= set(TRAIN_BACKGROUNDS) | set(TABLE_BACKGROUNDS)
    assert set(cfg.lights) <= set(TRAIN_LIGHTS) | set(TABLE_LIGHTS)
    assert not set(cfg.backgrounds) & set(HOLDOUT_BACKGROUNDS)
    assert not set(cfg.lights) & set(HOLDOUT_LIGHTS)
    lo, hi = cfg.die_range
    assert 28 <= lo < hi <= 46  # edges: boxes with their side faces are 40..70 px


def test_compare_puts_renders_beside_photos(tmp_path: Path) -> None:
    photos = tmp_path / "photos" / "images"
    photos.mkdir(parents=True)
    for i in range(3):
        cv2.imwrite(str(photos / f"p{i}.jpg"), np.full((64, 64, 3), 40 * i, np.uint8))
    out = tmp_path / "cmp.png"
    args = [str(out), "--real", str(tmp_path / "photos"), "--count", "2", "--size", "160x120"]
    assert compare_main([*args, "--height", "80", "--boxes"]) == 0
    picture = cv2.imread(str(out))
    assert picture is not None and picture.shape[0] == 2 * (80 + 6)


def test_compare_names_an_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        compare_main([str(tmp_path / "o.png"), "--real", str(tmp_path)])
    assert "holds no .jpg or .png photos" in capsys.readouterr().err
