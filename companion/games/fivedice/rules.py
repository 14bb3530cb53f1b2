"""`apply(state, event) -> state`: the one entry point of the five-dice rules, and `new_game`.

A turn is one to three throws (`roll`), then one box filled (`score`); then the next player.
The game ends when every player has filled all thirteen boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NoReturn

from companion.errors import InvalidEventError
from companion.games.fivedice.choices import Choice, choices, dice_words, joker, missing
from companion.games.fivedice.events import Event, Keep, Roll, Score
from companion.games.fivedice.scoring import DICE
from companion.games.fivedice.state import THROWS, GameState, Scored, Sheet, Turn, start_state
from companion.games.players import check_players

MIN_PLAYERS, MAX_PLAYERS = 1, 8


def fail(message: str) -> NoReturn:
    raise InvalidEventError(message)


def new_game(names: Sequence[str]) -> GameState:
    check_players("The five-dice game", names, MIN_PLAYERS, MAX_PLAYERS)
    return start_state(tuple(names))


def _check_turn(state: GameState, player: str) -> None:
    if state.over:
        winners = " and ".join(state.winners())
        fail(f"the game is over: every box is filled ({winners} won)")
    seat = state.seat_of(player)
    if seat is None:
        fail(f"{player} is not playing (players: {', '.join(state.players)})")
    if seat != state.seat:
        fail(f"it is {state.player}'s turn, not {player}'s")


def _throws_left(state: GameState) -> None:
    turn, who = state.turn, state.player
    if turn.throws >= THROWS:
        fail(f"{who} has thrown {THROWS} times this turn: choose a box for {dice_words(turn.dice)}")


def _roll(state: GameState, event: Roll) -> GameState:
    _throws_left(state)
    if len(event.dice) != DICE:
        fail(f"a throw shows all {DICE} dice, kept and thrown alike; got {len(event.dice)}")
    kept = state.turn.kept
    short = missing(kept, event.dice)
    if short:
        fail(
            f"{state.player} kept {dice_words(kept)} aside, so they must lie among the five; "
            f"{dice_words(event.dice)} has no {dice_words(short)}"
        )
    return replace(state, turn=Turn(state.turn.throws + 1, event.dice, (), kept))


def _keep(state: GameState, event: Keep) -> GameState:
    turn, who = state.turn, state.player
    if turn.throws == 0:
        fail(f"{who} has not thrown yet this turn: there are no dice to keep")
    _throws_left(state)
    if len(event.faces) >= DICE:
        fail(f"keeping all {DICE} dice throws nothing: choose a box for {dice_words(turn.dice)}")
    short = missing(event.faces, turn.dice)
    if short:
        fail(f"{who}'s dice show {dice_words(turn.dice)}: no {dice_words(short)} to keep")
    return replace(state, turn=replace(turn, kept=event.faces))


def _choice(state: GameState, event: Score) -> Choice:
    sheet, dice, who = state.sheets[state.seat], state.turn.dice, state.player
    if event.box in sheet.boxes:
        fail(f"{who}'s {event.box.label} box already holds {sheet.boxes[event.box]}")
    found = next(c for c in choices(sheet, dice) if c.box is event.box)
    if not found.allowed:
        fail(f"{who} cannot score {dice_words(dice)} in {event.box.label}: {found.why_not}")
    if event.points is not None and event.points != found.points:
        fail(
            f"{dice_words(dice)} scores {found.points} in {event.box.label}, not {event.points} "
            f"({found.why})"
        )
    return found


def _score(state: GameState, event: Score) -> GameState:
    if state.turn.throws == 0:
        fail(f"{state.player} has not thrown yet this turn: roll the five dice first")
    found = _choice(state, event)
    sheet, dice = state.sheets[state.seat], state.turn.dice
    extra = joker(sheet, dice)
    filled = Sheet({**sheet.boxes, event.box: found.points}, sheet.extra + int(extra.bonus > 0))
    sheets = list(state.sheets)
    sheets[state.seat] = filled
    last = Scored(state.player, event.box, dice, found.points, extra.bonus, extra.applies)
    seat = (state.seat + 1) % len(state.players)
    return replace(state, sheets=tuple(sheets), seat=seat, turn=Turn(), last=last)


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    _check_turn(state, event.player)
    if isinstance(event, Roll):
        return _roll(state, event)
    if isinstance(event, Keep):
        return _keep(state, event)
    return _score(state, event)
