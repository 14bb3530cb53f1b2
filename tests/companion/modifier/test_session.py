"""The modifier dice game through the generic paths: the session (create, import, append, undo,
export), the games list, the rolls CSV and `dicetable replay`, with no RYB assumption in the way."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.games import find_game
from companion.session import Session
from companion.session.errors import FieldError

GOLDEN = Path(__file__).parent.parent / "golden"
THREE = GOLDEN / "modifier-three.mod"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data") as opened:
        yield opened


def snapshot(session: Session, game_id: str) -> tuple[Any, ...]:
    view = session.view(game_id)
    history = [h.to_json() for h in session.history(game_id)]
    return view.seq, json.dumps(view.state, sort_keys=True), history


def test_an_imported_game_shows_the_replayed_state_and_exports_back(session: Session) -> None:
    text = THREE.read_text(encoding="utf-8")
    view = session.import_record(text)
    assert view.game == "modifier"
    assert view.state == find_game("modifier").state_json(replay(text))
    exported = session.export(view.game_id)
    assert "\nreveal\n" in exported and "\nAnn: roll " in exported
    assert replay(exported) == replay(text)
    listed = {g.game_id: g for g in session.list_games()}[view.game_id]
    assert listed.players == ("Ann", "Ben", "Cat") and listed.winner == "Ann"
    assert session.rolls_csv(view.game_id).startswith("seq,player,goal")


def test_a_new_game_from_the_form_plays_a_round(session: Session) -> None:
    view = session.create_from_options(["Ann", "Ben"], {"game": "modifier", "title": "Fri"})
    assert (view.game, view.header["Game"], view.title) == ("modifier", "modifier", "Fri")
    game = view.game_id
    for line in ["goals  MOST-1s most-2s most-3s", "Ann: roll 1 1 1 2 2 2"]:
        view = session.append(game, line)
    view = session.append(game, "Ben: roll 3 3 3 3 1 1")
    view = session.append(game, "Ann: mod 4 =1 ")
    view = session.append(game, "reveal")
    assert session.history(game)[0].line == "goals most-1s most-2s most-3s"
    assert [p["tokens"] for p in view.state["players"]] == [12, 6]
    assert view.state["order"]["players"] == ["Ben", "Ann"]
    view = session.undo(game)
    assert view.state["phase"] == "play" and view.state["goals"] == []


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("Ann: roll 1 2 3 4 5 6", InvalidEventError, "Ann already rolled 6 6 6 6 6 6"),
        ("Ann: roll 1 2 3 4 5 7", RecordError, "die 6 must be a die face 1 to 6, not '7'"),
        ("Ben: mod 1 +9", RecordError, "no modifier card '+9'"),
        ("reveal", InvalidEventError, "Ben has not rolled yet this round"),
        ("Zed: roll 1 2 3 4 5 6", InvalidEventError, "unknown player 'Zed'"),
    ],
)
def test_a_refused_line_changes_nothing(
    session: Session, line: str, error: type[Exception], words: str
) -> None:
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-2s most-3s")
    session.append(game, "Ann: roll 6 6 6 6 6 6")
    before = snapshot(session, game)
    with pytest.raises(error) as caught:
        session.append(game, line)
    assert words in str(caught.value)
    assert snapshot(session, game) == before


def test_an_unknown_game_in_the_form_is_named(session: Session) -> None:
    with pytest.raises(FieldError, match="unknown game 'chess'") as caught:
        session.create_from_options(["Ann", "Ben"], {"game": "chess"})
    assert caught.value.field == "options.game"


def test_a_camera_attempt_is_refused_in_words_not_a_crash(session: Session) -> None:
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-2s most-3s")
    with pytest.raises(FieldError, match="not an attempt on a goal"):
        session.declare_attempt(game, "Ann", "most-1s")


def test_replay_json_prints_players_round_goals_and_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", str(THREE), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in shown["players"]] == ["Ann", "Ben", "Cat"]
    assert all(len(p["values"]) == 6 and isinstance(p["tokens"], int) for p in shown["players"])
    assert shown["round"] == 6 and shown["winner"] == "Ann"
    assert [g["card"] for g in shown["goals"]][:3] == ["most-2s", "most-6s", "most-evens"]
    assert all(isinstance(g["winners"], list) for g in shown["goals"])


def test_replay_text_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(THREE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ann: 45 tokens" and "winner: Ann" in out
