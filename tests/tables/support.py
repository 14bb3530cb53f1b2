"""Shared pieces of the table-memory tests: the shipped reader, fixture photos, a fake camera."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.images import load_image
from vision.reader import ModelReader, load_default_reader
from vision.settle import SettledRoll
from vision.types import DiceReading, Die

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "rendered"


@cache
def shipped_reader() -> ModelReader:
    return load_default_reader()


def fresh_reader() -> ModelReader:
    """A reader of its own (a desk sets its memory), sharing the loaded networks."""
    return shipped_reader().with_memory(None)


@cache
def fixture_frame(index: int = 0) -> npt.NDArray[np.uint8]:
    return load_image(sorted((FIXTURES / "images").glob("*.jpg"))[index])


LOGO_ONE_SEED = 4301  # `python -m models.render.odd_night OUT --kind logo1 --seed 4301`
LOGO_ONE_PHOTO = 2  # the network reads 5 of its 8 dice; one it calls "not a die" is a red logo 1


@cache
def logo_one_photo() -> Any:
    """A rendered photo of a logo-1 dice set (`models.render.odd_night`), with its dice."""
    from models.render.odd_night import draw_odd_night

    night = draw_odd_night("logo1", LOGO_ONE_SEED, LOGO_ONE_PHOTO + 1, (1280, 720))
    return tuple(night.photos)[LOGO_ONE_PHOTO]


SMALL_BOARD_SEED = 4399  # `python -m models.render.odd_night OUT --kind smallboard --seed 4399`


@cache
def small_board_photos() -> tuple[Any, ...]:
    """Three rendered photos of dice 19 to 28 px across on a busy hex board among number
    tokens (`models.render.odd_night`'s smallboard): a cold reader finds none of them."""
    from models.render.odd_night import draw_odd_night

    return tuple(draw_odd_night("smallboard", SMALL_BOARD_SEED, 3, (1280, 720)).photos)


@dataclass(frozen=True)
class Board:
    """A rendered game table (board, tokens, cards: issue 30's material): the table with no
    dice, then with dice thrown on it, seen by a shaken camera under a dimmer light."""

    empty: npt.NDArray[np.uint8]
    thrown: npt.NDArray[np.uint8]
    dice: tuple[tuple[int, int, int, int], ...]  # the thrown dice's boxes

    def is_die(self, die: Die) -> bool:
        cx, cy = die.centre_xy
        return any(x1 <= cx <= x2 and y1 <= cy <= y2 for x1, y1, x2, y2 in self.dice)


@cache
def board(seed: int, count: int = 5) -> Board:
    from models.render import SceneConfig
    from models.render.layout import place_dice
    from models.render.scene import (
        DieEntry,
        draw_frame,
        make_setting,
        resting_pose,
        sample_die_world,
        sample_styles,
    )

    rng = np.random.default_rng(seed)
    cfg = SceneConfig(width=960, height=540, material=1.0)
    world = sample_die_world(rng, cfg)
    setting, spots = make_setting(rng, cfg, world)
    empty = draw_frame(rng, setting, [], [], cfg).image_bgr
    places = place_dice(rng, setting.cam, count, world / 2, 0.0, list(spots), setting.enclosure)
    styles = sample_styles(rng, len(places), cfg.colours, cfg.table_looks)
    thrown = [
        DieEntry(i, resting_pose(rng, style, spot, int(rng.integers(1, 7))))
        for i, (style, spot) in enumerate(zip(styles, places, strict=True))
    ]
    scene = draw_frame(rng, setting, thrown, [], cfg)
    dimmer = np.clip(scene.image_bgr.astype(np.float32) * 0.9 + 6.0, 0, 255).astype(np.uint8)
    shaken = cv2.warpAffine(dimmer, np.asarray([[1, 0, 1], [0, 1, -1]], np.float32), (960, 540))
    boxes = tuple(d.box_xyxy for d in scene.visible_dice)
    return Board(empty, np.asarray(shaken, np.uint8), boxes)


class FakeFeed:
    """A camera that always shows one frame, read by the given reader."""

    def __init__(self, reader: ModelReader, frame: npt.NDArray[np.uint8]) -> None:
        self.reader = reader
        self.frame = frame
        ok, buf = cv2.imencode(".jpg", frame)
        self._jpeg = buf.tobytes() if ok else b""

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

    def latest_jpeg(self) -> bytes | None:
        return self._jpeg

    def latest_reading(self) -> DiceReading | None:
        return self.reader.read(self.frame)

    def latest_frame(self) -> npt.NDArray[np.uint8] | None:
        return self.frame

    def status(self) -> dict[str, object]:
        return {"source": "fake", "camera": "open", "state": "idle", "fps": 0.0}

    def subscribe(
        self, callback: Callable[[SettledRoll], None], *, corrections: object = None
    ) -> None:
        del callback, corrections
