"""Issue #35: a roll goes out at settle with doubtful dice marked unsure; when the camera reads
dice anew (`vision.settle.RollCorrected`: a doubt cleared, or a sure die read surely as another
value) the roll waiting for a person takes the sure dice, unless a person already acted on that
die, and a correction of another roll changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.session import Session
from tests.companion.session.test_camera import R, Y, die
from vision.settle import RollCorrected, SettledRoll
from vision.types import DiceReading

SENT = DiceReading.of([die(R, 3, 10), die(R, 4, 60, unsure=True), die(Y, 2, 110), die(Y, 1, 160)])
CLEARED = DiceReading(tuple(replace(d, pips=6, unsure=False) if d.unsure else d for d in SENT))


# The camera sent the third die sure as a yellow 2 and then read it surely as a yellow 5 (a
# compressed video's first frames after the dice stop read worse).
REREAD = DiceReading(tuple(replace(d, pips=5) if k == 2 else d for k, d in enumerate(SENT)))

# The camera's later word on a die still in doubt: a red 2 (an agent of another make may send it).
GUESS = DiceReading(tuple(replace(d, pips=2) if d.unsure else d for d in SENT))


def roll(roll_id: int) -> SettledRoll:
    frame = np.full((240, 320, 3), 90, np.uint8)
    return SettledRoll(2000.0, 1750.0, 60, frame, SENT, roll_id=roll_id)


def fix(roll_id: int) -> RollCorrected:
    return RollCorrected(2400.0, 1750.0, 72, None, roll_id, CLEARED, (1,))


def reread(roll_id: int) -> RollCorrected:
    return RollCorrected(2400.0, 1750.0, 72, None, roll_id, REREAD, (2,))


def guess(roll_id: int) -> RollCorrected:
    return RollCorrected(2400.0, 1750.0, 72, None, roll_id, GUESS, (1,))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def attempt(session: Session) -> str:
    gid = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(gid, "Al: goal orange 7")
    session.declare_attempt(gid, "Al", "orange")
    return gid


Step = Callable[[Session, str], object]
CASES: list[tuple[str, list[Step], list[tuple[str, int, bool]]]] = [
    (
        "the doubt clears before anyone looks",
        [lambda s, g: s.offer_roll(roll(7)), lambda s, g: s.correct_roll(fix(7))],
        [("red", 3, False), ("red", 6, False), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a correction of another roll",
        [lambda s, g: s.offer_roll(roll(7)), lambda s, g: s.correct_roll(fix(8))],
        [("red", 3, False), ("red", 4, True), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a person confirmed the die first",
        [
            lambda s, g: s.offer_roll(roll(7)),
            lambda s, g: s.correct_die(g, 1, "red", 5),
            lambda s, g: s.correct_roll(fix(7)),
        ],
        [("red", 3, False), ("red", 5, False), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a person removed another die first",
        [
            lambda s, g: s.offer_roll(roll(7)),
            lambda s, g: s.remove_die(g, 0),
            lambda s, g: s.correct_roll(fix(7)),
        ],
        [("red", 6, False), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a sure die read anew",
        [lambda s, g: s.offer_roll(roll(7)), lambda s, g: s.correct_roll(reread(7))],
        [("red", 3, False), ("red", 4, True), ("yellow", 5, False), ("yellow", 1, False)],
    ),
    (
        "a doubted die's better guess, still for a person to confirm",
        [lambda s, g: s.offer_roll(roll(7)), lambda s, g: s.correct_roll(guess(7))],
        [("red", 3, False), ("red", 2, True), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a person confirmed the doubted die before the better guess came",
        [
            lambda s, g: s.offer_roll(roll(7)),
            lambda s, g: s.correct_die(g, 1, "red", 4),
            lambda s, g: s.correct_roll(guess(7)),
        ],
        [("red", 3, False), ("red", 4, False), ("yellow", 2, False), ("yellow", 1, False)],
    ),
    (
        "a person corrected the sure die first",
        [
            lambda s, g: s.offer_roll(roll(7)),
            lambda s, g: s.correct_die(g, 2, "yellow", 3),
            lambda s, g: s.correct_roll(reread(7)),
        ],
        [("red", 3, False), ("red", 4, True), ("yellow", 3, False), ("yellow", 1, False)],
    ),
    (
        "a person confirmed the unsure die, then a sure one is read anew",
        [
            lambda s, g: s.offer_roll(roll(7)),
            lambda s, g: s.correct_die(g, 1, "red", 4),
            lambda s, g: s.correct_roll(reread(7)),
        ],
        [("red", 3, False), ("red", 4, False), ("yellow", 5, False), ("yellow", 1, False)],
    ),
]


@pytest.mark.parametrize(("name", "steps", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_cleared_doubt_corrects_the_pending_roll(
    session: Session, name: str, steps: list[Step], expected: list[tuple[str, int, bool]]
) -> None:
    gid = attempt(session)
    for step in steps:
        step(session, gid)
    pending = session.view(gid).pending
    assert pending is not None
    assert [(d.colour.value, d.pips, d.unsure) for d in pending.dice] == expected, name


def test_a_queued_roll_takes_its_correction_and_the_last_roll_too(session: Session) -> None:
    gid = attempt(session)
    session.offer_roll(roll(7))
    session.correct_die(gid, 0, "red", 3)
    session.offer_roll(roll(8))
    assert session.correct_roll(fix(8)) == gid
    pending = session.view(gid).pending
    assert pending is not None and pending.queued is not None
    assert [d.pips for d in pending.queued.reading] == [3, 6, 2, 1]
    assert [d.unsure for d in pending.dice] == [False, True, False, False]
    last = session.last_roll()
    assert last is not None and last.roll_id == 8
    assert [(d.pips, d.unsure) for d in last.dice][1] == (6, False)
    session.use_queued(gid)
    accepted = session.accept_roll(gid)
    assert accepted.pending is None


def test_a_correction_with_no_attempt_declared_corrects_the_last_roll(session: Session) -> None:
    assert session.offer_roll(roll(3)) is None
    assert session.correct_roll(fix(3)) is None
    last = session.last_roll()
    assert last is not None and not last.unsure and last.totals["red"] == 9
