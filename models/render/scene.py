"""Composing a picture: the table, flat clutter, shadows, dice, hands, then light and camera.

`make_setting` fixes everything that stays the same over a video of one table; `draw_frame`
draws dice and hands over it; `render_scene` does both for a single still."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from models.render.camera import Camera, sample_camera
from models.render.clutter import Clutter, draw_flat_clutter, sample_clutter
from models.render.cube import lowest_offset, resting_rotation
from models.render.dice import DiePose, Drawn, draw_die
from models.render.effects import CameraLook, finish, sample_look
from models.render.floors import CENTRED_MAKERS, Enclosure, sample_enclosure
from models.render.hands import Hand, draw_hands, sample_hand
from models.render.layout import Spot, place_dice
from models.render.lighting import Light, sample_light
from models.render.looks import sample_table_style
from models.render.material import sample_material
from models.render.palette import DieStyle, colour_face_style, sample_style
from models.render.shadows import draw_shadows
from models.render.table import render_table
from models.render.values import DieLabel, Quad, RenderedScene, SceneConfig
from vision.types import Colour

F32 = npt.NDArray[np.float32]
I16 = npt.NDArray[np.int16]
TOP_VISIBLE_MIN = 0.75
MIN_BOX_PX = 4


@dataclass(frozen=True, eq=False)
class Setting:
    """One table under one lamp seen by one camera, with its flat clutter and blank cubes."""

    cam: Camera
    light: Light
    look: CameraLook
    background: str
    table: F32
    die_world: float
    glare: bool
    cubes: tuple[DiePose, ...]
    enclosure: Enclosure | None = None  # a tray's or bowl's floor, where its dice lie


@dataclass(frozen=True, eq=False)
class DieEntry:
    """A die to draw in one frame."""

    die_id: int
    pose: DiePose
    moving: bool = False


def _pick(rng: np.random.Generator, names: tuple[str, ...]) -> str:
    return names[int(rng.integers(len(names)))]


def sample_die_world(rng: np.random.Generator, cfg: SceneConfig) -> float:
    """Die edge in world units (pixels at the image centre), log-uniform in cfg.die_range."""
    lo, hi = cfg.die_range
    return float(math.exp(rng.uniform(math.log(lo), math.log(hi))))


def make_setting(
    rng: np.random.Generator,
    cfg: SceneConfig,
    die_world: float,
    video: bool = False,
    keep_clear: list[Spot] | None = None,
) -> tuple[Setting, list[Spot]]:
    """The table, its light and camera; returns also the footprints clutter took."""
    cam = sample_camera(
        rng, cfg.width, cfg.height, cfg.max_tilt_deg, die_world, min_tilt=cfg.min_tilt_deg
    )
    light = sample_light(rng, _pick(rng, cfg.lights), cfg.effects)
    if not cfg.lamp_colour:
        light = replace(light, gains_bgr=(1.0, 1.0, 1.0))
    family = _pick(rng, cfg.backgrounds)
    enclosure = sample_enclosure(rng, die_world) if family in CENTRED_MAKERS else None
    table = render_table(rng, cam, family, die_world, enclosure)
    clutter: Clutter = sample_clutter(rng, cam, die_world, cfg.clutter, keep_clear or [])
    draw_flat_clutter(table, cam, clutter, light, die_world)
    spots = list(clutter.spots)
    if cfg.material > 0 and rng.random() < cfg.material:  # drawn only when asked
        material = sample_material(rng, cam, die_world)
        draw_flat_clutter(table, cam, material, light, die_world)
        spots += material.spots
    setting = Setting(
        cam=cam,
        light=light,
        look=sample_look(rng, cfg.effects, video),
        background=family,
        table=table,
        die_world=die_world,
        glare=cfg.effects,
        cubes=clutter.cubes,
        enclosure=enclosure,
    )
    return setting, spots


def resting_pose(rng: np.random.Generator, style: DieStyle, spot: Spot, value: int) -> DiePose:
    """A die lying on the table with `value` up, tipped a degree or two as on cloth."""
    rot = resting_rotation(value, spot.yaw)
    if rng.random() < 0.5:
        tip = np.radians(rng.normal(0, 1.2, 2))
        cx, sx, cy, sy = math.cos(tip[0]), math.sin(tip[0]), math.cos(tip[1]), math.sin(tip[1])
        rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
        ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
        rot = rx @ ry @ rot
    z = lowest_offset(rot, spot.half)
    return DiePose(style, rot, np.array([spot.x, spot.y, z]), spot.half)


def _maybe_sliding(rng: np.random.Generator, pose: DiePose) -> DiePose:
    """Now and then a die is still sliding when the picture is taken: smear it a little."""
    if rng.random() >= 0.05:
        return pose
    length, ang = float(rng.uniform(2.0, 8.0)), float(rng.uniform(0, 2 * math.pi))
    return replace(pose, blur_px=(length * math.cos(ang), length * math.sin(ang)))


def sample_styles(
    rng: np.random.Generator, count: int, colours: tuple[Colour, ...], table_looks: float = 0.0
) -> list[DieStyle]:
    """Styles for `count` dice; dice of one colour often come from the same set. A new set
    takes one of the table looks (`looks`) with probability `table_looks`."""
    sets: dict[Colour, list[DieStyle]] = {}
    out = []
    for _ in range(count):
        colour = colours[int(rng.integers(len(colours)))]
        known = sets.setdefault(colour, [])
        if known and rng.random() < 0.6:
            out.append(known[int(rng.integers(len(known)))])
        else:
            table = table_looks > 0 and rng.random() < table_looks
            known.append(sample_table_style(rng, colour) if table else sample_style(rng, colour))
            out.append(known[-1])
    return out


def _quad(pts: npt.NDArray[np.float64]) -> Quad:
    p = [(float(x), float(y)) for x, y in pts]
    return (p[0], p[1], p[2], p[3])


def _label(
    entry: DieEntry, drawn: Drawn, owner: I16, index: int, cfg: SceneConfig
) -> DieLabel | None:
    h, w = owner.shape
    x1, y1, x2, y2 = drawn.box
    bx1, by1 = max(0, math.floor(x1)), max(0, math.floor(y1))
    bx2, by2 = min(w, math.ceil(x2)), min(h, math.ceil(y2))
    if bx2 - bx1 < 1 or by2 - by1 < 1:
        return None
    mine = owner[by1:by2, bx1:bx2] == index
    occluded = float(np.clip(1.0 - mine.sum() / max(drawn.area, 1.0), 0.0, 1.0))
    top = np.zeros((by2 - by1, bx2 - bx1), np.uint8)
    quad = np.round((drawn.top_quad - [bx1 + 0.5, by1 + 0.5]) * 16).astype(np.int32)
    cv2.fillConvexPoly(top, quad, 1, cv2.LINE_8, 4)
    top_area = max(float(cv2.contourArea(drawn.top_quad.astype(np.float32))), 1.0)
    top_seen = float((mine & (top > 0)).sum()) / top_area
    style = entry.pose.style
    visible = (
        occluded <= cfg.occluded_limit
        and top_seen >= TOP_VISIBLE_MIN
        and min(bx2 - bx1, by2 - by1) >= MIN_BOX_PX
    )
    return DieLabel(
        box_xyxy=(bx1, by1, bx2, by2),
        pips=drawn.top_value,
        colour=style.colour,
        pip_colour=style.pip_name,
        top_quad=_quad(drawn.top_quad),
        occluded=round(occluded, 4),
        visible=visible,
        die_id=entry.die_id,
        finish=style.finish,
        blend=style.blend,
        moving=entry.moving,
        tone_distance=round(style.tone_distance, 1),
        face_colour=style.faces[drawn.top_value - 1] if style.faces else None,
    )


def draw_frame(
    rng: np.random.Generator,
    setting: Setting,
    dice: list[DieEntry],
    hands: list[Hand],
    cfg: SceneConfig,
) -> RenderedScene:
    """Dice, cubes and hands over the setting's table, then light and camera."""
    cam, light = setting.cam, setting.light
    img = setting.table.copy()
    poses = [e.pose for e in dice] + list(setting.cubes)
    draw_shadows(img, cam, poses, light, setting.die_world)
    owner = np.full((cam.height, cam.width), -1, np.int16)
    items: list[tuple[float, int, DiePose]] = [
        (float(cam.depth(e.pose.centre[None, :])[0]), i, e.pose) for i, e in enumerate(dice)
    ]
    items += [(float(cam.depth(p.centre[None, :])[0]), -2, p) for p in setting.cubes]
    drawn: dict[int, Drawn] = {}
    for _, index, pose in sorted(items, key=lambda t: -t[0]):
        result = draw_die(img, owner, index, cam, pose, light, setting.glare)
        if index >= 0:
            drawn[index] = result
    draw_hands(img, owner, cam, hands, light, setting.die_world)
    image = finish(img, light, setting.look, rng)
    labels = [_label(e, drawn[i], owner, i, cfg) for i, e in enumerate(dice)]
    return RenderedScene(
        image_bgr=image,
        dice=tuple(lab for lab in labels if lab is not None),
        background=setting.background,
        light=light.family,
    )


