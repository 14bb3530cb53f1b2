"""A busy board for small dice (issue 43): a hex board 28 to 36 dice across filling the middle
of the picture, its own number tokens on the tiles, loose round number tokens and a few pawns on
it, and the dice thrown among them on the board. With dice of 15 to 25 px (`odd_night`'s
`smallboard`) a die is about the size of a token's number and smaller than a tile.

`board_table` is a `board_night.TableMaker`: the table of `make_setting` (with `cfg.material`
0 it lays no other material), then the board, its pieces and where the dice may land."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from models.render.camera import Camera
from models.render.clutter import F32, Clutter, FlatItem, _blank, _round_alpha, draw_flat_clutter
from models.render.floors import Enclosure
from models.render.layout import Spot, overlaps
from models.render.material import _hex_board, _number_token, _pawn
from models.render.scene import Setting, make_setting
from models.render.values import SceneConfig

BOARD_DICE = (28.0, 36.0)  # the board's side, in dice
TOKENS = (8, 16)  # loose number tokens on the board
TOKEN_DICE = (1.6, 2.2)  # a loose token's diameter, in dice
PAWNS = (1, 4)
Maker = Callable[[int], tuple[F32, F32]]  # texture pixels -> colour, alpha
F64 = npt.NDArray[np.float64]


def board_table(
    rng: np.random.Generator, cfg: SceneConfig, die_world: float
) -> tuple[Setting, list[Spot]]:
    """The table with a busy board on it; dice land on the board, clear of its loose pieces."""
    setting, spots = make_setting(rng, cfg, die_world)
    cam = setting.cam
    at = np.array([[cam.width, cam.height]]) * (0.5 + rng.uniform(-0.08, 0.08, size=(1, 2)))
    centre = cam.image_to_table(at)[0]
    across = float(rng.uniform(*BOARD_DICE)) * die_world
    board = _flat(rng, cam, centre, across, lambda px: _hex_board(rng, px)[:2])
    radius = 0.45 * across  # the tiles' circle on the board's texture
    flats: list[FlatItem] = [board]
    blocked: list[Spot] = []
    for _ in range(int(rng.integers(TOKENS[0], TOKENS[1] + 1))):
        side = float(rng.uniform(*TOKEN_DICE)) * die_world
        spot = _free_spot(rng, centre, radius, side / 2, blocked)
        if spot is not None:
            flats.append(_flat(rng, cam, np.array([spot.x, spot.y]), side, _loose_token(rng)))
            blocked.append(spot)
    for _ in range(int(rng.integers(PAWNS[0], PAWNS[1] + 1))):
        side = float(rng.uniform(1.0, 1.4)) * die_world
        spot = _free_spot(rng, centre, radius, side / 2, blocked)
        if spot is not None:
            flats.append(_flat(rng, cam, np.array([spot.x, spot.y]), side, _pawn_top(rng), 1.2))
            blocked.append(spot)
    pieces = Clutter(tuple(flats), (), ())
    draw_flat_clutter(setting.table, cam, pieces, setting.light, die_world)
    floor = Enclosure(float(centre[0]), float(centre[1]), radius)
    return replace(setting, enclosure=floor), [*spots, *blocked]


def _flat(
    rng: np.random.Generator,
    cam: Camera,
    centre: F64,
    side: float,
    maker: Maker,
    thickness: float = 0.05,
) -> FlatItem:
    """A square texture `side` world units wide lying at `centre`, turned at random."""
    px_per_world = float(cam.scale_at(centre[None, :])[0])
    px = int(np.clip(side * px_per_world / 1.2, 16, 1024))
    tex, alpha = maker(px)
    ang = float(rng.uniform(0, 2 * math.pi))
    c, s = math.cos(ang), math.sin(ang)
    # Texture rows run along -y on the table: printed numbers then read the right way round.
    half = np.array([[-1, 1], [1, 1], [1, -1], [-1, -1]], float) * side / 2
    corners = centre + half @ np.array([[c, s], [-s, c]])
    return FlatItem(tex, alpha, corners, thickness * side)


def _free_spot(
    rng: np.random.Generator, centre: F64, radius: float, half: float, taken: list[Spot]
) -> Spot | None:
    """A footprint on the board's tiles clear of the pieces already there (None when crowded)."""
    for _ in range(20):
        r = (radius - half) * math.sqrt(float(rng.random()))
        ang = float(rng.uniform(0, 2 * math.pi))
        x, y = float(centre[0]) + r * math.cos(ang), float(centre[1]) + r * math.sin(ang)
        spot = Spot(x, y, ang, half)
        if not overlaps(spot, taken, gap=0.1 * half):
            return spot
    return None


def _loose_token(rng: np.random.Generator) -> Maker:
    """A round cardboard number token (the board's own kind, loose)."""

    def make(px: int) -> tuple[F32, F32]:
        tex = _blank(px, px, (0.62, 0.8, 0.88))
        _number_token(tex, rng, (px // 2, px // 2), int(px * 0.46))
        return tex, _round_alpha(px)

    return make


def _pawn_top(rng: np.random.Generator) -> Maker:
    def make(px: int) -> tuple[F32, F32]:
        tex, alpha, *_ = _pawn(rng, px)
        return tex, alpha

    return make
