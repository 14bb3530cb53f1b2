"""'Remove: not a die' on a camera roll: the session keeps the die so the accepted roll teaches
the table; a plain removal keeps nothing; a newer roll or dice typed by hand start afresh."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.session import Session
from companion.session.camera import NOT_A_DIE, Correction
from tests.web.api.support import orange_game, settled
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading

R, Y, K = Colour.RED, Colour.YELLOW, Colour.BLACK


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    opened = Session.open(tmp_path, poll_s=0.05)
    yield opened
    opened.close()


def _signed(roll: SettledRoll) -> SettledRoll:
    dice = tuple(replace(d, signature=(1.0, float(k))) for k, d in enumerate(roll.reading))
    return replace(roll, reading=DiceReading(dice))


def _rolled(session: Session) -> str:
    game = orange_game(session)
    session.declare_attempt(game, "Al", "orange")
    roll = settled((R, 3, False), (R, 4, False), (Y, 4, False), (Y, 5, False), (K, 1, False))
    session.offer_roll(_signed(roll))
    return game


@pytest.mark.parametrize(("not_a_die", "kept"), [(True, 1), (False, 0)])
def test_only_not_a_die_keeps_the_die_to_teach(
    session: Session, not_a_die: bool, kept: int
) -> None:
    game = _rolled(session)
    session.remove_die(game, 4, "black 1", not_a_die)
    pending = session.pending(game)
    assert pending is not None and len(pending.not_dice) == kept
    assert len(pending.dice) == 4


@pytest.mark.parametrize(
    "start_afresh",
    [
        lambda s, g: (s.offer_roll(_signed(settled((R, 1, False)))), s.use_queued(g)),
        lambda s, g: s.manual_roll(g, "r3 r4 y4 y5"),
    ],
)
def test_a_newer_roll_or_a_typed_one_forgets_what_was_marked(
    session: Session, start_afresh: object
) -> None:
    game = _rolled(session)
    session.remove_die(game, 4, "black 1", True)
    start_afresh(session, game)  # type: ignore[operator]
    pending = session.pending(game)
    assert pending is not None and pending.not_dice == ()


@pytest.mark.parametrize(
    ("action", "words"),
    [(NOT_A_DIE, "removed die 5 (black 1): not a die"), ("remove", "removed die 5 (black 1)")],
)
def test_the_history_says_which_removal_it_was(action: str, words: str) -> None:
    assert Correction(action, 4, "black 1", None).describe() == words
