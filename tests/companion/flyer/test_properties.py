"""Property tests over random legal flyer games: the dice paid are the dice spent, the six
markers are always all on the board once, scores are the values of the markers home, and the
record replays to the same state."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.exports.record import format_record, replay
from companion.games.flyer import (
    STACK_ORDER,
    Event,
    GameState,
    Hue,
    MoveMarkers,
    Phase,
    Roll,
    Values,
    apply,
    format_event,
    start,
    state_json,
)
from companion.games.flyer.paying import walks

HEADER = {"Game": "flyer", "Players": "Al, Bo, Cy", "Covered": "no"}
HUES = list(Hue)


def _moves(state: GameState) -> list[MoveMarkers]:
    out: list[MoveMarkers] = []
    dice = Counter(state.dice)
    for source, stack in sorted(state.stacks.items()):
        if state.board.is_home(source):
            continue
        for size in (1, 2):
            for group in combinations(stack, size):
                for steps in (1, 2, 3):
                    out += _paid_moves(state, source, group, steps, dice)
    return out


def _paid_moves(
    state: GameState, source: str, group: tuple[Hue, ...], steps: int, dice: Counter[Hue]
) -> list[MoveMarkers]:
    out: list[MoveMarkers] = []
    for target in state.board.colours:
        for walk in walks(state.board, source, target, steps):
            paying = [state.board.colour(s) for s in walk] + list(group) * steps
            home = state.board.is_home(target) and state.owner_of_home(target) is None
            if not Counter(paying) - dice and not home and target != source:
                out.append(MoveMarkers(state.player, group, target, tuple(paying)))
    return out


@st.composite
def games(draw: Any) -> list[Event]:
    state = start(HEADER)
    throws = tuple(draw(st.integers(1, 6)) for _ in range(6))
    events: list[Event] = [Values("Al", throws)]
    state = apply(state, events[0])
    for _ in range(draw(st.integers(1, 30))):
        if state.phase is Phase.OVER:
            break
        moves = _moves(state) if state.phase is Phase.MOVE else []
        if moves and draw(st.integers(0, 3)):
            event: Event = moves[draw(st.integers(0, len(moves) - 1))]
        else:
            roller = state.seat if state.phase is Phase.ROLL else (state.seat + 1) % 3
            dice = tuple(draw(st.sampled_from(HUES)) for _ in range(6))
            event = Roll(state.players[roller], dice)
        state = apply(state, event)
        events.append(event)
    return events


def _check(state: GameState, rolled: list[Hue], paid: list[Hue]) -> None:
    everywhere = [m for stack in state.stacks.values() for m in stack]
    assert sorted(everywhere) == sorted(STACK_ORDER)
    assert Counter(rolled) - Counter(paid) == Counter(state.dice)
    assert len(rolled) == len(paid) + len(state.dice)
    if state.values is not None:
        expected = [0] * len(state.players)
        for seat, home in enumerate(state.homes):
            expected[seat] = sum(state.values[m] for m in state.stacks.get(home, ()))
        assert list(state.scores) == expected


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_dice_paid_are_dice_spent_and_markers_are_conserved(events: list[Event]) -> None:
    state = start(HEADER)
    rolled: list[Hue] = []
    paid: list[Hue] = []
    for event in events:
        state = apply(state, event)
        if isinstance(event, Roll):
            rolled, paid = list(event.dice), []
        elif isinstance(event, MoveMarkers):
            paid += event.paying
        _check(state, rolled, paid)
    shown = state_json(state)
    assert json.loads(json.dumps(shown)) == shown
    text = format_record(HEADER, [format_event(e) for e in events])
    assert replay(text) == state
