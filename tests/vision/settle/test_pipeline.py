"""Drawn frames through the real motion measure and the settle detector, as the app wires them.

The reading of each frame is the drawing's own truth (the reader is tested elsewhere), so this
checks the frame-side cues: a landing, a hovering hand, and the delay a player waits.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from vision.motion import MotionMeter
from vision.settle import SettleDetector, SettledRoll, SettleEvent
from vision.sources import SyntheticSource
from vision.types import Colour, DiceReading, Die

FPS = 30.0
FELT = (40, 110, 60)
BODY = {Colour.RED: (30, 30, 220), Colour.BLUE: (200, 80, 20), Colour.YELLOW: (40, 210, 230)}
LANDED = [(Colour.RED, 120, 200, 5), (Colour.BLUE, 300, 260, 2), (Colour.YELLOW, 460, 180, 6)]


def dice_at(step: int, landing: int) -> DiceReading:
    """Dice roll in from the left and stop at frame `landing`."""
    left = max(landing - step, 0)
    return DiceReading.of(
        Die(
            colour,
            (pips + left) % 6 + 1 if left else pips,
            0.95,
            (x - 25 * left, y, x - 25 * left + 40, y + 40),
        )
        for colour, x, y, pips in LANDED
    )


def draw(reading: DiceReading, hand: int | None) -> np.ndarray:
    frame = np.full((480, 640, 3), FELT, np.uint8)
    for d in reading:
        x1, y1, x2, y2 = d.box_xyxy
        cv2.rectangle(frame, (max(x1, 0), y1), (max(x2, 1), y2), BODY[d.colour], -1)
    if hand is not None:
        # A hand never holds perfectly still: it sways a few pixels from frame to frame.
        centre = (330 + 12 * (hand % 3), 420 - 6 * (hand % 2))
        cv2.ellipse(frame, centre, (110, 70), 0, 0, 360, (150, 170, 205), -1)
    return frame


def scene(
    frames: int, landing: int, hand_frames: range
) -> Iterator[tuple[DiceReading, int | None]]:
    for step in range(frames):
        yield dice_at(step, landing), step if step in hand_frames else None


def run(frames: int, landing: int, hand_frames: range = range(0)) -> list[tuple[int, SettleEvent]]:
    readings = list(scene(frames, landing, hand_frames))
    source = SyntheticSource([draw(r, h) for r, h in readings], fps=FPS)
    meter, detector = MotionMeter(), SettleDetector()
    events = []
    source.open()
    while (frame := source.read()) is not None:
        motion = meter.update(frame.frame_bgr)
        event = detector.update(
            frame.t_ms,
            readings[frame.index][0],
            motion,
            frame_index=frame.index,
            frame_bgr=frame.frame_bgr,
        )
        if event is not None:
            events.append((frame.index, event))
    return events


def test_a_drawn_throw_settles_once_within_300_ms_of_landing() -> None:
    events = run(frames=60, landing=12)
    assert len(events) == 1
    index, roll = events[0]
    assert isinstance(roll, SettledRoll)
    delay_from_landing = (index - 12) * 1000 / FPS
    assert 250 <= delay_from_landing <= 300
    assert [d.pips for d in roll.reading] == [6, 5, 2]
    assert roll.thumbnail_jpeg() is not None


def test_a_hand_hovering_beside_still_dice_holds_the_roll() -> None:
    events = run(frames=80, landing=12, hand_frames=range(10, 40))
    assert len(events) == 1
    index, _ = events[0]
    assert index >= 40 + 250 * FPS / 1000
