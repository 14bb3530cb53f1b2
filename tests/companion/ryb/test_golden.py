"""Whole-game transcripts in tests/companion/golden/: each `.ryb` replays to the `.json` beside it.

After a deliberate change to the rules or to the state JSON, regenerate the expected files with
`DICETABLE_REGEN_GOLDEN=1 python -m pytest tests/companion/ryb/test_golden.py` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import RecordError
from companion.exports.record import replay
from companion.games.ryb import GameState, format_event, state_json
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.ryb"))


def _replay(path: Path) -> GameState:
    state: GameState = replay(path.read_text(encoding="utf-8"))
    return state


def test_there_are_golden_games() -> None:
    assert {p.stem for p in GAMES} >= {"example3", "win-2000", "variants-1999", "lenient"}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    got = state_json(_replay(path))
    assert_matches_golden(path, got)
    assert json.loads(json.dumps(got)) == got


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


def test_example_3_ends_as_the_text_says() -> None:
    state = _replay(GOLDEN / "example3.ryb")
    pools = {p.name: (p.dice.red, p.dice.yellow, p.dice.blue) for p in state.players}
    assert pools == {"Al": (2, 1, 2), "Bruce": (2, 3, 2), "Catherine": (2, 2, 2)}
    goals = [(g.colour.value, g.target, g.banked) for g in state.goals]
    assert goals == [("green", 9, 0), ("red", 18, 7)]
    assert [c.value for c in state.discard] == ["gimme"]
    assert state.winner is None


def test_example_3_cannot_be_played_under_the_1999_banking_rule() -> None:
    # The example has Al bank nothing after a 7-point roll; the 1999 text demands at least 1.
    text = (GOLDEN / "example3.ryb").read_text(encoding="utf-8")
    with pytest.raises(RecordError, match=r"line 9: .*the 1999 edition banks at least 1"):
        replay(text.replace('[Edition "2000"]', '[Edition "1999"]'))


def test_the_won_game_reports_the_winner() -> None:
    got = state_json(_replay(GOLDEN / "win-2000.ryb"))
    assert got["winner"] == "Al" and got["turn"]["phase"] == "over"
    al = got["players"][0]
    assert al["score"] == 103 and al["colours_done"] == ["red", "green", "black"]
    assert al["needs"] == {"colours": 0, "points": 0}
