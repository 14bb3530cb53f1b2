"""The whole live path on rendered videos: renderer frames -> model reader -> settle -> rolls.

Each scenario renders a short table video with the project's renderer (fixed seed), plays it
through the real `LivePipeline` with the shipped ONNX models, and counts what comes out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from models.render.animation import VIDEO_CONFIG, TableAnimation
from models.render.events import Event, HandPass, Nudge, PickUp, Sweep, Throw
from vision.live import LivePipeline
from vision.reader import load_default_reader
from vision.settle import SceneChanged, SettledRoll, SettleEvent
from vision.sources import Frame, SyntheticSource
from vision.types import Colour

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE
FPS = 15.0
SIZE = (640, 360)


@cache
def _frames(name: str) -> tuple[tuple[np.ndarray, ...], tuple[float, ...]]:
    events, duration = SCENARIOS[name]
    cfg = replace(VIDEO_CONFIG, width=SIZE[0], height=SIZE[1], die_px=(34.0, 44.0))
    anim = TableAnimation(np.random.default_rng(17), events, duration, cfg, FPS)
    return tuple(f.scene.image_bgr for f in anim.frames()), anim.still_from_s


SCENARIOS: dict[str, tuple[Sequence[Event], float]] = {
    "two throws": (
        [Throw(0.2, (R, Y, B, B), (3, 5, 2, 6)), Sweep(3.0), Throw(4.6, (R, R, Y), (1, 4, 6))],
        7.5,
    ),
    "hand and nudge": ([Throw(0.2, (R, Y, B), (2, 4, 6)), HandPass(2.6, 1.0), Nudge(4.4, 0)], 6.5),
    "pick up": ([Throw(0.2, (Y, Y, B), (1, 3, 5)), PickUp(2.8, 1)], 5.5),
}


def _play(name: str) -> list[SettleEvent]:
    frames, _ = _frames(name)
    pipeline = LivePipeline(SyntheticSource(list(frames), fps=FPS), load_default_reader())
    out: list[SettleEvent] = []
    for i, image in enumerate(frames):
        event = pipeline.process(Frame(image, i, i * 1000.0 / FPS, 0.0))
        if event is not None:
            out.append(event)
    return out


def _rolls(events: list[SettleEvent]) -> list[SettledRoll]:
    return [e for e in events if isinstance(e, SettledRoll)]


def _faces(roll: SettledRoll) -> list[tuple[str, int]]:
    return sorted((d.colour.value, d.pips) for d in roll.reading)


def test_exactly_one_roll_per_throw_and_none_while_tumbling() -> None:
    rolls = _rolls(_play("two throws"))
    assert [_faces(r) for r in rolls] == [
        [("blue", 2), ("blue", 6), ("red", 3), ("yellow", 5)],
        [("red", 1), ("red", 4), ("yellow", 6)],
    ]
    _, still = _frames("two throws")
    # Each roll comes after its throw went still, never while dice were tumbling.
    assert rolls[0].t_ms >= still[0] * 1000 and rolls[1].t_ms >= still[-1] * 1000


def test_a_passing_hand_and_a_nudge_make_no_new_roll() -> None:
    rolls = _rolls(_play("hand and nudge"))
    assert [_faces(r) for r in rolls] == [[("blue", 6), ("red", 2), ("yellow", 4)]]


def test_a_die_picked_up_is_a_change_not_a_roll() -> None:
    events = _play("pick up")
    assert [_faces(r) for r in _rolls(events)] == [[("blue", 5), ("yellow", 1), ("yellow", 3)]]
    changes = [e for e in events if isinstance(e, SceneChanged)]
    assert len(changes) == 1 and len(changes[0].removed) == 1


@pytest.mark.parametrize("fail_at", [10, 40])
def test_a_source_that_fails_mid_stream_is_reported_and_recovers(fail_at: int) -> None:
    from vision.sources import RetryPolicy
    from vision.sources.grabber import LatestFrameGrabber

    frames, _ = _frames("two throws")
    failed = {"done": False}

    def make(i: int) -> np.ndarray | None:
        if i == fail_at and not failed["done"]:
            failed["done"] = True
            raise OSError("cable pulled")
        return frames[i] if i < len(frames) else None

    source = SyntheticSource(make, fps=FPS, live=True)
    states: list[str] = []
    grabber = LatestFrameGrabber(
        source, on_status=lambda s: states.append(s.state.value), retry=RetryPolicy(first_s=0.01)
    ).start()
    try:
        got = 0
        while got < 5:
            if grabber.get(timeout=5) is None:
                break
            got += 1
        for _ in range(200):
            if "lost" in states and states[-1] == "ok":
                break
            grabber.get(timeout=0.05)
    finally:
        grabber.stop()
    assert "lost" in states
    assert states[states.index("lost") :].count("ok") >= 1
