"""Scripted frame sequences through the settle detector: one roll per throw, none otherwise."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pytest

from vision.settle import (
    RollCorrected,
    SceneChanged,
    SettleConfig,
    SettleDetector,
    SettledRoll,
    SettleEvent,
    SettleState,
    TableCleared,
)
from vision.types import Colour, DiceReading, Die

FPS = 30.0
HIGH = 25.0  # a hand or tumbling dice in view
LOW = 0.2  # a still table
JITTER = [(0, 0), (1, 0), (0, -1), (-1, 1), (1, 1)]  # detector boxes wobble a pixel


def die(x: int, y: int, pips: int = 3, colour: Colour = Colour.RED, unsure: bool = False) -> Die:
    return Die(colour, pips, 0.9, (x, y, x + 40, y + 40), unsure)


FIVE = DiceReading.of(
    [
        die(100, 100, 5),
        die(200, 100, 2, Colour.BLUE),
        die(300, 120, 6, Colour.YELLOW),
        die(120, 250, 1, Colour.BLUE),
        die(260, 260, 4),
    ]
)
ELSEWHERE = DiceReading.of(
    [
        die(400, 300, 2),
        die(520, 80, 6, Colour.BLUE),
        die(60, 380, 3, Colour.YELLOW),
        die(450, 420, 5, Colour.BLUE),
        die(330, 40, 1),
    ]
)


def moved(reading: DiceReading, dx: int, dy: int, which: set[int] | None = None) -> DiceReading:
    out = []
    for i, d in enumerate(reading):
        if which is None or i in which:
            x1, y1, x2, y2 = d.box_xyxy
            d = replace(d, box_xyxy=(x1 + dx, y1 + dy, x2 + dx, y2 + dy))
        out.append(d)
    return DiceReading.of(out)


def without(reading: DiceReading, index: int) -> DiceReading:
    return DiceReading(tuple(d for i, d in enumerate(reading) if i != index))


def with_die(
    reading: DiceReading, index: int, *, pips: int | None = None, unsure: bool | None = None
) -> DiceReading:
    dice = list(reading)
    old = dice[index]
    dice[index] = replace(
        old,
        pips=old.pips if pips is None else pips,
        unsure=old.unsure if unsure is None else unsure,
    )
    return DiceReading(tuple(dice))


@dataclass
class Script:
    """Frames at `fps`: (time, reading, motion)."""

    fps: float = FPS
    steps: list[tuple[float, DiceReading, float | None]] = field(default_factory=list)

    def frames_for(self, ms: float) -> int:
        return round(ms * self.fps / 1000.0)

    def add(self, reading: DiceReading, motion: float | None = LOW, frames: int = 1) -> Script:
        for _ in range(frames):
            self.steps.append((len(self.steps) * 1000.0 / self.fps, reading, motion))
        return self

    def throw(self, final: DiceReading, frames: int = 8) -> Script:
        """Dice fly in from the left, faces changing, then land on `final` and lie still."""
        for k in range(frames):
            flying = DiceReading(
                tuple(
                    replace(moved(final, -30 * (frames - k), 5 * k).dice[i], pips=(k + i) % 6 + 1)
                    for i in range(len(final))
                )
            )
            self.add(flying, HIGH)
        return self.add(final, HIGH)  # that frame's difference still shows the landing

    def still(self, reading: DiceReading, ms: float, motion: float | None = LOW) -> Script:
        for k in range(self.frames_for(ms)):
            dx, dy = JITTER[k % len(JITTER)]
            self.add(moved(reading, dx, dy), motion)
        return self

    def hand(self, visible: DiceReading, ms: float) -> Script:
        return self.add(visible, HIGH, self.frames_for(ms))

    def run(
        self, config: SettleConfig | None = None
    ) -> tuple[list[tuple[float, SettleEvent]], list[SettleState]]:
        detector = SettleDetector(config)
        events: list[tuple[float, SettleEvent]] = []
        states: list[SettleState] = []
        for index, (t_ms, reading, motion) in enumerate(self.steps):
            event = detector.update(t_ms, reading, motion, frame_index=index)
            if event is not None:
                events.append((t_ms, event))
            states.append(detector.state)
        return events, states


def within_one_frame(delay_ms: float, wait_ms: float, fps: float = FPS) -> bool:
    return wait_ms - 1e-6 <= delay_ms < wait_ms + 1000 / fps


def kinds(events: list[tuple[float, SettleEvent]]) -> list[str]:
    return [type(e).__name__ for _, e in events]


def settled_once() -> Script:
    return Script().add(DiceReading.empty(), LOW, 10).throw(FIVE).still(FIVE, 2000)


def test_one_throw_gives_exactly_one_roll_after_the_dice_stop() -> None:
    script = settled_once()
    landing_t = script.steps[10 + 8][0]
    events, states = script.run()
    assert kinds(events) == ["SettledRoll"]
    t_ms, roll = events[0]
    assert isinstance(roll, SettledRoll)
    assert [(d.colour, d.pips) for d in roll.reading] == [(d.colour, d.pips) for d in FIVE]
    assert roll.still_since_ms == landing_t
    assert within_one_frame(roll.delay_ms, 250)
    assert roll.frame_index == round(t_ms * FPS / 1000)
    assert not roll.needs_review
    assert states[0] is SettleState.EMPTY
    assert set(states[10:19]) == {SettleState.ROLLING}
    assert states[-1] is SettleState.SETTLED


@pytest.mark.parametrize("fps", [15.0, 25.0, 30.0, 60.0])
@pytest.mark.parametrize("settle_ms", [150.0, 250.0, 400.0])
def test_delay_from_first_still_frame_is_settle_ms_within_one_frame(
    fps: float, settle_ms: float
) -> None:
    script = Script(fps=fps).throw(FIVE).still(FIVE, settle_ms + 500)
    events, _ = script.run(SettleConfig(settle_ms=settle_ms))
    assert len(events) == 1
    assert within_one_frame(events[0][1].delay_ms, settle_ms, fps)


def test_nothing_is_emitted_while_the_dice_tumble() -> None:
    events, states = Script().throw(FIVE, frames=60).run()
    assert events == []
    assert set(states) == {SettleState.ROLLING}


@pytest.mark.parametrize(
    ("name", "after_roll"),
    [
        ("die lifted and put back", lambda s: s.hand(without(FIVE, 2), 400).still(FIVE, 1500)),
        ("die nudged", lambda s: s.hand(FIVE, 100).still(moved(FIVE, 9, -6, {1}), 1500)),
        ("hand passes over", lambda s: s.hand(without(without(FIVE, 0), 0), 600).still(FIVE, 1500)),
        ("hand hovers", lambda s: s.hand(FIVE, 1000).still(FIVE, 1500)),
        ("reader misses a frame", lambda s: s.add(without(FIVE, 4)).still(FIVE, 1500)),
        ("value flickers once", lambda s: s.add(with_die(FIVE, 0, pips=6)).still(FIVE, 1500)),
    ],
)
def test_no_new_roll_when_the_scene_returns_to_the_same_dice(name: str, after_roll: object) -> None:
    script = after_roll(settled_once())  # type: ignore[operator]
    events, states = script.run()
    assert kinds(events) == ["SettledRoll"], name
    assert states[-1] is SettleState.SETTLED


def test_two_throws_in_a_row_give_two_rolls() -> None:
    script = settled_once().hand(FIVE, 300).throw(ELSEWHERE).still(ELSEWHERE, 1000)
    events, _ = script.run()
    assert kinds(events) == ["SettledRoll", "SettledRoll"]
    second = events[1][1]
    assert isinstance(second, SettledRoll)
    assert [d.pips for d in second.reading] == [d.pips for d in ELSEWHERE]


@pytest.mark.parametrize(
    ("dice_moved", "expected"),
    [
        (1, ["SettledRoll", "SceneChanged"]),
        (2, ["SettledRoll", "SceneChanged"]),
        (3, ["SettledRoll", "SettledRoll"]),
        (5, ["SettledRoll", "SettledRoll"]),
    ],
)
def test_a_throw_is_most_dice_moving(dice_moved: int, expected: list[str]) -> None:
    # The dice moved show new faces; the rest lie as they were (new faces on most dice after a
    # burst of motion would be a throw even where they lay: tests/vision/settle/test_throws.py).
    after = moved(FIVE, 150, 200, set(range(dice_moved)))
    after = DiceReading.of(
        replace(d, pips=d.pips % 6 + 1) if d not in FIVE.dice else d for d in after
    )
    events, _ = settled_once().hand(FIVE, 300).still(after, 1500).run()
    assert kinds(events) == expected


def test_a_die_taken_away_is_a_change_not_a_roll() -> None:
    events, states = settled_once().hand(FIVE, 300).still(without(FIVE, 1), 1500).run()
    assert kinds(events) == ["SettledRoll", "SceneChanged"]
    change = events[1][1]
    assert isinstance(change, SceneChanged)
    assert [(d.colour, d.pips) for d in change.removed] == [(Colour.BLUE, 2)]
    assert change.added == ()
    assert len(change.previous) == 5
    assert len(change.reading) == 4
    assert within_one_frame(change.delay_ms, 800)
    assert states[-1] is SettleState.SETTLED


def test_a_die_turned_over_in_place_is_a_change() -> None:
    turned = with_die(FIVE, 3, pips=6)
    events, _ = settled_once().hand(FIVE, 200).still(turned, 1500).run()
    assert kinds(events) == ["SettledRoll", "SceneChanged"]
    change = events[1][1]
    assert isinstance(change, SceneChanged)
    assert [d.pips for d in change.removed] == [FIVE.dice[3].pips]
    assert [d.pips for d in change.added] == [6]


def test_clearing_the_table_then_throwing_again() -> None:
    script = settled_once().hand(DiceReading.empty(), 400).still(DiceReading.empty(), 1000)
    script.throw(ELSEWHERE).still(ELSEWHERE, 600)
    events, states = script.run()
    assert kinds(events) == ["SettledRoll", "TableCleared", "SettledRoll"]
    cleared = events[1][1]
    assert isinstance(cleared, TableCleared)
    assert cleared.previous.dice
    assert within_one_frame(cleared.delay_ms, 500)
    assert SettleState.EMPTY in states
    assert states[-1] is SettleState.SETTLED


def test_after_a_clear_the_same_dice_put_back_are_not_a_roll() -> None:
    # A still hand hiding every die (no motion measure given) looks like a cleared table.
    script = Script().throw(FIVE).still(FIVE, 500, None)
    script.still(DiceReading.empty(), 800, None).still(FIVE, 1500, None)
    events, _ = script.run()
    assert kinds(events) == ["SettledRoll", "TableCleared", "SceneChanged"]


def test_after_a_clear_fewer_dice_in_the_same_places_are_a_roll() -> None:
    script = settled_once().still(DiceReading.empty(), 800).still(without(FIVE, 0), 600)
    assert kinds(script.run()[0]) == ["SettledRoll", "TableCleared", "SettledRoll"]


def test_no_roll_while_a_hand_is_in_view_even_if_the_dice_lie_still() -> None:
    script = Script().throw(FIVE).hand(FIVE, 1000)
    hand_gone = len(script.steps)
    events, _ = script.still(FIVE, 600).run()
    assert kinds(events) == ["SettledRoll"]
    assert events[0][0] >= script.steps[hand_gone][0] + 250


def test_a_die_spinning_in_place_holds_the_roll_back() -> None:
    script = Script().throw(FIVE)
    for k in range(5):
        script.add(with_die(FIVE, 2, pips=k % 5 + 1), LOW)  # never its final 6
    stopped = script.steps[-1][0]
    events, _ = script.still(FIVE, 600).run()
    assert kinds(events) == ["SettledRoll"]
    roll = events[0][1]
    assert isinstance(roll, SettledRoll)
    assert roll.still_since_ms > stopped
    assert not roll.reading.any_unsure


def test_a_die_spinning_past_unsure_ms_goes_out_marked_then_is_corrected() -> None:
    script = Script().throw(FIVE)
    for k in range(20):
        script.add(with_die(FIVE, 2, pips=k % 5 + 1), LOW)
    events, _ = script.still(FIVE, 600).run()
    assert kinds(events) == ["SettledRoll", "RollCorrected"]
    roll, fix = events[0][1], events[1][1]
    assert isinstance(roll, SettledRoll) and isinstance(fix, RollCorrected)
    assert within_one_frame(roll.delay_ms, 450)
    assert [d.unsure for d in roll.reading] == [False, False, True, False, False]
    assert (fix.roll_id, fix.cleared) == (roll.roll_id, (2,))
    assert [(d.pips, d.unsure) for d in fix.reading] == [(d.pips, False) for d in FIVE]


def test_an_unsure_die_does_not_hold_the_roll_and_stays_marked() -> None:
    doubtful = with_die(FIVE, 1, unsure=True)
    events, _ = Script().throw(doubtful).still(doubtful, 2000).run()
    assert kinds(events) == ["SettledRoll"]
    roll = events[0][1]
    assert isinstance(roll, SettledRoll)
    assert roll.needs_review
    assert [d.unsure for d in roll.reading] == [False, True, False, False, False]
    assert within_one_frame(roll.delay_ms, 250)


@pytest.mark.parametrize(
    ("name", "then", "expected"),
    [
        ("clears with its value", with_die(FIVE, 1, unsure=False), [(2, False)]),
        ("clears with another value", with_die(FIVE, 1, pips=5, unsure=False), [(5, False)]),
        ("stays unsure", with_die(FIVE, 1, unsure=True), []),
        ("changes value, still unsure", with_die(FIVE, 1, pips=5, unsure=True), []),
    ],
)
def test_a_doubt_that_clears_corrects_the_roll(
    name: str, then: DiceReading, expected: list[tuple[int, bool]]
) -> None:
    doubtful = with_die(FIVE, 1, unsure=True)
    script = Script().throw(doubtful).still(doubtful, 600)
    cleared_from = script.steps[-1][0] + 1000 / FPS
    events, _ = script.still(then, 1000).run()
    roll = events[0][1]
    assert isinstance(roll, SettledRoll) and roll.needs_review, name
    assert kinds(events) == ["SettledRoll"] + ["RollCorrected"] * len(expected), name
    for _, fix in events[1:]:
        assert isinstance(fix, RollCorrected)
        assert fix.roll_id == roll.roll_id and fix.cleared == (1,), name
        assert fix.t_ms >= cleared_from + 250 - 1e-6, name
        assert [(d.pips, d.unsure) for d in fix.reading][1:2] == expected, name
        assert [d.box_xyxy for d in fix.reading] == [d.box_xyxy for d in roll.reading], name


@pytest.mark.parametrize(
    ("name", "misread_ms", "then", "expected"),
    [
        # A compressed video's first frames after the cut read a die wrong, surely.
        ("reads another value surely", 400, with_die(FIVE, 1, pips=2), [(1, 2, False)]),
        ("reads it again, in doubt", 400, with_die(FIVE, 1, pips=2, unsure=True), []),
        ("reads the sent value again", 400, with_die(FIVE, 1, pips=6), []),
        # Shorter than settle_ms: a flicker, not a reading.
        ("another value for a moment", 400, None, []),
    ],
)
def test_a_sure_die_read_anew_corrects_the_roll(
    name: str, misread_ms: float, then: DiceReading | None, expected: list[tuple[int, int, bool]]
) -> None:
    misread = with_die(FIVE, 1, pips=6)
    script = Script().throw(misread).still(misread, misread_ms)
    if then is None:
        script.still(with_die(FIVE, 1, pips=2), 200).still(misread, 1000)
    else:
        script.still(then, 1000)
    events, _ = script.run()
    roll = events[0][1]
    assert isinstance(roll, SettledRoll) and not roll.needs_review, name
    assert roll.reading.dice[1].pips == 6, name
    assert kinds(events) == ["SettledRoll"] + ["RollCorrected"] * len(expected), name
    for _, fix in events[1:]:
        assert isinstance(fix, RollCorrected) and fix.roll_id == roll.roll_id, name
        assert [(k, fix.reading.dice[k].pips, fix.reading.dice[k].unsure) for k in fix.cleared] == (
            expected
        ), name
        assert [d.box_xyxy for d in fix.reading] == [d.box_xyxy for d in roll.reading], name


def test_a_sure_die_read_anew_after_the_dice_moved_corrects_nothing() -> None:
    misread = with_die(FIVE, 1, pips=6)
    script = Script().throw(misread).still(misread, 600).hand(misread, 200)
    events, _ = script.still(FIVE, 1000).run()
    # A hand passed over: the die may have been turned over, which is a change, not a fix.
    assert kinds(events) == ["SettledRoll", "SceneChanged"]


def test_a_doubt_that_clears_after_the_dice_moved_corrects_nothing() -> None:
    doubtful = with_die(FIVE, 1, unsure=True)
    script = Script().throw(doubtful).still(doubtful, 600).hand(doubtful, 200)
    events, _ = script.still(FIVE, 1000).run()
    assert kinds(events) == ["SettledRoll"]


def test_a_flickering_value_is_reported_unsure_not_guessed() -> None:
    script = Script().throw(FIVE)
    for k in range(60):
        script.add(with_die(FIVE, 4, pips=4 if k % 2 else 5), LOW)
    events, _ = script.run()
    assert kinds(events) == ["SettledRoll"]
    roll = events[0][1]
    assert isinstance(roll, SettledRoll)
    assert [d.unsure for d in roll.reading] == [False, False, False, False, True]


@pytest.mark.parametrize(
    ("motion", "expected"),
    [
        # Measured still: the table as the camera found it (the last roll, already scored, when
        # the app or a table's camera agent starts again), a scene; the next throw is a roll.
        (LOW, ["SceneChanged", "SettledRoll"]),
        # No motion measure: nothing tells a throw from dice that lay there; a roll, as before.
        (None, ["SettledRoll", "SettledRoll"]),
    ],
)
def test_dice_already_on_the_table_at_start(motion: float | None, expected: list[str]) -> None:
    events, _ = Script().still(FIVE, 1000, motion).throw(ELSEWHERE).still(ELSEWHERE, 600).run()
    assert kinds(events) == expected


def test_an_empty_table_stays_empty_and_silent() -> None:
    events, states = Script().still(DiceReading.empty(), 1000).hand(DiceReading.empty(), 500).run()
    assert events == []
    assert set(states) == {SettleState.EMPTY}


def test_the_emitted_roll_carries_the_frame() -> None:
    detector = SettleDetector()
    frame = np.zeros((480, 640, 3), np.uint8)
    event = None
    for k in range(20):
        motion = HIGH if k < 2 else 0.0  # thrown, then still
        event = detector.update(k * 20.0, FIVE, motion, frame_index=k, frame_bgr=frame) or event
    assert isinstance(event, SettledRoll)
    assert event.frame_bgr is frame
    assert event.thumbnail_jpeg() is not None


@pytest.mark.parametrize(
    ("t_ms", "motion", "message"),
    [
        (50.0, 0.0, "t_ms must be finite and never go back, got 50.0"),
        (float("nan"), 0.0, "t_ms must be finite and never go back, got nan"),
        (200.0, -1.0, "motion must be 0 or more, got -1.0"),
        (200.0, float("inf"), "motion must be 0 or more, got inf"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(t_ms: float, motion: float, message: str) -> None:
    detector = SettleDetector()
    detector.update(0.0, FIVE, HIGH)  # thrown
    detector.update(100.0, FIVE, 0.0)
    with pytest.raises(ValueError, match=message):
        detector.update(t_ms, ELSEWHERE, motion)
    assert detector.update(360.0, FIVE, 0.0) is not None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"settle_ms": 0}, "settle_ms must be a positive number, got 0"),
        ({"unsure_ms": 100}, "unsure_ms must be at least settle_ms, got 100"),
        ({"change_ms": float("inf")}, "change_ms must be at least settle_ms, got inf"),
        ({"still_motion": -1}, "still_motion must be 0 or more, got -1"),
        ({"moved_tolerance": float("nan")}, "moved_tolerance must be a positive number, got nan"),
        ({"kept_tolerance": 0}, "kept_tolerance must be a positive number, got 0"),
        ({"tumble_frames": 0}, "tumble_frames must be a whole number 1 or more, got 0"),
        ({"tumble_frames": 2.5}, "tumble_frames must be a whole number 1 or more, got 2.5"),
    ],
)
def test_config_is_validated(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SettleConfig(**kwargs)
