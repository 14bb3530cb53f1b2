"""`dicetable replay | import | export | games` through the real command line entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.exports.record import replay
from companion.games import find_game

GOLDEN = Path(__file__).parent.parent / "golden" / "example3.ryb"
ROOT = Path(__file__).resolve().parents[3]


def state_of(text: str) -> dict[str, object]:
    return find_game("ryb").state_json(replay(text))


def test_replay_json_prints_the_state_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == state_of(GOLDEN.read_text())


def test_replay_as_a_real_process() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "replay",
            "tests/companion/golden/example3.ryb",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["turn"]["player"] == "Catherine"
    assert [p["name"] for p in shown["players"]] == ["Al", "Bruce", "Catherine"]


def test_replay_text_names_players_goals_and_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Al: 0 points; dice 2 red, 1 yellow, 2 blue; treasure none"
    assert out[-2] == "goals in play: #1 green 9 (banked 0); #2 red 18 (banked 7)"
    assert out[-1] == "to play: Catherine (end)"


@pytest.mark.parametrize(
    ("body", "line_no", "line", "words"),
    [
        ('[Players "Al, Bo"]\nAl: goal orange 7\nAl: attempt orange r3 r9\n', 3, "r9", "bad die"),
        ('[Players "Al, Bo"]\n\nBo: pass # too early\n', 3, "Bo: pass", "Bo"),
        ('[Players "Al, Bo"]\nAl: goal orange 7\n[Edition "1999"]\n', 3, "Edition", "header"),
        ('[Players "Al"]\n', 1, "Players", "2 to 5 players"),
    ],
)
def test_bad_record_exits_non_zero_naming_the_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: str,
    line_no: int,
    line: str,
    words: str,
) -> None:
    bad = tmp_path / "bad.ryb"
    bad.write_text(body)
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    first, shown = err.splitlines()[:2]
    assert first.startswith(f"{bad}:{line_no}: ") and words in first
    assert shown.startswith(f"    {line_no} | ") and line in shown
    assert main(["import", str(bad), "--data", str(tmp_path / "data")]) == 1
    assert main(["games", "--json", "--data", str(tmp_path / "data")]) == 0
    assert json.loads(capsys.readouterr().out) == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["replay", "no/such/file.ryb"], "cannot read no/such/file.ryb"),
        (["export", "zzzzzzzzzz"], "no game with id 'zzzzzzzzzz'"),
        (["export", "../../etc/passwd"], "invalid game id"),
    ],
)
def test_errors_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    if argv[0] != "replay":
        argv = [*argv, "--data", str(tmp_path)]
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_not_utf8_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin.ryb"
    bad.write_bytes(b'[Players "Al, Bj\xf6rn"]\n')
    assert main(["replay", str(bad)]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_import_then_export_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DICETABLE_DATA", str(tmp_path / "envdata"))
    assert main(["import", str(GOLDEN)]) == 0
    game_id = capsys.readouterr().out.strip()
    assert main(["export", game_id]) == 0
    exported = capsys.readouterr().out
    assert state_of(exported) == state_of(GOLDEN.read_text())

    out = tmp_path / "out.ryb"
    assert main(["export", game_id, "-o", str(out)]) == 0
    assert out.read_text() == exported
    assert (tmp_path / "envdata" / "dicetable.sqlite3").exists()

    assert main(["games", "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert (listed["id"], listed["seq"], listed["current_player"]) == (game_id, 8, "Catherine")
    assert main(["games"]) == 0
    assert capsys.readouterr().out.startswith(f"{game_id}  ")


def test_data_flag_beats_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DICETABLE_DATA", str(tmp_path / "env"))
    assert main(["import", str(GOLDEN), "--data", str(tmp_path / "flag")]) == 0
    assert (tmp_path / "flag" / "dicetable.sqlite3").exists()
    assert not (tmp_path / "env").exists()
