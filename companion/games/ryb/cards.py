"""The Play-a-Card step and the fixed Action cards: Gimme!, Swap, Red Rover, Shanghai."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import check_has, check_roll_matches, fail, move_dice, other_player
from companion.games.ryb.deck import MAX_TARGET
from companion.games.ryb.dice import DIE_COLOURS, GOAL_COLOURS, Pool, pool_of
from companion.games.ryb.events import Gimme, PlayGoal, RedRover, Shanghai, Swap
from companion.games.ryb.state import Borrow, GameState, Goal


def begin_card(state: GameState, player: str) -> GameState:
    """Count one card played in the Play-a-Card step (strict: exactly one, before any attempt)."""
    turn = state.turn
    if turn.roll is not None:
        fail(f"{player} must bank (or Do-Over) the open roll before playing a card")
    if state.options.strict:
        if turn.attempted:
            fail(f"{player} has already attempted a goal; cards are played before the attempt")
        if turn.cards:
            fail(f"{player} has already played a card this turn (strict rules: one card a turn)")
    return replace(state, turn=replace(turn, cards=turn.cards + 1))


def play_goal(state: GameState, ev: PlayGoal) -> GameState:
    if ev.colour not in GOAL_COLOURS:
        fail(f"goal colours are red orange yellow green blue purple black, not {ev.colour.value}")
    if not 1 <= ev.target <= MAX_TARGET:
        fail(f"a goal target is 1..{MAX_TARGET}, not {ev.target}")
    if ev.value < 1:
        fail(f"a goal value is 1 or more, not {ev.value}")
    goal = Goal(state.next_uid, ev.colour, ev.target, ev.value)
    return replace(state, goals=(*state.goals, goal), next_uid=state.next_uid + 1)


def gimme(state: GameState, ev: Gimme) -> GameState:
    target = other_player(state, ev.player, ev.target)
    if ev.colour not in DIE_COLOURS or target.dice[ev.colour] == 0:
        fail(f"{target.name} has no {ev.colour.value} die to give ({target.dice.describe()})")
    return move_dice(state, target.name, ev.player, Pool.of([ev.colour]), "give")


def swap(state: GameState, ev: Swap) -> GameState:
    other_player(state, ev.player, ev.target)
    if not ev.dice:
        fail(f"{ev.player} rolls at least one die for a Swap")
    rolled = pool_of(ev.dice)
    check_has(state, ev.player, rolled, "roll")
    if ev.take is None:
        return state
    total = sum(d.pips for d in ev.dice)
    if total > 10:
        fail(f"the Swap roll sums to {total}, more than 10: no dice change hands (drop `take`)")
    if len(ev.take) != len(ev.dice):
        fail(f"a Swap takes as many dice as it gives: gave {len(ev.dice)}, take {len(ev.take)}")
    state = move_dice(state, ev.player, ev.target, rolled, "give")
    return move_dice(state, ev.target, ev.player, Pool.of(ev.take), "give")


def red_rover(state: GameState, ev: RedRover) -> GameState:
    target = other_player(state, ev.player, ev.target)
    if not 1 <= ev.number <= 6:
        fail(f"Red Rover names a number 1..6, not {ev.number}")
    check_roll_matches(target.name, target.dice, ev.dice, DIE_COLOURS, state.options.strict)
    moving = Pool.of(d.colour for d in ev.dice if d.pips == ev.number)
    return move_dice(state, target.name, ev.player, moving, "give")


def shanghai(state: GameState, ev: Shanghai) -> GameState:
    target = other_player(state, ev.player, ev.target)
    count = target.dice[ev.colour]
    if ev.colour not in DIE_COLOURS or count == 0:
        fail(f"{target.name} has no {ev.colour.value} dice to borrow ({target.dice.describe()})")
    state = state.with_dice(target.name, target.dice.minus(Pool.from_counts({ev.colour: count})))
    return replace(state, borrowed=(*state.borrowed, Borrow(target.name, ev.colour, count)))
