"""Farkle's rules: `apply(state, event) -> state`, pure; a refused event raises
InvalidEventError saying why and leaves the state as it was (docs/rules-farkle.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from companion.errors import InvalidEventError
from companion.games.farkle.events import Bank, Event, Keep, Roll
from companion.games.farkle.scoring import DICE, choices, score
from companion.games.farkle.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Options,
    Throw,
    Turn,
    TurnResult,
)
from companion.games.players import check_players, seat_of

T = TypeVar("T")
DEFAULT_OPTIONS = Options()


def new_game(names: Sequence[str], options: Options = DEFAULT_OPTIONS) -> GameState:
    check_players("Farkle", names, MIN_PLAYERS, MAX_PLAYERS)
    seats = len(names)
    return GameState(
        players=tuple(names),
        options=options,
        scores=(0,) * seats,
        on_board=(options.opening == 0,) * seats,
        farkles=(0,) * seats,
        turn=Turn(names[0]),
    )


def _playing(state: GameState, player: str) -> Turn:
    """The turn in play, when it is `player`'s; InvalidEventError in words otherwise."""
    turn = state.turn
    if turn is None:
        raise InvalidEventError(f"the game is over: {_outcome(state)}")
    if seat_of(state.players, player) is None:
        raise InvalidEventError(
            f"nobody called {player!r} plays (players: {', '.join(state.players)})"
        )
    if player.casefold() != turn.player.casefold():
        raise InvalidEventError(f"it is {turn.player}'s turn, not {player}'s")
    return turn


def _outcome(state: GameState) -> str:
    if len(state.winners) == 1:
        return f"{state.winners[0]} won"
    return f"{' and '.join(state.winners)} share the win"


def _roll(state: GameState, event: Roll) -> GameState:
    turn = _playing(state, event.player)
    if turn.must_keep:
        raise InvalidEventError(
            f"{turn.player} sets aside at least one scoring die of the last throw "
            f"({_spaced(turn.throws[-1].dice)}) before throwing again: keep or bank"
        )
    if len(event.dice) != turn.dice_left:
        held = DICE - turn.dice_left
        aside = f" ({held} set aside)" if held else ""
        raise InvalidEventError(
            f"{turn.player} throws {turn.dice_left} dice now{aside}, "
            f"not {len(event.dice)}: {_spaced(event.dice)}"
        )
    if choices(event.dice, state.options.scoring):
        return replace(state, turn=replace(turn, throws=(*turn.throws, Throw(event.dice))))
    return _farkle(state, turn, event.dice)


def _farkle(state: GameState, turn: Turn, thrown: tuple[int, ...]) -> GameState:
    """Nothing in the throw scores: the turn's points are lost and the turn passes; a third
    farkle in a row costs the penalty, when the game plays with one."""
    seat = state.seat
    row = state.farkles[seat] + 1
    penalty = 0
    if state.options.three_farkles and row >= 3:
        penalty = min(state.options.three_farkles, state.scores[seat])
        row = 0
    score_after = state.scores[seat] - penalty
    done = TurnResult(
        turn.player, (*turn.throws, Throw(thrown)), 0, turn.points, thrown, penalty,
        score_after, turn.hot_dice,
    )  # fmt: skip
    after = replace(
        state,
        scores=_at(state.scores, seat, score_after),
        farkles=_at(state.farkles, seat, row),
        done=(*state.done, done),
    )
    return _next_turn(after)


def _set_aside(state: GameState, turn: Turn, picked: tuple[int, ...], verb: str) -> Turn:
    """The turn once `picked` dice of the last throw are set aside; refused unless every one
    of them scores and the throw holds them."""
    last = turn.last
    if last is None:
        raise InvalidEventError(f"{turn.player} has not thrown yet this turn: nothing to {verb}")
    if last.kept is not None:
        raise InvalidEventError(
            f"{turn.player} already set aside {_spaced(last.kept.dice)} from this throw: "
            "throw the other dice or bank"
        )
    missing = Counter(picked) - Counter(last.dice)
    if missing:
        short = " and ".join(f"{face}s" for face in sorted(missing))
        raise InvalidEventError(
            f"the throw {_spaced(last.dice)} does not hold {_spaced(picked)}: too few {short}"
        )
    scored = score(picked, state.options.scoring)
    if scored is None:
        raise InvalidEventError(
            f"{_spaced(picked)} do not all score: set aside only scoring dice "
            "(1s, 5s, three or more of a kind, three pairs, a straight)"
        )
    left = turn.dice_left - len(picked)
    hot = left == 0
    throws = (*turn.throws[:-1], replace(last, kept=scored))
    return replace(
        turn,
        throws=throws,
        points=turn.points + scored.points,
        dice_left=DICE if hot else left,
        hot_dice=turn.hot_dice + hot,
    )


def _keep(state: GameState, event: Keep) -> GameState:
    turn = _playing(state, event.player)
    return replace(state, turn=_set_aside(state, turn, event.dice, "keep"))


def _bank(state: GameState, event: Bank) -> GameState:
    turn = _playing(state, event.player)
    if event.dice:
        turn = _set_aside(state, turn, event.dice, "bank")
    elif turn.must_keep:
        raise InvalidEventError(
            f"set aside scoring dice of the throw {_spaced(turn.throws[-1].dice)} to bank "
            f"(bank DICE does both)"
        )
    if not turn.points:
        raise InvalidEventError(f"{turn.player} has no points this turn to bank: throw first")
    seat, options = state.seat, state.options
    if not state.on_board[seat] and turn.points < options.opening:
        raise InvalidEventError(
            f"{turn.player} needs {options.opening} in one turn to get on the board; this turn "
            f"has {turn.points}: throw again"
        )
    total = state.scores[seat] + turn.points
    done = TurnResult(turn.player, turn.throws, turn.points, 0, None, 0, total, turn.hot_dice)
    after = replace(
        state,
        scores=_at(state.scores, seat, total),
        on_board=_at(state.on_board, seat, True),
        farkles=_at(state.farkles, seat, 0),
        done=(*state.done, done),
    )
    if after.last_round_from is None and total >= options.target:
        after = replace(after, last_round_from=seat)
    return _next_turn(after)


def _next_turn(state: GameState) -> GameState:
    """The next seat's turn; after the last round (everyone but the player who reached the
    target has had one more turn), the game is over and the highest score wins."""
    seat = (state.seat + 1) % len(state.players)
    if seat == state.last_round_from:
        best = max(state.scores)
        winners = tuple(n for n, s in zip(state.players, state.scores, strict=True) if s == best)
        return replace(state, seat=seat, turn=None, winners=winners)
    return replace(state, seat=seat, turn=Turn(state.players[seat]))


def _at(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _spaced(dice: Sequence[int]) -> str:
    return " ".join(map(str, dice))


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    if isinstance(event, Roll):
        return _roll(state, event)
    if isinstance(event, Keep):
        return _keep(state, event)
    return _bank(state, event)
