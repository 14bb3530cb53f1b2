"""Property tests over random legal RGB games: pieces are conserved between the board, the pieces
not yet placed and the discarded; every state is JSON; the record replays to the same state."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.exports.record import format_record, replay
from companion.games.rgb import (
    Event,
    GameState,
    Pass,
    Phase,
    Place,
    Sustain,
    apply,
    format_event,
    start,
)
from companion.games.rgb.board import all_squares, on_half
from companion.games.rgb.legal import actions_of
from companion.games.rgb.state import all_pieces, count_board, count_unplaced
from companion.games.rgb.view import state_json

HEADER = {"Game": "rgb", "Players": "Al, Bo"}


def _choices(state: GameState) -> list[Event]:
    player = state.player
    if state.phase is Phase.PLACE:
        kinds = sorted(set(state.to_place[state.seat]))
        free = [s for s in all_squares() if on_half(s, state.seat) and s not in state.board]
        return [Place(player, k, s) for k in kinds for s in free]
    if state.phase is Phase.SUSTAIN:
        square = state.starving[0]
        return [Sustain(player, square, layer) for layer in set(state.board[square].layers)]
    return list(actions_of(state, player)) or [Pass(player)]


def _conserved(state: GameState) -> None:
    board, unplaced = count_board(state), count_unplaced(state)
    for key, total in all_pieces().items():
        held = board.get(key, 0) + unplaced.get(key, 0) + state.discarded.get(key, 0)
        assert held == total, key
        assert state.discarded.get(key, 0) >= 0


@st.composite
def games(draw: Any) -> list[Event]:
    state = start(HEADER)
    events: list[Event] = []
    for _ in range(draw(st.integers(16, 70))):
        if state.phase is Phase.OVER:
            break
        options = _choices(state)
        event = options[draw(st.integers(0, len(options) - 1))]
        state = apply(state, event)
        events.append(event)
    return events


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_pieces_are_conserved_and_records_round_trip(events: list[Event]) -> None:
    state = start(HEADER)
    _conserved(state)
    for event in events:
        state = apply(state, event)
        _conserved(state)
    shown = state_json(state)
    assert json.loads(json.dumps(shown)) == shown
    text = format_record(HEADER, [format_event(e) for e in events])
    assert replay(text) == state
    supply = shown["supply"]
    assert sum(sum(c.values()) for c in supply.values()) == sum(
        n for k, n in all_pieces().items()
    ) - sum(count_board(state).values())
