"""Turn structure (ruling 6): who may act, Refill / Dump / pass, and what a turn's end does."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.attempt import bank_floor, floor_why, settle
from companion.games.ryb.common import fail
from companion.games.ryb.dice import Pool
from companion.games.ryb.events import Dump, Pass, Refill
from companion.games.ryb.goals import current_goal
from companion.games.ryb.state import GameState, Turn


def phase(state: GameState) -> str:
    """draft · play (refill/dump, then a card) · attempt · bank · end · over."""
    if state.winner is not None:
        return "over"
    if state.draft is not None:
        return "draft"
    turn = state.turn
    if turn.roll is not None:
        return "bank"
    if turn.attempted:
        return "end"
    if turn.cards:
        return "attempt"
    return "play"


def next_seat(state: GameState) -> int:
    return (state.turn.seat + 1) % len(state.players)


def end_turn(state: GameState, dumped: bool = False) -> GameState:
    """Close the turn: bank nothing on an open roll, return Shanghai dice, close Trade and Raid."""
    name = state.current.name
    if state.options.strict and state.turn.cards == 0 and not dumped:
        fail(f"{name} must play a card (or dump) before the turn ends")
    _check_settle(state)
    state = settle(state)
    for borrow in state.borrowed:
        lender = state.player(borrow.lender)
        state = state.with_dice(
            lender.name, lender.dice.plus(Pool.from_counts({borrow.colour: borrow.count}))
        )
    return replace(state, borrowed=())


def _check_settle(state: GameState) -> None:
    """Ending the turn banks nothing on an open roll; say so where a point must be banked."""
    roll = state.turn.roll
    if roll is None:
        return
    goal = current_goal(state, roll.owner, roll.goal.uid)
    if bank_floor(state, roll, goal.banked) > 0:
        why = floor_why(state, "it", goal.banked)
        fail(
            f"{roll.player} ends the turn without banking, but must bank at least 1 point on "
            f"{goal.name} ({why}): add a `bank N` line"
        )


def start_turn(state: GameState, seat: int) -> GameState:
    return replace(state, turn=Turn(seat))


def enter(state: GameState, player: str) -> GameState:
    """A line by `player`: a new player's line ends the turn before it (strict: in seat order)."""
    seat = state.seat_of(player)
    if seat == state.turn.seat:
        return state
    if state.options.strict:
        current = state.current.name
        expected = state.players[next_seat(state)].name
        if phase(state) == "play" and state.turn == Turn(state.turn.seat):
            fail(f"it is {current}'s turn, not {player}'s")
        if seat != next_seat(state):
            fail(f"after {current} it is {expected}'s turn, not {player}'s")
    return start_turn(end_turn(state), seat)


def refill(state: GameState, ev: Refill) -> GameState:
    turn = state.turn
    if turn.refilled:
        fail(f"{ev.player} has already refilled this turn")
    if turn.cards or turn.attempted:
        fail(f"{ev.player} refills at the start of the turn, before playing a card")
    return replace(state, turn=replace(turn, refilled=True))


def dump(state: GameState, ev: Dump) -> GameState:
    turn = state.turn
    if turn.refilled or turn.cards or turn.attempted:
        fail(f"{ev.player} can dump only as the first thing in the turn, instead of refilling")
    return start_turn(end_turn(state, dumped=True), next_seat(state))


def pass_turn(state: GameState, ev: Pass) -> GameState:
    del ev
    return start_turn(end_turn(state), next_seat(state))
