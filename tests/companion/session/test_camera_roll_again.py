"""The camera reads a failed roll thrown again, not only an attempt's first roll: a Do-Over and a
paid re-roll (by card, or paying back a completed goal) are declared like an attempt, expect the
open roll's dice (same colours, same count) and are accepted as their own record line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.session import Session
from companion.session.errors import FieldError, PendingError
from tests.web.api.support import build, settled
from vision.types import Colour

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE
FAILED = "Al: goal orange 7\nAl: attempt orange r1 r1 y1 y1\n"
ROLL = settled((R, 3, False), (R, 4, False), (Y, 4, False), (Y, 5, False))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def game(session: Session, header: str = "", lines: str = FAILED) -> str:
    record = f'[Players "Al, Bruce"]\n{header}{lines}'
    return session.import_record(record).game_id


# A treasure-paid re-roll needs a completed goal: Al completes Red 2, then fails Orange.
TREASURE = "Al: goal red 2 value 4\nAl: attempt red r1 r1\nBruce: dump\n" + (
    "Al: goal orange 7\nAl: attempt orange r1 r1 y1 y1\n"
)


@pytest.mark.parametrize(
    ("header", "lines", "verb", "returned", "line"),
    [
        ("", FAILED, "doover", None, "Al: doover r3 r4 y4 y5"),
        ('[Reroll "card"]\n', FAILED, "reroll", None, "Al: reroll r3 r4 y4 y5"),
        ('[Reroll "treasure"]\n', TREASURE, "reroll", "#1", "Al: reroll return #1 r3 r4 y4 y5"),
    ],
)
def test_a_roll_thrown_again_is_read_by_the_camera(
    session: Session, header: str, lines: str, verb: str, returned: str | None, line: str
) -> None:
    gid = game(session, header, lines)
    declared = session.declare_roll_again(gid, "Al", verb, returned)
    pending = declared.pending
    assert pending is not None
    assert pending.to_json()["expected"] == {"red": 2, "yellow": 2}
    assert (pending.verb, pending.goal) == (verb, "orange")
    assert session.offer_roll(ROLL) == gid
    ready = session.view(gid).pending
    assert ready is not None and ready.matches and ready.preview_line() == line
    session.accept_roll(gid)
    event = session.history(gid)[-1]
    assert (event.line, event.source, event.has_thumbnail) == (line, "camera", True)
    assert event.meta["verb"] == verb
    assert session.view(gid).state["last_attempt"]["completed"] is True  # 3+4 and 4+5: 7


@pytest.mark.parametrize(
    ("header", "lines", "player", "verb", "returned", "error", "message"),
    [
        ("", "Al: goal orange 7\n", "Al", "doover", None, FieldError, "no failed attempt roll"),
        ("", FAILED, "Bruce", "doover", None, FieldError, "it is Al's turn"),
        ("", FAILED, "Al", "attempt", None, FieldError, "verb must be one of: doover, reroll"),
        ("", FAILED, "Al", ["doover"], None, FieldError, "verb must be one of"),
        ("", FAILED, "Al", "reroll", None, PendingError, "re-rolling by paying is off"),
        ('[Reroll "treasure"]\n', TREASURE, "Al", "reroll", "#1 #2", FieldError, "returned"),
        ('[Reroll "treasure"]\n', TREASURE, "Al", "reroll", None, PendingError, "return GOAL"),
    ],
)
def test_a_roll_that_cannot_be_thrown_again_is_refused(
    session: Session,
    header: str,
    lines: str,
    player: str,
    verb: object,
    returned: object,
    error: type[Exception],
    message: str,
) -> None:
    gid = game(session, header, lines)
    with pytest.raises(error, match=message):
        session.declare_roll_again(gid, player, verb, returned)
    assert session.pending(gid) is None


def test_the_table_view_api_declares_a_do_over(tmp_path: Path) -> None:
    app, session = build(tmp_path)
    try:
        client: FlaskClient = app.test_client()
        gid = game(session)
        url = f"/api/games/{gid}/roll-again"
        bad = client.post(url, json={"player": "Al"})
        assert bad.status_code == 400 and "verb" in bad.get_json()["error"]
        wrong = client.post(url, json={"player": "Al", "verb": "mulligan"})
        assert (wrong.status_code, wrong.get_json()["field"]) == (400, "verb")
        made = client.post(url, json={"player": "Al", "verb": "doover"})
        pending = made.get_json()["pending"]
        assert (made.status_code, pending["verb"], pending["what"]) == (
            200,
            "doover",
            "Do-Over on orange",
        )
        session.offer_roll(ROLL)
        accepted = client.post(f"/api/games/{gid}/pending/accept", json={})
        assert accepted.status_code == 201
        assert session.history(gid)[-1].line == "Al: doover r3 r4 y4 y5"
    finally:
        session.close()
