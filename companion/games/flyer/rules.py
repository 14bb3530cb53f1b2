"""`apply(state, event) -> state`: the one entry point of the flyer-game rules, and `new_game`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import NoReturn

from companion.errors import InvalidEventError
from companion.games import players as pl
from companion.games.flyer import paying
from companion.games.flyer.board import Board
from companion.games.flyer.colours import VALUE_ORDER, Hue, words
from companion.games.flyer.events import Event, MoveMarkers, Roll, Values
from companion.games.flyer.state import GameState, Phase, start_state

MIN_PLAYERS = 2
DICE = 6


def fail(message: str) -> NoReturn:
    raise InvalidEventError(message)


def check_players(board: Board, names: Sequence[str]) -> None:
    """As many players as the board has homebases at most, with names of their own."""
    pl.check_players("this board", names, MIN_PLAYERS, len(board.homes))


def check_homes(board: Board, names: Sequence[str], homes: Sequence[str]) -> None:
    if len(homes) != len(names):
        fail(f"name one homebase per player: {len(names)} players, {len(homes)} homebases")
    for home in homes:
        if not board.is_home(home):
            fail(f"{home!r} is not a homebase of the board (homebases: {', '.join(board.homes)})")
    if len(set(homes)) != len(homes):
        fail("two players cannot share a homebase")


def new_game(
    board: Board, names: Sequence[str], homes: Sequence[str] | None = None, covered: bool = False
) -> GameState:
    """Seats in `names` order; each takes the homebase at its seat in `homes` (default: the
    board's homebases in the order the board lists them)."""
    check_players(board, names)
    chosen = tuple(homes) if homes is not None else board.homes[: len(names)]
    check_homes(board, names, chosen)
    return start_state(board, tuple(names), chosen, covered)


def _values(state: GameState, event: Values) -> GameState:
    if state.phase is not Phase.VALUES:
        fail("the colour values are already thrown")
    if len(event.throws) != DICE or not all(1 <= t <= 6 for t in event.throws):
        thrown = " ".join(str(t) for t in event.throws) or "none"
        fail(f"the colour values are six throws of a normal die (1 to 6), not {thrown}")
    ordered = sorted(event.throws)
    return replace(state, values=dict(zip(VALUE_ORDER, ordered, strict=True)))


def _roll(state: GameState, event: Roll, seat: int) -> GameState:
    if not 1 <= len(event.dice) <= DICE:
        fail(f"a roll is of the {DICE} colour dice, not {len(event.dice)}")
    if state.phase is Phase.ROLL:
        if seat != state.seat:
            fail(f"it is {state.player}'s turn to roll, not {event.player}'s")
        return replace(state, rolled=True, dice=event.dice)
    following = (state.seat + 1) % len(state.players)
    if seat == state.seat:
        fail(f"{event.player} has rolled this turn already")
    if seat != following:
        fail(f"after {state.player} it is {state.players[following]}'s turn, not {event.player}'s")
    return replace(state, seat=following, rolled=True, dice=event.dice, turns=state.turns + 1)


def _source(state: GameState, markers: tuple[Hue, ...]) -> str:
    if len(set(markers)) != len(markers):
        fail(f"a marker is named twice: {words(markers)}")
    places = {m: state.where(m)[0] for m in markers}
    spaces = set(places.values())
    if len(spaces) > 1:
        where = ", ".join(f"the {m.value} marker is on {s}" for m, s in places.items())
        fail(f"markers that move together start on one space ({where})")
    source = spaces.pop()
    if state.board.is_home(source):
        fail(f"the {markers[0].value} marker is home on {source} and stays there")
    return source


def _check_covered(state: GameState, source: str, markers: tuple[Hue, ...]) -> None:
    if not state.covered_rule:
        return
    stack = state.stacks[source]
    for at in reversed(range(len(stack))):
        marker = stack[at]
        above = [m for m in stack[at + 1 :] if m not in markers]
        if marker in markers and above:
            fail(
                f"the {marker.value} marker is under the {above[0].value} marker and cannot "
                "move (the covered-marker rule is on)"
            )


def _check_target(state: GameState, source: str, target: str) -> None:
    if target not in state.board.colours:
        fail(f"there is no space {target!r} on this board")
    if target == source:
        fail(f"the markers are on {target} already")
    if state.board.is_home(target) and state.owner_of_home(target) is None:
        fail(f"{target} is nobody's homebase in this game")


def _check_dice(state: GameState, event: MoveMarkers) -> None:
    short = Counter(event.paying) - Counter(state.dice)
    if short:
        missing = sorted(short.elements())
        fail(
            f"{event.player} has no {missing[0].value} die left to pay with "
            f"(dice left: {words(state.dice)})"
        )


def _way(state: GameState, event: MoveMarkers, source: str) -> tuple[str, ...]:
    steps = paying.steps_paid(event.paying, event.markers)
    if steps is None:
        per = 1 + len(event.markers)
        fail(
            f"{len(event.paying)} dice pay for no whole number of steps: with "
            f"{len(event.markers)} marker(s) each step costs {per} dice (one for the space, "
            "one per marker)"
        )
    spaces = paying.space_dice(event.paying, event.markers, steps)
    for marker in event.markers:
        if spaces[marker] < 0:
            fail(
                f"{steps} step(s) need {steps} {marker.value} dice for the {marker.value} marker, "
                f"and fewer are paid"
            )
    way = paying.find_way(state.board, source, event.space, steps, spaces)
    if way is None:
        fail(
            f"the dice paid for the spaces ({words(sorted(spaces.elements()))}) buy no way of "
            f"{steps} step(s) from {source} to {event.space}"
        )
    return way


def _move(state: GameState, event: MoveMarkers, seat: int) -> GameState:
    if state.phase is Phase.ROLL:
        fail(f"{state.player} rolls the colour dice before moving")
    if seat != state.seat:
        fail(f"it is {state.player}'s turn, not {event.player}'s")
    source = _source(state, event.markers)
    _check_covered(state, source, event.markers)
    _check_target(state, source, event.space)
    _check_dice(state, event)
    _way(state, event, source)
    return _land(state, event, source)


def _land(state: GameState, event: MoveMarkers, source: str) -> GameState:
    moving = tuple(m for m in state.stacks[source] if m in event.markers)
    stacks = dict(state.stacks)
    left = tuple(m for m in stacks[source] if m not in event.markers)
    if left:
        stacks[source] = left
    else:
        del stacks[source]
    # They go one by one, the highest first, so they land in reverse order (ruling 3).
    stacks[event.space] = stacks.get(event.space, ()) + tuple(reversed(moving))
    remaining = list(state.dice)
    for die in event.paying:
        remaining.remove(die)
    scores = list(state.scores)
    owner = state.owner_of_home(event.space)
    if owner is not None and state.values is not None:
        scores[state.players.index(owner)] += sum(state.values[m] for m in event.markers)
    return replace(state, stacks=stacks, dice=tuple(remaining), scores=tuple(scores))


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    if state.phase is Phase.OVER:
        fail("the game is over: every marker is home")
    if isinstance(event, Values) and not event.player:
        return _values(state, event)  # the table's line: nobody in particular throws
    seat = state.seat_of(event.player)
    if seat is None:
        fail(f"{event.player} is not playing (players: {', '.join(state.players)})")
    event = replace(event, player=state.players[seat])
    if isinstance(event, Values):
        return _values(state, event)
    if state.phase is Phase.VALUES:
        fail("throw the colour values first (values V V V V V V)")
    if isinstance(event, Roll):
        return _roll(state, event, seat)
    return _move(state, event, seat)
