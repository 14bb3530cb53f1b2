"""States for the five-dice tests: a sheet with boxes filled and the turn's dice thrown."""

from __future__ import annotations

from dataclasses import replace

from companion.games.fivedice.rules import new_game
from companion.games.fivedice.scoring import Box
from companion.games.fivedice.state import GameState, Sheet, Turn


def at(dice: tuple[int, ...], boxes: dict[Box, int] | None = None, extra: int = 0) -> GameState:
    """Ann (alone) with `boxes` filled and `dice` after her first throw."""
    state = new_game(["Ann"])
    return replace(state, sheets=(Sheet(boxes or {}, extra),), turn=Turn(1, dice))


def all_but(*open_boxes: Box, points: int = 1) -> dict[Box, int]:
    """Every box filled (with `points`) except `open_boxes`."""
    return {b: points for b in Box if b not in open_boxes}
