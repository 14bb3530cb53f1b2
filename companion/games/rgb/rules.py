"""`apply(state, event) -> state`: the one entry point of the RGB rules, and `new_game`.

A turn is one action (place, move, create, attack, heal, or a pass when nothing is legal); in
play, the mover's starving Children then each lose a layer (`sustain`) before the turn passes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from companion.games.players import check_players
from companion.games.rgb import actions as act
from companion.games.rgb import legal
from companion.games.rgb.board import Square, Stack
from companion.games.rgb.events import Attack, Create, Event, Heal, Move, Pass, Place, Sustain
from companion.games.rgb.state import GameState, Phase, Piece, start_state
from companion.games.rgb.writing import format_event

PLAYERS = 2


def new_game(names: Sequence[str]) -> GameState:
    """The first name is the first player (two Men, three Children); the second has the Golden
    Child (ruling 1)."""
    check_players("RGB", names, PLAYERS, PLAYERS)
    return start_state((names[0], names[1]))


def _check_turn(state: GameState, event: Event) -> None:
    if state.phase is Phase.OVER:
        act.fail("the game is over: " + (f"{state.winner} has won" if state.winner else "a draw"))
    seat = state.seat_of(event.player)
    if seat is None:
        act.fail(f"{event.player} is not playing (players: {', '.join(state.players)})")
    if seat != state.seat:
        act.fail(f"it is {state.player}'s turn, not {event.player}'s")
    if state.phase is Phase.PLACE and not isinstance(event, Place):
        left = len(state.to_place[state.seat])
        act.fail(f"{state.player} must first place their stacks ({left} left to place)")
    if state.phase is not Phase.PLACE and isinstance(event, Place):
        act.fail(f"{state.player} has placed all their stacks; the opening is over")
    if state.phase is Phase.SUSTAIN and not isinstance(event, Sustain):
        squares = ", ".join(str(s) for s in state.starving)
        act.fail(
            f"{state.player}'s turn is not over: the starving Child on {squares} must first "
            "lose a layer (sustain SQUARE LAYER)"
        )
    if state.phase is Phase.PLAY and isinstance(event, Sustain):
        act.fail(f"{state.player} has no starving Child to sustain now")


def _canonical(state: GameState, event: Event) -> Event:
    """The event with the player's name as the header spells it."""
    return replace(event, player=state.players[state.seat])


def _loser(state: GameState, board: Mapping[Square, Stack]) -> str | None:
    """The mover loses first if both lose their last Child in one turn (our reading)."""
    probe = replace(state, board=board)
    for name in (state.player, state.opponent):
        if probe.children(name) == 0:
            return name
    return None


def _won(state: GameState, loser: str) -> GameState:
    return replace(state, winner=state.players[1 - state.players.index(loser)], starving=())


def _after_action(
    state: GameState, board: dict[Square, Stack], discards: Mapping[Piece, int]
) -> GameState:
    state = replace(state, board=board, discarded=dict(discards))
    loser = _loser(state, board)
    if loser is not None:
        return _won(state, loser)
    starving = act.starving(board, state.player)
    if starving:
        return replace(state, starving=starving)
    return _next_turn(state)


def _next_turn(state: GameState) -> GameState:
    return replace(state, seat=1 - state.seat, starving=(), turns=state.turns + 1)


def _place(state: GameState, event: Place) -> GameState:
    board = act.place(state, event)
    reserve = list(state.to_place[state.seat])
    reserve.remove(event.kind)
    to_place = list(state.to_place)
    to_place[state.seat] = tuple(reserve)
    state = replace(state, board=board, to_place=(to_place[0], to_place[1]))
    if state.to_place[state.seat] and not state.to_place[1 - state.seat]:
        # Ruling 1 alternates; a player with nothing left to place hands the turn straight back.
        return replace(state, turns=state.turns + 1)
    return _next_turn(state)


def _pass(state: GameState, event: Pass) -> GameState:
    example = next(legal.actions_of(state, event.player), None)
    if example is not None:
        act.fail(f"{event.player} can still play (for example `{format_event(example)}`)")
    if state.passes + 1 >= PLAYERS:
        return replace(state, draw=True, passes=state.passes + 1)
    return _after_action(
        replace(state, passes=state.passes + 1), dict(state.board), state.discarded
    )


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    _check_turn(state, event)
    event = _canonical(state, event)
    if isinstance(event, Place):
        return _place(state, event)
    if isinstance(event, Pass):
        return _pass(state, event)
    if isinstance(event, Sustain):
        board, discards = act.sustain(state, event)
        left = tuple(s for s in state.starving if s != event.square)
        state = replace(state, board=board, discarded=discards, starving=left)
        loser = _loser(state, board)
        if loser is not None:
            return _won(state, loser)
        return state if left else _next_turn(state)
    state = replace(state, passes=0)
    if isinstance(event, Move):
        return _after_action(state, act.move(state, event), state.discarded)
    if isinstance(event, Create):
        return _after_action(state, *act.create(state, event))
    if isinstance(event, Attack):
        return _after_action(state, *act.attack(state, event))
    if isinstance(event, Heal):
        return _after_action(state, *act.heal(state, event))
    raise AssertionError(f"unknown RGB event {event!r}")
