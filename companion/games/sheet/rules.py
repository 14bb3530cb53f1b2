"""The score sheet as pure rules: `apply(state, event) -> state`.

Players write one entry a round, in seat order. A roll scores by the sheet's `Count`; a typed
score is taken as written. The game ends after a finished round: the one in which a total
reached the target (so every player has had as many turns), the last of `Rounds`, or when the
table writes `end`. Every check runs before anything changes, so a refused event leaves the
state as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.errors import InvalidEventError
from companion.games.players import check_players
from companion.games.sheet.events import End, Event, Roll, Score
from companion.games.sheet.options import FACES, MAX_DICE, Options
from companion.games.sheet.state import Entry, GameState

MIN_PLAYERS, MAX_PLAYERS = 1, 16
MAX_POINTS = 1_000_000  # a typed score's size either way


def new_game(names: Sequence[str], options: Options) -> GameState:
    check_players("the score sheet", names, MIN_PLAYERS, MAX_PLAYERS)
    return GameState(tuple(names), options, ((),) * len(names))


def why_over(state: GameState) -> str:
    """Why no more entries are taken, in words (the game is over)."""
    if state.ended:
        return f"the table ended the game after round {state.finished_rounds}"
    reached = state.reached()
    if reached:
        who = " and ".join(reached)
        return f"{who} reached the target {state.options.target} in round {state.finished_rounds}"
    rounds = state.options.rounds
    return f"the game is {rounds} round{'' if rounds == 1 else 's'} long"


def _turn(state: GameState, player: str) -> int:
    """The seat of `player`, who must be the one to write now."""
    seat = state.seat(player)
    if seat is None:
        raise InvalidEventError(f"unknown player {player!r} (players: {', '.join(state.players)})")
    if state.over:
        raise InvalidEventError(f"the game is over: {why_over(state)}")
    due = state.seat_to_play
    if seat != due:
        raise InvalidEventError(
            f"it is {state.players[due]}'s turn in round {state.round}, not {player}'s"
        )
    return seat


def _write(state: GameState, seat: int, entry: Entry) -> GameState:
    sheets = list(state.sheets)
    sheets[seat] = (*sheets[seat], entry)
    return replace(state, sheets=tuple(sheets), last=(seat, len(sheets[seat])))


def _roll(state: GameState, event: Roll) -> GameState:
    seat = _turn(state, event.player)
    wanted = state.options.dice
    if not event.dice:
        raise InvalidEventError("a roll has at least one die")
    if wanted is not None and len(event.dice) != wanted:
        raise InvalidEventError(f"a roll here is {wanted} dice, not {len(event.dice)}")
    if len(event.dice) > MAX_DICE:
        raise InvalidEventError(f"a roll is at most {MAX_DICE} dice, not {len(event.dice)}")
    for k, pips in enumerate(event.dice, start=1):
        if pips not in FACES:
            raise InvalidEventError(f"die {k} shows {pips}: a die shows 1 to 6")
    points = state.options.count.score(event.dice)
    return _write(state, seat, Entry(points, event.dice))


def _score(state: GameState, event: Score) -> GameState:
    seat = _turn(state, event.player)
    if abs(event.points) > MAX_POINTS:
        raise InvalidEventError(
            f"{event.points} is more than a sheet keeps: a score is -{MAX_POINTS} to {MAX_POINTS}"
        )
    return _write(state, seat, Entry(event.points))


def _end(state: GameState, event: End) -> GameState:
    if state.over:
        raise InvalidEventError(f"the game is already over: {why_over(state)}")
    if state.round_open:
        waiting = [
            n
            for n, s in zip(state.players, state.sheets, strict=True)
            if len(s) == state.finished_rounds
        ]
        raise InvalidEventError(
            f"round {state.round} is not finished: {', '.join(waiting)} still to play it "
            "(every player has as many turns)"
        )
    if state.finished_rounds == 0:
        raise InvalidEventError("no round has been played yet: nothing to end")
    return replace(state, ended=True)


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    if isinstance(event, Roll):
        return _roll(state, event)
    if isinstance(event, Score):
        return _score(state, event)
    return _end(state, event)
