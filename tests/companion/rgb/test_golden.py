"""Whole RGB games in tests/companion/golden/*.rgb replay to the `.json` beside them, export and
replay to the same state, and go through the generic paths (session import, the CLI).

Regenerate after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest <this file>`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.record import replay
from companion.games import find_game
from companion.games.rgb import format_event, state_json
from companion.session import Session
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.rgb"))


def test_there_is_a_whole_game() -> None:
    assert "rgb-win" in {p.stem for p in GAMES}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    got = state_json(replay(path.read_text(encoding="utf-8")))
    assert_matches_golden(path, got)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


def test_the_whole_game_ends_as_recorded() -> None:
    got = state_json(replay((GOLDEN / "rgb-win.rgb").read_text(encoding="utf-8")))
    assert got["winner"] == "Al" and got["turn"]["phase"] == "over"
    assert [p["children"] for p in got["players"]] == [2, 0]
    assert {s["square"]: s["layers"] for s in got["stacks"]}["f6"] == ["yellow"]


def test_the_registry_serves_rgb() -> None:
    rules = find_game("RGB")
    state = rules.new_game({"Players": "Al, Bo"})
    assert rules.name == "rgb" and rules.current_player(state) == "Al"
    assert rules.expected_dice(state, "Al", "") == {}


def test_session_imports_and_exports_an_rgb_record(tmp_path: Path) -> None:
    text = (GOLDEN / "rgb-win.rgb").read_text(encoding="utf-8")
    with Session.open(tmp_path) as session:
        view = session.import_record(text)
        assert view.game == "rgb" and view.state["winner"] == "Al"
        assert [g.players for g in session.list_games()] == [("Al", "Bo")]
        again = session.import_record(session.export(view.game_id))
        assert again.state == view.state


def test_cli_import_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "rgb-win.rgb")
    assert main(["replay", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Al"
    assert main(["replay", path]) == 0
    assert capsys.readouterr().out.splitlines() == ["Al", "Bo", "winner: Al"]
    assert main(["import", "--data", str(tmp_path), path]) == 0


def test_cli_replay_names_a_refused_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.rgb"
    bad.write_text('[Game "rgb"]\n[Players "Al, Bo"]\nAl: place large d6\n', encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.rgb:3: d6 is not on Al's half of the board (ranks 1 to 4)" in err
