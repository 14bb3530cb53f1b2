"""A five-dice throw read by the camera (an attempt with no goal, the game's `roll_format`): the
five dice on the table, kept ones too, any colour; a sixth die in view is taken out with 'keep
the dice this roll needs'; accepted as the `roll` line with its frame kept. Dice kept aside must
still be among the five, and a declaration nobody may make is refused in words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from companion.errors import PendingError
from companion.session import Session
from companion.session.errors import FieldError
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

W, G, R = Colour.WHITE, Colour.GREEN, Colour.RED


def settled(*faces: tuple[Colour, int, float]) -> SettledRoll:
    dice = [
        Die(colour, pips, conf, (50 * k, 10, 50 * k + 40, 50))
        for k, (colour, pips, conf) in enumerate(faces)
    ]
    frame = np.full((120, 50 * len(dice) + 50, 3), 100, np.uint8)
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(dice))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def game(session: Session) -> str:
    return session.create_from_options(["Ann", "Ben"], {"game": "fivedice"}).game_id


def test_a_camera_throw_of_five_dice_of_any_colour(session: Session) -> None:
    gid = game(session)
    view = session.declare_attempt(gid, "Ann")
    assert view.pending is not None and view.pending.what == "roll"
    roll = settled(
        (W, 4, 0.97), (G, 4, 0.96), (R, 2, 0.95), (W, 6, 0.94), (W, 1, 0.93), (G, 3, 0.5)
    )
    assert session.offer_roll(roll) == gid
    pending = session.pending(gid)
    assert pending is not None and not pending.matches
    assert pending.check == "expected 5 dice, saw 6 dice"
    session.keep_needed(gid)  # the least sure die goes
    view = session.accept_roll(gid)
    event = session.store.events(gid)[-1]
    assert (event.line, event.source, event.has_thumbnail) == (
        "Ann: roll 4 4 2 6 1",
        "camera",
        True,
    )
    assert view.state["turn"]["throws"] == 1


def test_dice_kept_aside_are_read_with_the_throw(session: Session) -> None:
    gid = game(session)
    session.append(gid, "Ann: roll 4 4 2 6 1")
    session.append(gid, "Ann: keep 4 4")
    session.declare_attempt(gid, "Ann")
    session.offer_roll(settled(*((W, p, 0.97) for p in (2, 3, 5, 6, 1))))
    with pytest.raises(Exception, match="Ann kept 4 4 aside, so they must lie among the five"):
        session.accept_roll(gid)
    session.correct_die(gid, 0, "white", 4, "white 2")
    session.correct_die(gid, 1, "white", 4, "white 3")
    session.accept_roll(gid)
    assert session.store.events(gid)[-1].line == "Ann: roll 4 4 5 6 1"


def test_a_declaration_nobody_may_make_is_refused(session: Session) -> None:
    gid = game(session)
    with pytest.raises(FieldError, match="Ben cannot attempt now: it is Ann's turn"):
        session.declare_attempt(gid, "Ben")
    with pytest.raises(FieldError, match="not an attempt on a goal"):
        session.declare_attempt(gid, "Ann", "fours")
    for line in ("Ann: roll 1 1 1 2 2", "Ann: roll 1 1 1 2 2", "Ann: roll 1 1 1 2 2"):
        session.append(gid, line)
    with pytest.raises(PendingError, match="Ann has thrown 3 times this turn: choose a box"):
        session.declare_attempt(gid, "Ann")
