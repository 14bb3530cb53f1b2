"""A settled table read zone by zone into the modifier dice game's roll lines (issue 22, item 3).

Everyone throws at once, so one settled frame holds every player's six dice, each in their own
zone. `table_rolls` turns the frame (split by zone) into `NAME: roll ...` lines for the players
whose dice are not in yet, and says in words what keeps any other player's roll back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.errors import InvalidEventError
from companion.games.modifier.events import Roll
from companion.games.modifier.notation import format_event
from companion.games.modifier.state import DICE, GameState, Phase
from companion.table_roll.split import ZoneRoll, split_by_player, stray_dice
from vision.types import DiceReading


@dataclass(frozen=True, slots=True)
class TableRolls:
    """Every player's zone, the roll lines ready to record, and what holds the others back."""

    rolls: tuple[ZoneRoll, ...]
    lines: tuple[str, ...]
    problems: tuple[str, ...]


def table_rollers(state: GameState) -> tuple[str, ...]:
    """The players whose dice are not in yet this round, in seat order; InvalidEventError in
    words when nobody may roll now."""
    current = state.round
    if state.phase is not Phase.PLAY or current is None:
        why = "the game is over" if state.phase is Phase.OVER else "no round is open"
        raise InvalidEventError(f"{why}: reveal the round's goal cards before rolling")
    waiting = tuple(n for n, r in zip(state.players, current.rolls, strict=True) if r is None)
    if not waiting:
        raise InvalidEventError("every player's dice are in for this round")
    return waiting


def table_rolls(state: GameState, zones: Mapping[str, DiceReading]) -> TableRolls:
    rolls = split_by_player(zones, state.players, DICE)
    current = state.round
    if state.phase is not Phase.PLAY or current is None:
        why = "the game is over" if state.phase is Phase.OVER else "no round is open"
        return TableRolls(rolls, (), (f"{why}: reveal the round's goal cards before rolling",))
    waiting = {n for n, r in zip(state.players, current.rolls, strict=True) if r is None}
    lines = tuple(
        format_event(Roll(r.player, r.pips))
        for r in rolls
        if r.player in waiting and r.problem is None
    )
    problems = [r.problem for r in rolls if r.player in waiting and r.problem is not None]
    stray = stray_dice(zones)
    return TableRolls(rolls, lines, tuple(problems + ([stray] if stray else [])))
