"""Helpers the RYB tests share: build a state from record lines, check a refused line."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError
from companion.exports.record import format_record, replay
from companion.games.ryb import GameState, apply, parse_event, state_json

PLAYERS = "Al, Bruce, Cat"


def game(lines: str = "", **header: str) -> GameState:
    """The state after `lines` (one event a line) in a game of Al, Bruce and Cat."""
    head = {"Players": PLAYERS, **header}
    text = format_record(head, [ln.strip() for ln in lines.strip().splitlines() if ln.strip()])
    state: GameState = replay(text)
    return state


def play(state: GameState, line: str) -> GameState:
    return apply(state, parse_event(line, state))


def refused(state: GameState, line: str, *fragments: str) -> str:
    """Apply `line`, expect InvalidEventError naming every fragment, and an untouched state."""
    before = state_json(state)
    with pytest.raises(InvalidEventError) as caught:
        apply(state, parse_event(line, state))
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert state_json(state) == before
    return message


def dice(state: GameState, name: str) -> tuple[int, int, int]:
    pool = state.player(name).dice
    return pool.red, pool.yellow, pool.blue
