"""Attempts, Do-Over, the paid re-roll, banking and completion (rulings 1, 3, 4, 5)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import check_roll_matches, fail
from companion.games.ryb.deck import Card
from companion.games.ryb.dice import RolledDie, pool_of, totals
from companion.games.ryb.events import Attempt, Bank, DoOver, Reroll
from companion.games.ryb.goals import current_goal, find_goal, remove_goal, replace_goal
from companion.games.ryb.state import (
    Edition,
    GameState,
    Goal,
    LastAttempt,
    Payment,
    Roll,
)


def check_roll(state: GameState, player: str, goal: Goal, dice: tuple[RolledDie, ...]) -> None:
    """Ruling 1: strict rolls every die of the goal's colours (pool + Shanghai); lenient, some."""
    wanted = goal.dice_colours
    for die in dice:
        if die.colour not in wanted:
            names = " and ".join(c.value for c in wanted)
            fail(f"{die} is a {die.colour.value} die: a {goal.name} goal counts only {names} dice")
    have = state.player(player).dice.plus(state.borrowed_pool())
    check_roll_matches(player, have, dice, wanted, exact=state.options.strict)


def attempt(state: GameState, ev: Attempt) -> GameState:
    turn = state.turn
    if turn.attempted:
        fail(f"{ev.player} has already made an attempt this turn")
    if state.options.strict and turn.cards == 0:
        fail(f"{ev.player} must play a card before attempting a goal")
    goal = find_goal(state, ev.goal)
    owner = ev.goal.owner
    if owner is not None and turn.raid_target != owner:
        fail(f"attempting a goal in {owner}'s treasure pile needs a Raid! on {owner} this turn")
    check_roll(state, ev.player, goal, ev.dice)
    points = totals(ev.dice)[goal.colour]
    roll = Roll(ev.player, goal, owner, ev.dice, points, goal.needed_by(ev.player))
    state = replace(state, turn=replace(turn, attempted=True, raid_target=None))
    return resolve(state, roll)


def resolve(state: GameState, roll: Roll) -> GameState:
    """Complete the goal, or leave the roll open for Bank (or Do-Over / re-roll)."""
    if not roll.completes:
        return replace(state, turn=replace(state.turn, roll=roll), last_attempt=LastAttempt(roll))
    state = remove_goal(state, roll.owner, roll.goal.uid)
    goal = roll.goal
    winner = state.player(roll.player)
    won = replace(winner, treasure=(*winner.treasure, replace(goal, banked=0, swiss=())))
    state = state.with_player(won)
    swiss_cards = (Card.VARIABLE,) * len(goal.swiss)
    return replace(
        state,
        turn=replace(state.turn, roll=None),
        discard=state.discard + swiss_cards,
        last_attempt=LastAttempt(roll, completed=True),
        winner=roll.player if won.has_won else None,
    )


def _open_roll(state: GameState, player: str, what: str) -> Roll:
    roll = state.turn.roll
    if roll is None or roll.player != player:
        fail(f"{what} comes right after {player}'s failed attempt roll; there is none open")
    return roll


def _same_dice(old: Roll, dice: tuple[RolledDie, ...], what: str) -> None:
    if not old.dice:
        fail(f"the attempt rolled no dice, so {what} has none to roll again")
    if pool_of(dice) != pool_of(old.dice):
        fail(
            f"{what} rolls the same dice again: expected {pool_of(old.dice).describe()}, "
            f"got {pool_of(dice).describe() if dice else 'no dice'}"
        )


def _reroll(state: GameState, old: Roll, dice: tuple[RolledDie, ...]) -> GameState:
    goal = current_goal(state, old.owner, old.goal.uid)
    points = totals(dice)[goal.colour]
    roll = replace(old, goal=goal, dice=dice, points=points)
    return resolve(replace(state, turn=replace(state.turn, roll=None)), roll)


def do_over(state: GameState, ev: DoOver) -> GameState:
    old = _open_roll(state, ev.player, "Do-Over")
    _same_dice(old, ev.dice, "Do-Over")
    return _reroll(state, old, ev.dice)