def render_scene(rng: np.random.Generator, cfg: SceneConfig) -> RenderedScene:
    """One still photo of dice on a table, with a label for every die in the frame."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy Generator, got {type(rng).__name__}")
    die_world = sample_die_world(rng, cfg)
    setting, clutter_spots = make_setting(rng, cfg, die_world)
    lo, hi = cfg.dice_count
    fit = int(0.25 * cfg.width * cfg.height / (die_world * die_world))
    if setting.enclosure is not None:  # a tray holds fewer dice than the picture would
        fit = min(fit, int(0.7 * (setting.enclosure.radius / die_world) ** 2))
    count = min(int(rng.integers(lo, hi + 1)), max(fit, 1 if lo else 0))
    spots = place_dice(
        rng, setting.cam, count, die_world / 2, cfg.cluster, clutter_spots, setting.enclosure
    )
    styles = sample_styles(rng, len(spots), cfg.colours, cfg.table_looks)
    if cfg.colour_faces > 0:  # drawn only when asked, so older sets keep every draw
        styles = [colour_face_style(rng) if rng.random() < cfg.colour_faces else s for s in styles]
    dice = [
        DieEntry(i, _maybe_sliding(rng, resting_pose(rng, style, spot, int(rng.integers(1, 7)))))
        for i, (style, spot) in enumerate(zip(styles, spots, strict=True))
    ]
    hands = [sample_hand(rng, setting.cam, die_world)] if rng.random() < cfg.hands else []
    return draw_frame(rng, setting, dice, hands, cfg)
