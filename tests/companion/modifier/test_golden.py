"""Whole modifier dice games in tests/companion/golden/: each `.mod` replays to its `.json`.

After a deliberate change to the rules or to the state JSON, regenerate the expected files with
`DICETABLE_REGEN_GOLDEN=1 python -m pytest tests/companion/modifier/test_golden.py` and review the
diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.exports.record import format_record, parse_record, replay, replay_steps
from companion.games.modifier import GameState, format_event, state_json
from companion.games.modifier.state import TOKENS_PER_GOAL
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.mod"))


def _replay(path: Path) -> GameState:
    state: GameState = replay(path.read_text(encoding="utf-8"))
    return state


def test_there_are_golden_games_of_three_and_six_players() -> None:
    sizes = {len(_replay(p).players) for p in GAMES}
    assert {3, 6} <= sizes


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    got = state_json(_replay(path))
    assert_matches_golden(path, got)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    exported = assert_export_replays(path, format_event)
    assert exported == format_record(parse_record(exported).header, exported.splitlines()[3:])


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_ends_with_a_winner_and_no_token_created(path: Path) -> None:
    state = _replay(path)
    assert state.winner is not None and len(state.rounds) == 6
    decided = sum(len(r.results or ()) for r in state.rounds)
    assert sum(state.tokens) + state.lost == TOKENS_PER_GOAL * decided
    assert state.standing is not None and state.standing.throws  # both end with a roll-off
    top = max(state.tokens)
    assert state.tokens[state.players.index(state.winner)] == top


def test_the_six_player_game_rolls_off_twice_when_a_roll_off_ties() -> None:
    text = (GOLDEN / "modifier-six.mod").read_text(encoding="utf-8")
    states = [s.state for s in replay_steps(text)]
    after_round_1 = states[[str(s.line) for s in replay_steps(text)].index("reveal") + 2]
    assert after_round_1.standing is not None and after_round_1.standing.tie is None
    assert len(after_round_1.standing.throws) == 2
