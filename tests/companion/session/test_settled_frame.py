"""A camera roll keeps its settled frame at camera resolution (not a 320 px thumbnail) with the
size its dice boxes are measured in, so a dispute can look at every die; the accepted attempt
keeps that same frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.session import Session
from companion.session.roll import FRAME_JPEG_BYTES
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

R, Y = Colour.RED, Colour.YELLOW


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def _roll(w: int, h: int, noisy: bool = False) -> SettledRoll:
    rng = np.random.default_rng(3)
    frame = (
        rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
        if noisy
        else np.full((h, w, 3), 100, np.uint8)
    )
    dice = [
        Die(R, 3, 0.97, (100, 100, 160, 160)),
        Die(R, 4, 0.97, (300, 100, 360, 160)),
        Die(Y, 4, 0.97, (500, 100, 560, 160)),
        Die(Y, 2, 0.97, (700, 300, 760, 360)),
    ]
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(dice))


def _size(jpeg: bytes | None) -> tuple[int, int]:
    assert jpeg is not None
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None
    return int(image.shape[1]), int(image.shape[0])


@pytest.mark.parametrize(
    ("w", "h", "noisy", "kept"),
    [
        (1280, 720, False, (1280, 720)),
        (1920, 1080, False, (1920, 1080)),
        (3840, 2160, True, None),  # a busy 4K frame is shrunk to fit, never refused
    ],
)
def test_the_pending_and_accepted_roll_keep_the_whole_frame(
    session: Session, w: int, h: int, noisy: bool, kept: tuple[int, int] | None
) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(_roll(w, h, noisy))
    pending = session.pending(game)
    assert pending is not None
    shown = session.pending_thumbnail(game)
    assert shown is not None and len(shown) <= FRAME_JPEG_BYTES
    if kept is not None:
        assert _size(shown) == kept
    else:
        sw, sh = _size(shown)
        assert 320 < sw < w and abs(sw / sh - w / h) < 0.02
    camera = pending.to_json()["camera"]
    assert camera["frame_size"] == {"width": w, "height": h}
    assert [d["in_frame"] for d in pending.to_json()["dice"]] == [True] * 4

    session.add_die(game, "r", 5)
    assert [d["in_frame"] for d in session.pending(game).to_json()["dice"]][-1] is False  # type: ignore[union-attr]
    session.remove_die(game, 4)
    accepted = session.accept_roll(game)
    event = session.history(game)[-1]
    assert accepted.pending is None and event.has_thumbnail
    assert session.thumbnail(game, event.seq) == shown
    assert event.meta["camera"]["frame_size"] == {"width": w, "height": h}
