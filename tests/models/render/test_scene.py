"""The renderer's stills: deterministic, labels that match the pixels, every colour and face,
held-out families kept out of training scenes."""

from __future__ import annotations

import colorsys
from dataclasses import replace

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from models.render import (
    BACKGROUNDS,
    HOLDOUT_BACKGROUNDS,
    HOLDOUT_LIGHTS,
    TRAIN_BACKGROUNDS,
    TRAIN_LIGHTS,
    RenderedScene,
    SceneConfig,
    die_crops,
    render_scene,
)
from models.render.background import make_background
from models.render.palette import class_tone, tone_distance
from vision.crops import crop_square
from vision.types import COLOURS, Colour

SMALL = SceneConfig(width=320, height=240, die_px=(12.0, 60.0), dice_count=(3, 8))


def render(seed: int, cfg: SceneConfig = SMALL) -> RenderedScene:
    return render_scene(np.random.default_rng(seed), cfg)


def test_same_seed_same_picture_and_labels() -> None:
    a, b, c = render(7), render(7), render(8)
    assert np.array_equal(a.image_bgr, b.image_bgr)
    assert a.dice == b.dice
    assert not np.array_equal(a.image_bgr, c.image_bgr)


@pytest.mark.parametrize(("light", "warmer"), [("sodium", True), ("blue_led", False)])
def test_without_the_lamps_colour_the_scene_is_the_same_but_neutral(
    light: str, warmer: bool
) -> None:
    lit_cfg = SceneConfig(width=320, height=240, lights=(light,), backgrounds=("felt",))
    lit = render(3, lit_cfg)
    plain = render(3, replace(lit_cfg, lamp_colour=False))
    assert plain.dice == lit.dice and plain.light == lit.light == light
    red_over_blue = [_red_over_blue(s.image_bgr) for s in (lit, plain)]
    assert (red_over_blue[0] > red_over_blue[1]) == warmer


def _red_over_blue(image: npt.NDArray[np.uint8]) -> float:
    b, _, r, _ = cv2.mean(image)
    return float(r / b)


@pytest.mark.parametrize("seed", range(6))
def test_boxes_lie_in_the_frame_and_hold_the_die(seed: int) -> None:
    cfg = SceneConfig.clean(320, 240, die_px=(14.0, 50.0), dice_count=(2, 8))
    scene = render(seed, cfg)
    img = scene.image_bgr.astype(np.int16)
    table = np.median(img.reshape(-1, 3), axis=0)
    assert scene.image_bgr.shape == (240, 320, 3)
    assert scene.image_bgr.dtype == np.uint8
    for die in scene.dice:
        x1, y1, x2, y2 = die.box_xyxy
        assert 0 <= x1 < x2 <= 320 and 0 <= y1 < y2 <= 240
        assert 1 <= die.pips <= 6
        assert 0.0 <= die.occluded <= 1.0
        if die.visible:
            differs = np.abs(img[y1:y2, x1:x2] - table).max(axis=-1) > 25
            assert differs.mean() > 0.3, die


def _count_pips(image: npt.NDArray[np.uint8], quad: npt.NDArray[np.float32]) -> int:
    """Rectify the top face and count blobs whose colour differs from the face's body."""
    side = 80
    dst = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    m = cv2.getPerspectiveTransform(quad - 0.5, dst - 0.5)
    face = cv2.warpPerspective(image, m, (side, side), flags=cv2.INTER_LINEAR)
    inner = face[5:-5, 5:-5]
    lab = cv2.cvtColor(inner, cv2.COLOR_BGR2LAB).astype(np.float32)
    body = np.median(lab.reshape(-1, 3), axis=0)
    mask = (np.linalg.norm(lab - body, axis=-1) > 50).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    x, y, w, h, area = (stats[1:, k] for k in range(5))
    # Rounded corners and bevels darken the rim of the square: skip blobs touching it.
    inside = (x > 0) & (y > 0) & (x + w < mask.shape[1]) & (y + h < mask.shape[0])
    return int(((area >= 12) & inside).sum())


