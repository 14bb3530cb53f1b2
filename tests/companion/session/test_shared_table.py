"""Declared attempts shared by several server processes (`SharedTable`, kept in the store):
declared through one, seen, rolled, corrected and accepted through others, each change once;
the pending attempt goes through JSON and back exactly."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import InvalidEventError
from companion.session import Session
from companion.session.agents import AgentDesk
from companion.session.errors import NoPendingError
from companion.session.pending_codec import pending_of, pending_text
from companion.session.shared_table import SharedTable
from companion.store.core import open_store
from tests.store_backends import StoreSpot
from tests.web.api.support import orange_game, settled
from vision.types import Colour

R, Y = Colour.RED, Colour.YELLOW
AT = "2026-11-27T01:02:03.000000Z"
DICE = [
    {"colour": "red", "pips": 4, "confidence": 0.95, "box_xyxy": [5, 10, 40, 45]},
    {"colour": "red", "pips": 2, "confidence": 0.95, "box_xyxy": [45, 10, 80, 45]},
    {"colour": "yellow", "pips": 5, "confidence": 0.95, "box_xyxy": [85, 10, 120, 45]},
    {"colour": "yellow", "pips": 6, "confidence": 0.4, "box_xyxy": [125, 10, 160, 45],
     "unsure": True},
]  # fmt: skip


@pytest.fixture
def two(store_spot: StoreSpot, tmp_path: Path) -> Iterator[tuple[Session, Session]]:
    """Two sessions on one database, as two server processes have."""
    sessions = []
    for name in ("a", "b"):
        session = Session(open_store(store_spot.spec), tmp_path / name, poll_s=0.05)
        session.table = SharedTable(session.store)
        sessions.append(session)
    yield sessions[0], sessions[1]
    for session in sessions:
        session.close()


def test_an_attempt_declared_in_one_process_is_rolled_corrected_and_accepted_in_others(
    two: tuple[Session, Session],
) -> None:
    a, b = two
    game = orange_game(a)
    a.declare_attempt(game, "Al", "orange")
    seen = b.pending(game)
    assert seen is not None and (seen.player, seen.goal, seen.has_roll) == ("Al", "orange", False)
    assert a.version(game) == b.version(game)
    AgentDesk(b).receive(game, "roll-0001", {"dice": DICE}, settled_at=AT, thumbnail_jpeg=None)
    rolled = a.pending(game)
    assert rolled is not None and [d.pips for d in rolled.dice] == [4, 2, 5, 6]
    assert rolled.unsure == (3,)
    a.correct_die(game, 3, "yellow", 6)
    after = b.pending(game)
    assert after is not None and after.unsure == () and after.rev > rolled.rev
    view = b.accept_roll(game)
    assert view.seq == 2 and a.pending(game) is None and b.pending(game) is None
    assert [e.line for e in a.store.events(game)][-1] == "Al: attempt orange r4 r2 y5 y6"


def test_an_agents_correction_taken_by_one_process_corrects_the_attempt_for_all_once(
    two: tuple[Session, Session],
) -> None:
    a, b = two
    game = orange_game(a)
    a.declare_attempt(game, "Al", "orange")
    AgentDesk(b).receive(game, "roll-0001", {"dice": DICE}, settled_at=AT, thumbnail_jpeg=None)
    fixed = [dict(d, pips=3, unsure=False) if d.get("unsure") else d for d in DICE]
    roll, changed = AgentDesk(a).correct(game, "roll-0001", {"dice": fixed})
    assert (roll.n, changed) == (1, True)
    seen = b.pending(game)
    assert seen is not None and [d.pips for d in seen.dice] == [4, 2, 5, 3] and seen.unsure == ()
    assert AgentDesk(b).correct(game, "roll-0001", {"dice": fixed}) == (roll, False)
    assert a.pending(game) == seen  # sent again: not written again
    b.accept_roll(game)
    assert AgentDesk(a).correct(game, "roll-0001", {"dice": fixed}) == (roll, False)
    assert [e.line for e in a.store.events(game)][-1] == "Al: attempt orange r4 r2 y5 y3"


def test_a_line_typed_elsewhere_clears_the_attempt_for_everyone(
    two: tuple[Session, Session],
) -> None:
    a, b = two
    game = orange_game(a)
    a.declare_attempt(game, "Al", "orange")
    b.append(game, "Al: pass")
    assert a.pending(game) is None
    view = a.view(game)
    assert view.pending_cleared is not None
    assert "moved on" in view.pending_cleared.reason
    with pytest.raises(NoPendingError, match="has no declared attempt"):
        a.correct_die(game, 0, "red", 1)


def test_one_accept_wins(two: tuple[Session, Session]) -> None:
    a, b = two
    game = orange_game(a)
    a.declare_attempt(game, "Al", "orange")
    a.manual_roll(game, "r4 r2 y5 y6")
    b.table.claim(game)  # b is appending it now
    with pytest.raises(NoPendingError, match="being accepted"):
        a.accept_roll(game)
    b.table.release(game)
    a.accept_roll(game)
    with pytest.raises(NoPendingError):
        b.accept_roll(game)
    assert len(a.store.events(game)) == 2


def test_a_refused_change_leaves_the_shared_attempt_as_it_was(
    two: tuple[Session, Session],
) -> None:
    a, b = two
    game = orange_game(a)
    a.declare_attempt(game, "Al", "orange")
    a.manual_roll(game, "r4 r2 y5")
    before = b.pending(game)
    with pytest.raises(InvalidEventError):
        b.accept_roll(game)  # three dice where four are expected: the rules refuse it
    assert a.pending(game) == before


def test_a_pending_attempt_goes_through_json_exactly(tmp_path: Path) -> None:
    with Session.open(tmp_path / "data") as session:
        game = orange_game(session)
        session.declare_attempt(game, "Al", "orange")
        session.offer_roll(settled((R, 4, False), (R, 2, False), (Y, 5, False), (Y, 6, True)))
        session.correct_die(game, 3, "yellow", 6)
        session.offer_roll(settled((R, 1, False)))  # waits behind the one shown
        pending = session.pending(game)
        assert pending is not None and pending.queued is not None
        again = pending_of(pending_text(pending))
        assert again == pending
        assert again.camera is not None and pending.camera is not None
        assert again.camera.thumbnail_jpeg == pending.camera.thumbnail_jpeg
