"""Property tests over random Farkle games: points are never made or lost but by the rules
(every score is its banked turns less its penalties, never below zero), a turn's points are the
sum of what it set aside, every state is JSON, and the record replays to the same state."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.exports.record import format_record, replay
from companion.games.farkle import (
    Bank,
    Event,
    GameState,
    Keep,
    Roll,
    apply,
    choices,
    format_event,
    start,
    state_json,
)

HEADER = {"Game": "farkle", "Players": "Al, Bo, Cy", "Opening": "350", "ThreeFarkles": "500"}


@st.composite
def games(draw: st.DrawFn) -> tuple[GameState, list[Event]]:
    scoring = draw(st.sampled_from(["fixed", "classic", "boxed"]))
    state = start({**HEADER, "Scoring": scoring, "Target": "3000"})
    events: list[Event] = []
    for _ in range(draw(st.integers(1, 120))):
        turn = state.turn
        if turn is None:
            break
        if not turn.must_keep:
            dice = tuple(draw(st.integers(1, 6)) for _ in range(turn.dice_left))
            event: Event = Roll(turn.player, dice)
        else:
            offered = choices(turn.throws[-1].dice, state.options.scoring)
            pick = draw(st.sampled_from(offered))
            banks = draw(st.booleans())
            event = Bank(turn.player, pick.dice) if banks else Keep(turn.player, pick.dice)
        try:
            state = apply(state, event)
        except ValueError:
            continue  # a bank under the opening minimum: refused, the state as it was
        events.append(event)
        turn = state.turn
        if turn is not None:
            kept = sum(t.kept.points for t in turn.throws if t.kept is not None)
            assert turn.points == kept
    return state, events


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_scores_are_banked_points_less_penalties(game: tuple[GameState, list[Event]]) -> None:
    state, events = game
    for seat, name in enumerate(state.players):
        mine = [r for r in state.done if r.player == name]
        assert state.scores[seat] == sum(r.banked for r in mine) - sum(r.penalty for r in mine)
        assert state.scores[seat] >= 0
    json.dumps(state_json(state))
    text = format_record({"Game": "farkle", **HEADER, "Scoring": state.options.scoring.value,
                          "Target": "3000"}, [format_event(e) for e in events])  # fmt: skip
    assert replay(text) == state