@pytest.mark.parametrize("seed", range(8))
def test_drawn_pips_match_the_label(seed: int) -> None:
    solid = (Colour.RED, Colour.GREEN, Colour.BLUE, Colour.BLACK, Colour.WHITE, Colour.YELLOW)
    cfg = SceneConfig.clean(
        480, 360, die_px=(70.0, 90.0), dice_count=(4, 4), cluster=0.0, colours=solid
    )
    scene = render(seed, cfg)
    checked = 0
    for die in scene.visible_dice:
        if die.finish != "solid" or die.occluded > 0.02:
            continue
        quad = np.array(die.top_quad, np.float32)
        assert _count_pips(scene.image_bgr, quad) == die.pips, die
        checked += 1
    assert checked >= 1


def test_every_colour_and_face_turns_up() -> None:
    cfg = SceneConfig(width=320, height=240, die_px=(12.0, 30.0), dice_count=(14, 14))
    colours, faces = set(), set()
    for seed in range(8):
        for die in render(seed, cfg).visible_dice:
            colours.add(die.colour)
            faces.add(die.pips)
    assert colours == set(COLOURS)
    assert faces == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), 100.0),  # black to white: the whole lightness scale
        ((0.2, 0.5, 0.9), (0.2, 0.5, 0.9), 0.0),
        ((1.0, 1.0, 1.0), (0.0, 0.0, 0.0), 100.0),
    ],
)
def test_tone_distance_is_cie_delta_e(
    a: tuple[float, float, float], b: tuple[float, float, float], distance: float
) -> None:
    assert tone_distance(a, b) == pytest.approx(distance, abs=0.01)


def test_labels_record_how_far_apart_a_die_s_tones_are() -> None:
    cfg = SceneConfig(width=320, height=240, die_px=(12.0, 30.0), dice_count=(14, 14))
    dice = [d for seed in range(8) for d in render(seed, cfg).dice]
    one_tone = [d for d in dice if d.finish in ("solid", "translucent", "metal")]
    marbles = [d for d in dice if d.finish == "marbled"]
    assert one_tone and marbles
    assert all(d.tone_distance == 0.0 for d in one_tone)
    assert all(d.tone_distance > 0.0 for d in marbles)


def test_families_are_disjoint_and_training_never_draws_held_out_ones() -> None:
    assert not set(TRAIN_BACKGROUNDS) & set(HOLDOUT_BACKGROUNDS)
    assert not set(TRAIN_LIGHTS) & set(HOLDOUT_LIGHTS)
    cfg = SceneConfig(width=160, height=120, die_px=(12.0, 30.0), dice_count=(1, 2))
    seen = {(render(seed, cfg).background, render(seed, cfg).light) for seed in range(25)}
    assert {b for b, _ in seen} <= set(TRAIN_BACKGROUNDS)
    assert {light for _, light in seen} <= set(TRAIN_LIGHTS)
    held = SceneConfig(
        width=160,
        height=120,
        die_px=(12.0, 30.0),
        dice_count=(1, 2),
        backgrounds=HOLDOUT_BACKGROUNDS,
        lights=HOLDOUT_LIGHTS,
    )
    scene = render(3, held)
    assert scene.background in HOLDOUT_BACKGROUNDS and scene.light in HOLDOUT_LIGHTS


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"width": 10}, "width must be"),
        ({"dice_count": (5, 2)}, "dice_count must be"),
        ({"die_px": (2.0, 20.0)}, "die_px must be"),
        ({"backgrounds": ("lawn",)}, "unknown background family 'lawn'"),
        ({"lights": ()}, "light must name at least one family"),
        ({"max_tilt_deg": 80.0}, "max_tilt_deg must be 0..60"),
        ({"min_tilt_deg": 40.0}, "min_tilt_deg must be 0..max_tilt_deg"),
        ({"table_looks": 1.5}, "table_looks must be in 0..1"),
        ({"hands": 1.5}, "hands must be in 0..1"),
        ({"colours": ("red",)}, "colours must be a non-empty tuple of Colour"),
    ],
)
def test_config_rejects_bad_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SceneConfig(**kwargs)  # type: ignore[arg-type]


