"""The camera reads every die on the table; an attempt rolls only its own. "Keep the dice this
roll needs" removes, in one step, every die of a colour the attempt does not roll and the least
sure past the count it needs, each a plain removal in the history; a strict Accept that refused
the whole table ("b4 is a blue die...") then takes the roll."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.errors import InvalidEventError
from companion.session import Session
from companion.session.errors import PendingError
from tests.web.api.support import build
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

R, Y, B, G = Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.GREEN


def die(colour: Colour, pips: int, confidence: float = 0.97, unsure: bool = False) -> Die:
    return Die(colour, pips, confidence, (0, 0, 10, 10), unsure)


def settled(*dice: Die) -> SettledRoll:
    placed = [
        Die(d.colour, d.pips, d.confidence, (50 * k, 10, 50 * k + 40, 50), d.unsure)
        for k, d in enumerate(dice)
    ]
    frame = np.full((120, 50 * len(dice) + 50, 3), 100, np.uint8)
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(placed))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def declared(session: Session) -> str:
    """Al has played Orange 7 (strict rules): an attempt rolls his 2 red and 2 yellow dice."""
    gid = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(gid, "Al: goal orange 7")
    session.declare_attempt(gid, "Al", "orange")
    return gid


@pytest.mark.parametrize(
    ("seen", "kept", "removed"),
    [
        # Bruce's blue die and a green one lie in view: gone.
        ((die(R, 3), die(R, 4), die(Y, 4), die(B, 4), die(Y, 2), die(G, 1)),
         "r3 r4 y4 y2", [4, 6]),
        # Three red: the least sure red goes, the order of the rest stays.
        ((die(R, 3, 0.6), die(R, 4), die(Y, 4), die(R, 6), die(Y, 1)), "r4 y4 r6 y1", [1]),
        # An unsure die goes before a sure one of its colour.
        ((die(R, 5, 0.99, unsure=True), die(R, 2), die(R, 1), die(Y, 3), die(Y, 3)),
         "r2 r1 y3 y3", [1]),
        # One yellow short: the extra blue goes, the check still says a yellow is missing.
        ((die(R, 3), die(B, 2), die(R, 4), die(Y, 4)), "r3 r4 y4", [2]),
    ],
)  # fmt: skip
def test_keep_the_dice_the_roll_needs(
    session: Session, seen: tuple[Die, ...], kept: str, removed: list[int]
) -> None:
    game = declared(session)
    session.offer_roll(settled(*seen))
    before = session.pending(game)
    assert before is not None
    assert [k + 1 for k in before.to_json()["extra"]] == removed
    after = session.keep_needed(game).pending
    assert after is not None
    assert " ".join(f"{d.colour.value[0]}{d.pips}" for d in after.dice) == kept
    assert after.to_json()["extra"] == []
    assert sorted(c.index + 1 for c in after.corrections) == removed
    assert all(c.action == "remove" for c in after.corrections)  # teaches the table nothing
    assert after.not_dice == ()


def test_a_strict_accept_refuses_the_whole_table_and_takes_the_kept_dice(
    session: Session,
) -> None:
    game = declared(session)
    session.offer_roll(settled(die(R, 3), die(R, 4), die(B, 4), die(Y, 4), die(Y, 5)))
    with pytest.raises(InvalidEventError, match="b4 is a blue die"):
        session.accept_roll(game)
    session.keep_needed(game)
    view = session.accept_roll(game)
    assert view.pending is None
    event = session.history(game)[-1]
    assert event.line == "Al: attempt orange r3 r4 y4 y5"
    assert event.note == "camera saw r3 r4 b4 y4 y5, removed die 3 (b4)"


@pytest.mark.parametrize(
    ("prepare", "message"),
    [
        (lambda s, g: None, "has no roll yet"),
        (lambda s, g: s.offer_roll(settled(die(R, 3), die(R, 4), die(Y, 4))), "every die is one"),
    ],
)
def test_nothing_to_keep_is_refused_and_changes_nothing(
    session: Session, prepare: object, message: str
) -> None:
    game = declared(session)
    prepare(session, game)  # type: ignore[operator]
    before = session.pending(game)
    with pytest.raises(PendingError, match=message):
        session.keep_needed(game)
    assert session.pending(game) == before


def test_the_api_keeps_the_needed_dice(tmp_path: Path) -> None:
    app, session = build(tmp_path)
    try:
        client: FlaskClient = app.test_client()
        game = declared(session)
        session.offer_roll(settled(die(R, 3), die(B, 6), die(R, 4), die(Y, 4), die(Y, 1)))
        bad = client.post(f"/api/games/{game}/pending/keep-needed", json={"dice": 2})
        assert bad.status_code == 400 and "dice" in bad.get_json()["error"]
        kept = client.post(f"/api/games/{game}/pending/keep-needed", json={})
        pending = kept.get_json()["pending"]
        assert (kept.status_code, pending["ready"]) == (200, True)
        assert pending["line"] == "Al: attempt orange r3 r4 y4 y1"
        again = client.post(f"/api/games/{game}/pending/keep-needed", json={})
        assert again.status_code == 400 and "every die is one" in again.get_json()["error"]
    finally:
        session.close()
