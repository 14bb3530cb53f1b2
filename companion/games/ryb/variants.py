"""The dice draft variant (ruling 9): snake order from the centre until everyone has six."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import fail
from companion.games.ryb.dice import DIE_COLOURS, Pool
from companion.games.ryb.events import Draft, Event
from companion.games.ryb.state import Draft as DraftState
from companion.games.ryb.state import GameState, Turn

DICE_EACH = 6


def drafter(state: GameState) -> int:
    """The seat whose pick it is: out and back, the end seats picking twice in a row."""
    assert state.draft is not None
    n = len(state.players)
    lap, pos = divmod(state.draft.picks, n)
    offset = pos if lap % 2 == 0 else n - 1 - pos
    return (state.options.draft_first + offset) % n


def draft(state: GameState, ev: Event) -> GameState:
    assert state.draft is not None
    due = state.players[drafter(state)].name
    if not isinstance(ev, Draft):
        fail(f"the dice draft is not finished: {due} picks next (`{due}: draft COLOUR`)")
    player = state.player(ev.player)
    if state.options.strict and ev.player != due:
        fail(f"it is {due}'s pick in the draft, not {ev.player}'s")
    if player.dice.size >= DICE_EACH:
        fail(f"{ev.player} already has {DICE_EACH} dice")
    picks, centre = state.draft.picks, state.draft.centre
    if ev.colour not in DIE_COLOURS or centre[ev.colour] == 0:
        fail(f"no {ev.colour.value} dice are left in the centre ({centre.describe()})")
    die = Pool.of([ev.colour])
    state = state.with_dice(ev.player, player.dice.plus(die))
    left = centre.minus(die)
    if left.size == 0:
        return replace(state, draft=None, turn=Turn(0))
    return replace(state, draft=DraftState(left, picks + 1))