def test_crops_follow_the_visible_dice() -> None:
    scene = render(11)
    centred = die_crops(scene, size=32)
    jittered = die_crops(scene, size=32, jitter=0.15, rng=np.random.default_rng(0))
    assert [c.label for c in centred] == list(scene.visible_dice)
    assert all(c.image_bgr.shape == (32, 32, 3) for c in centred + jittered)
    for plain, moved in zip(centred, jittered, strict=True):
        x1, y1, x2, y2 = plain.window_xyxy
        side = x2 - x1
        assert side == y2 - y1
        mx1, my1, mx2, _ = moved.window_xyxy
        assert abs(mx1 - x1) <= 0.35 * side + 2 and abs(my1 - y1) <= 0.35 * side + 2
        assert 0.8 * side - 2 <= mx2 - mx1 <= 1.2 * side + 2
    for crop in centred:  # without jitter: exactly what the runtime reader cuts
        assert np.array_equal(
            crop.image_bgr, crop_square(scene.image_bgr, crop.label.box_xyxy, 1.25, 32)
        )
    with pytest.raises(ValueError, match=r"jitter must be in 0\.\.0\.5"):
        die_crops(scene, jitter=0.9)


# The documented hue bands (degrees), saturation and value floors of each named class.
HUE_BANDS = {
    Colour.RED: ((352.0, 360.0), (0.0, 6.0)),
    Colour.ORANGE: ((18.0, 30.0),),
    Colour.YELLOW: ((47.0, 60.0),),
    Colour.GREEN: ((100.0, 150.0),),
    Colour.BLUE: ((208.0, 238.0),),
    Colour.PURPLE: ((264.0, 290.0),),
}


@pytest.mark.parametrize("colour", list(HUE_BANDS))
def test_body_tones_stay_inside_their_hue_band(colour: Colour) -> None:
    rng = np.random.default_rng(1)
    for _ in range(300):
        b, g, r = class_tone(rng, colour)
        h, s, v = colorsys.rgb_to_hsv(r, g, b)
        hue = h * 360.0
        assert any(lo - 0.01 <= hue <= hi + 0.01 for lo, hi in HUE_BANDS[colour]), hue
        assert s >= 0.45 and v >= 0.3


def test_black_and_white_bodies_are_dark_or_pale_and_unsaturated() -> None:
    rng = np.random.default_rng(2)
    for _ in range(300):
        b, g, r = class_tone(rng, Colour.BLACK)
        assert colorsys.rgb_to_hsv(r, g, b)[2] <= 0.16 + 1e-9
        b, g, r = class_tone(rng, Colour.WHITE)
        _, s, v = colorsys.rgb_to_hsv(r, g, b)
        assert s <= 0.15 + 1e-9 and v >= 0.84 - 1e-9


@pytest.mark.parametrize(("size", "high"), [((320, 240), 108.0), ((1280, 720), 220.0)])
def test_default_die_sizes_fit_the_picture(size: tuple[int, int], high: float) -> None:
    cfg = SceneConfig(width=size[0], height=size[1])
    assert cfg.die_px is None and cfg.die_range == (12.0, high)


@pytest.mark.parametrize("family", BACKGROUNDS)
def test_every_table_family_is_a_valid_varied_surface(family: str) -> None:
    surface = make_background(np.random.default_rng(5), family, 90, 120, 12.0)
    assert surface.shape == (90, 120, 3) and surface.dtype == np.float32
    assert surface.min() >= 0.0 and surface.max() <= 1.0
    assert surface.std() > 0.0  # a texture or a print, not a blank
