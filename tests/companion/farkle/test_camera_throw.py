"""A Farkle throw read by the camera (an attempt with no goal, the game's `roll_format`): as
many dice as the turn throws, any colour, each read for its pips; corrected like any camera
roll and accepted as the `roll` line with its frame and corrections kept. Refused in words when
nobody may throw."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from flask.testing import FlaskClient

from companion.errors import FieldError
from companion.session import Session
from tests.web.api.support import build
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die


def settled(*faces: tuple[Colour, int]) -> SettledRoll:
    dice = [
        Die(colour, pips, 0.97, (50 * k, 10, 50 * k + 40, 50))
        for k, (colour, pips) in enumerate(faces)
    ]
    frame = np.full((120, 50 * len(dice) + 50, 3), 100, np.uint8)
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(dice))


W, G, R = Colour.WHITE, Colour.GREEN, Colour.RED


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def farkle(session: Session) -> str:
    return session.create_from_options(["Ann", "Ben"], {"game": "farkle"}).game_id


def test_a_camera_throw_becomes_the_roll_line(session: Session) -> None:
    gid = farkle(session)
    view = session.declare_attempt(gid, "Ann")
    assert view.pending is not None and view.pending.what == "roll"
    assert session.offer_roll(settled((W, 1), (G, 5), (R, 2), (W, 3), (W, 4), (W, 6))) == gid
    pending = session.pending(gid)
    assert pending is not None and pending.matches
    assert pending.preview_line() == "Ann: roll 1 5 2 3 4 6"
    session.correct_die(gid, 2, "red", 5, "r2")
    view = session.accept_roll(gid)
    event = session.store.events(gid)[-1]
    assert (event.line, event.source) == ("Ann: roll 1 5 5 3 4 6", "camera")
    assert event.has_thumbnail
    assert event.meta["corrections"][0]["after"] == "r5"
    assert view.state["turn"]["next"] == "keep"


def test_a_throw_after_dice_set_aside_expects_the_dice_left(session: Session) -> None:
    gid = farkle(session)
    session.append(gid, "Ann: roll 1 5 2 3 4 6")
    with pytest.raises(FieldError, match="sets aside scoring dice of the last throw"):
        session.declare_attempt(gid, "Ann")
    session.append(gid, "Ann: keep 1 5")
    session.declare_attempt(gid, "Ann")
    # The two dice set aside still lie in view: the surest four of them are the throw.
    session.offer_roll(settled((W, 2), (W, 2), (W, 2), (W, 6), (W, 1), (W, 5)))
    pending = session.pending(gid)
    assert pending is not None and not pending.matches
    assert pending.check == "expected 4 dice, saw 6 dice"
    session.keep_needed(gid)
    session.accept_roll(gid)
    assert session.store.events(gid)[-1].line == "Ann: roll 2 2 2 6"


@pytest.mark.parametrize(
    ("who", "message"), [("Ben", "Ben cannot attempt now: it is Ann's turn"), ("", "player must")]
)
def test_only_the_player_to_throw_may_declare(session: Session, who: str, message: str) -> None:
    gid = farkle(session)
    with pytest.raises(FieldError, match=message):
        session.declare_attempt(gid, who)
    assert session.pending(gid) is None


def test_the_api_declares_a_camera_throw(tmp_path: Path) -> None:
    app, _ = build(tmp_path)
    client: FlaskClient = app.test_client()
    new = {"players": ["Ann", "Ben"], "options": {"game": "farkle"}}
    made = client.post("/api/games", json=new)
    gid = made.get_json()["id"]
    answer = client.post(f"/api/games/{gid}/attempt", json={"player": "Ann"})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["pending"]["what"] == "roll"
    refused = client.post(f"/api/games/{gid}/attempt", json={"player": "Zed"})
    assert refused.status_code == 400
    assert "Zed cannot attempt now" in refused.get_json()["error"]
