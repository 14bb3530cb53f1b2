"""Small guards and dice moves shared by the rule modules. Every failure names the bad value."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from companion.errors import InvalidEventError
from companion.games.ryb.dice import DIE_COLOURS, Pool, RolledDie, format_dice
from companion.games.ryb.state import GameState, Player
from vision.types import Colour


def fail(message: str) -> NoReturn:
    raise InvalidEventError(message)


def other_player(state: GameState, player: str, target: str) -> Player:
    """The targeted player, who must exist and not be the one playing the card."""
    found = state.player(target)
    if target == player:
        fail(f"{player} cannot target themselves; name another player")
    return found


def dice_word(count: int) -> str:
    return "die" if count == 1 else "dice"


def check_has(state: GameState, name: str, wanted: Pool, doing: str) -> None:
    have = state.player(name).dice
    for colour in DIE_COLOURS:
        if wanted[colour] > have[colour]:
            fail(
                f"{name} has {have[colour]} {colour.value} {dice_word(have[colour])}, "
                f"cannot {doing} {wanted[colour]} {colour.value}"
            )


def move_dice(state: GameState, giver: str, receiver: str, dice: Pool, doing: str) -> GameState:
    check_has(state, giver, dice, doing)
    state = state.with_dice(giver, state.player(giver).dice.minus(dice))
    return state.with_dice(receiver, state.player(receiver).dice.plus(dice))


def check_roll_matches(
    name: str, have: Pool, dice: Iterable[RolledDie], colours: Iterable[Colour], exact: bool
) -> None:
    """The roll's dice per colour must equal (`exact`) or fit in what `name` has."""
    rolled = list(dice)
    for colour in colours:
        shown = [d for d in rolled if d.colour is colour]
        n = len(shown)
        if n > have[colour] or (exact and n != have[colour]):
            listed = format_dice(shown) if shown else "none"
            fail(
                f"{name} has {have[colour]} {colour.value} {dice_word(have[colour])}, "
                f"the roll shows {n} {colour.value}: {listed}"
            )
