"""Whole flyer games in tests/companion/golden/*.flyer replay to the `.json` beside them, export
and replay to the same state, and go through the generic paths (session import, the CLI).

Regenerate after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest <this file>`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.record import replay
from companion.games import find_game
from companion.games.flyer import format_event, state_json
from companion.session import Session
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.flyer"))
WHOLE = GOLDEN / "flyer-default.flyer"


def test_there_is_a_whole_game() -> None:
    assert WHOLE in GAMES


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    got = state_json(replay(path.read_text(encoding="utf-8")))
    assert_matches_golden(path, got)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


def test_the_whole_game_ends_as_recorded() -> None:
    got = state_json(replay(WHOLE.read_text(encoding="utf-8")))
    assert [(p["name"], p["score"]) for p in got["players"]] == [
        ("Al", 3),
        ("Bo", 6),
        ("Cy", 1),
        ("Di", 10),
    ]
    assert got["winner"] == "Di" and got["turn"]["phase"] == "over"
    assert {m["colour"]: (m["space"], m["position"]) for m in got["markers"]} == {
        "white": ("sw-home", 1),
        "yellow": ("ne-home", 0),
        "green": ("sw-home", 0),
        "blue": ("nw-home", 0),
        "purple": ("se-home", 0),
        "red": ("ne-home", 1),
    }


def test_the_registry_serves_flyer() -> None:
    rules = find_game("flyer")
    state = rules.new_game({"Players": "Al, Bo"})
    assert rules.name == "flyer" and rules.current_player(state) is None  # values come first
    assert rules.expected_dice(state, "Al", None) == {}


def test_session_imports_and_exports_a_flyer_record(tmp_path: Path) -> None:
    with Session.open(tmp_path) as session:
        view = session.import_record(WHOLE.read_text(encoding="utf-8"))
        assert view.game == "flyer" and view.state["winner"] == "Di"
        assert [g.players for g in session.list_games()] == [("Al", "Bo", "Cy", "Di")]
        again = session.import_record(session.export(view.game_id))
        assert again.state == view.state


def test_cli_import_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(WHOLE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["values"]["white"] == 6
    assert main(["replay", str(WHOLE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Al: 3 points") and out[-1] == "winner: Di"
    assert main(["import", "--data", str(tmp_path), str(WHOLE)]) == 0


def test_cli_replay_names_a_refused_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.flyer"
    bad.write_text(
        '[Game "flyer"]\n[Players "Al, Bo"]\nAl: values 1 2 3 4 5 6\nAl: roll red\n'
        "Al: move red to n paying red red\n",
        encoding="utf-8",
    )
    assert main(["replay", str(bad)]) == 1
    assert (
        "bad.flyer:5: Al has no red die left to pay with (dice left: red)"
        in capsys.readouterr().err
    )