def reroll(state: GameState, ev: Reroll) -> GameState:
    payment = state.options.reroll
    if payment is None:
        fail('re-rolling by paying is off in this game (header Reroll "card|goal|random|treasure")')
    old = _open_roll(state, ev.player, "a re-roll")
    _same_dice(old, ev.dice, "a re-roll")
    if payment is Payment.TREASURE:
        if ev.returned is None:
            fail("this game pays for a re-roll with a completed goal: `reroll return GOAL DICE...`")
        state = _return_goal(state, ev)
    elif ev.returned is not None:
        fail(f"this game pays for a re-roll with a {payment.value}, not a completed goal")
    return _reroll(state, old, ev.dice)


def _return_goal(state: GameState, ev: Reroll) -> GameState:
    assert ev.returned is not None
    if ev.returned.owner not in (None, ev.player):
        fail(
            f"{ev.player} pays with a goal from their own treasure pile, not {ev.returned.owner}'s"
        )
    ref = replace(ev.returned, owner=ev.player)
    goal = find_goal(state, ref)
    state = remove_goal(state, ev.player, goal.uid)
    return replace(state, goals=(*state.goals, goal))


def bank_floor(state: GameState, roll: Roll, already: int) -> int:
    """Ruling 4: the least a player may bank after a failed roll."""
    if roll.points == 0:
        return 0
    if state.options.edition is Edition.Y1999:
        return 1
    return 1 if already > 0 else 0


def floor_why(state: GameState, place: str, already: int) -> str:
    """Why `bank_floor` asks for a point, in words: the edition, or what `place` carries."""
    if state.options.edition is Edition.Y1999:
        return "the 1999 edition banks at least 1"
    return f"{place} already carries {already}"


def _already(goal: Goal, roll: Roll, swiss: bool) -> int | None:
    """The points already where a bank goes: on the goal, or with `swiss` on the roller's Swiss
    Bank card on it (None: no such card; a raided treasure goal never has one)."""
    if not swiss:
        return goal.banked
    card = goal.swiss_of(roll.player) if roll.owner is None else None
    return None if card is None else card.banked


def bank_range(state: GameState, *, swiss: bool = False) -> tuple[int, int] | None:
    """Ruling 4 for the open roll: the (least, most) points its player may bank on the goal,
    or with `swiss` on their Swiss Bank card. None when no roll is open, or no such card."""
    roll = state.turn.roll
    if roll is None:
        return None
    already = _already(current_goal(state, roll.owner, roll.goal.uid), roll, swiss)
    return None if already is None else (bank_floor(state, roll, already), roll.points)


def bank(state: GameState, ev: Bank) -> GameState:
    roll = _open_roll(state, ev.player, "Bank")
    goal = current_goal(state, roll.owner, roll.goal.uid)
    if not 0 <= ev.points <= roll.points:
        fail(
            f"{ev.player} rolled {roll.points} {goal.colour.value} points, cannot bank {ev.points}"
        )
    already = _already(goal, roll, ev.swiss)
    if already is None:
        fail(f"{ev.player} has no Swiss Bank card on {goal.name}")
    if ev.swiss:
        swiss = tuple(
            replace(s, banked=s.banked + ev.points) if s.owner == ev.player else s
            for s in goal.swiss
        )
        changed = replace(goal, swiss=swiss)
    else:
        changed = replace(goal, banked=goal.banked + ev.points)
    floor = bank_floor(state, roll, already)
    if ev.points < floor:
        why = floor_why(state, "its Swiss Bank" if ev.swiss else goal.name, already)
        fail(
            f"{ev.player} must bank at least {floor} point on {goal.name} ({why}), not {ev.points}"
        )
    state = replace_goal(state, roll.owner, changed)
    done = LastAttempt(roll, banked=ev.points, on_swiss=ev.swiss)
    return replace(state, turn=replace(state.turn, roll=None), last_attempt=done)


def settle(state: GameState) -> GameState:
    """At turn end an open roll banks nothing, which must be allowed."""
    roll = state.turn.roll
    if roll is None:
        return state
    return bank(state, Bank(roll.player, 0))
