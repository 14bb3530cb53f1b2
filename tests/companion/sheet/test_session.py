"""The score sheet through the session: a camera roll of any-colour dice declared with no goal,
corrected and accepted as the player's `roll` line (the registry's `roll_format`), a typed roll
and score, undo and amend, and the exports (record, rolls CSV, BG Stats)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import InvalidEventError
from companion.session import Session
from companion.session.errors import FieldError, PendingError
from tests.web.api.support import settled
from vision.types import Colour


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data") as opened:
        yield opened


def new_sheet(session: Session, **options: str) -> str:
    return session.create_from_options(["Ann", "Ben"], {"game": "sheet", **options}).game_id


def test_a_camera_roll_of_any_colour_becomes_the_players_roll_line(session: Session) -> None:
    game = new_sheet(session, dice="3")
    view = session.declare_attempt(game, "Ann", None)
    assert view.pending is not None and view.pending.what == "roll"
    roll = settled((Colour.WHITE, 6, False), (Colour.GREEN, 2, True), (Colour.RED, 5, False))
    session.offer_roll(roll)
    pending = session.pending(game)
    assert pending is not None and pending.check == "expected 3 dice, saw 3 dice"
    assert pending.matches and pending.preview_line() == "Ann: roll 6 2 5"
    with pytest.raises(PendingError, match=r"die 2 \(green 2\) is unsure"):
        session.accept_roll(game)
    session.correct_die(game, 1, "green", 3, was="green 2")
    view = session.accept_roll(game)
    assert session.history(game)[-1].line == "Ann: roll 6 3 5"
    assert view.state["players"][0]["score"] == 14 and view.state["turn"] == "Ben"
    meta = session.history(game)[-1].to_json()
    assert "camera saw" in json.dumps(meta)


def test_extra_dice_on_the_table_are_kept_out(session: Session) -> None:
    game = new_sheet(session, dice="2")
    session.declare_attempt(game, "Ann", "")
    session.offer_roll(
        settled((Colour.WHITE, 6, False), (Colour.WHITE, 1, True), (Colour.BLUE, 4, False))
    )
    pending = session.pending(game)
    assert pending is not None and not pending.matches
    assert pending.check == "expected 2 dice, saw 3 dice"
    session.keep_needed(game)
    session.accept_roll(game)
    assert session.history(game)[-1].line == "Ann: roll 6 4"


def test_any_number_of_dice_when_the_sheet_names_none(session: Session) -> None:
    game = new_sheet(session)
    session.declare_attempt(game, "Ann", None)
    assert session.pending(game).check is None  # type: ignore[union-attr]
    session.manual_roll(game, "white4 red2 y1")
    pending = session.pending(game)
    assert pending is not None and pending.check == "saw 3 dice" and pending.matches
    # Any number of dice: none is past what the roll needs, and none can be kept out.
    assert pending.to_json()["extra"] == []
    with pytest.raises(PendingError, match="takes any number of dice"):
        session.keep_needed(game)
    session.accept_roll(game)
    assert session.history(game)[-1].line == "Ann: roll 4 2 1"


@pytest.mark.parametrize(
    ("player", "goal", "named"),
    [
        ("Ben", None, "it is Ann's turn"),
        ("Ann", "#1", "not an attempt on a goal"),
        ("Cat", None, "it is Ann's turn"),
    ],
)
def test_a_camera_roll_out_of_turn_is_refused(
    session: Session, player: str, goal: str | None, named: str
) -> None:
    game = new_sheet(session)
    with pytest.raises(FieldError, match=named):
        session.declare_attempt(game, player, goal)
    assert session.pending(game) is None


def test_the_ryb_attempt_still_needs_its_goal(session: Session) -> None:
    game = session.create_from_options(["Al", "Bo"], {}).game_id
    with pytest.raises(FieldError, match="goal must be one word"):
        session.declare_attempt(game, "Al", None)


def test_undo_amend_and_the_exports(session: Session) -> None:
    game = new_sheet(session, count="only 6", target="18")
    for line in ("Ann: roll 6 6 1", "Ben: roll 6 2", "Ann: score 3"):
        session.append(game, line)
    session.undo(game)
    assert session.view(game).state["turn"] == "Ann"
    first = session.history(game)[0]
    session.append(game, f"amend #{first.seq} Ann: roll 6 1 1")
    view = session.view(game)
    assert [p["score"] for p in view.state["players"]] == [6, 6]
    session.append(game, "Ann: roll 6 6")
    with pytest.raises(InvalidEventError, match="it is Ben's turn in round 2"):
        session.append(game, "Ann: roll 6")
    session.append(game, "Ben: roll 1")
    view = session.view(game)
    assert view.state["winner"] == "Ann" and view.state["ending"].startswith("Ann reached")
    record = session.export(game)
    assert '[Count "only 6"]' in record and "Ann: roll 6 1 1" in record and "amend" not in record


@pytest.mark.parametrize(
    ("players", "options", "first", "goal", "dice", "line"),
    [
        (["Mary Jo", "Bo"], {"game": "sheet"}, None, None, "w5 w2", "Mary Jo: roll 5 2"),
        (["Mary Ann", "Bo"], {}, "Mary Ann: goal red 6", "red", "r3 r3",
         "Mary Ann: attempt red r3 r3"),
    ],
)  # fmt: skip
def test_a_player_of_several_words_rolls_with_the_camera(
    session: Session,
    players: list[str],
    options: dict[str, str],
    first: str | None,
    goal: str | None,
    dice: str,
    line: str,
) -> None:
    game = session.create_from_options(players, options).game_id
    if first:
        session.append(game, first)
    session.declare_attempt(game, f" {players[0]} ", goal)
    session.manual_roll(game, dice.replace("w", "white"))
    session.accept_roll(game)
    assert session.history(game)[-1].line == line
