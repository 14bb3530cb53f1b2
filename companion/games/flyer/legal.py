"""The moves the player to act can pay for with the dice left: what the table view offers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from companion.errors import InvalidEventError
from companion.games.flyer.colours import STACK_ORDER, Hue
from companion.games.flyer.events import MoveMarkers
from companion.games.flyer.paying import walks
from companion.games.flyer.rules import apply
from companion.games.flyer.state import GameState, Phase


def _groups(
    state: GameState, stack: tuple[Hue, ...], dice: Counter[Hue]
) -> Iterator[tuple[Hue, ...]]:
    for size in range(1, len(stack) + 1):
        for group in combinations(stack, size):
            if not Counter(group) - dice:
                yield tuple(sorted(group, key=STACK_ORDER.index))


def _moves_from(state: GameState, source: str, dice: Counter[Hue]) -> Iterator[MoveMarkers]:
    for group in _groups(state, state.stacks[source], dice):
        per_step = 1 + len(group)
        for steps in range(1, sum(dice.values()) // per_step + 1):
            seen: set[tuple[str, tuple[Hue, ...]]] = set()
            for target in state.board.colours:
                for way in walks(state.board, source, target, steps):
                    paying = tuple(
                        sorted([state.board.colour(s) for s in way] + list(group) * steps)
                    )
                    if (target, paying) in seen or Counter(paying) - dice:
                        continue
                    seen.add((target, paying))
                    yield MoveMarkers(state.player, group, target, paying)


def affordable(state: GameState) -> list[MoveMarkers]:
    """Every move the dice left can pay for (each way's payment once), checked by the rules."""
    if state.phase is not Phase.MOVE:
        return []
    dice = Counter(state.dice)
    out: list[MoveMarkers] = []
    for source in sorted(state.stacks):
        if state.board.is_home(source):
            continue
        for move in _moves_from(state, source, dice):
            try:
                apply(state, move)
            except InvalidEventError:
                continue
            out.append(move)
    return out


def legal_json(state: GameState) -> list[dict[str, Any]] | None:
    if state.phase is not Phase.MOVE:
        return None
    return [
        {
            "markers": [m.value for m in move.markers],
            "from": state.where(move.markers[0])[0],
            "to": move.space,
            "paying": [d.value for d in move.paying],
        }
        for move in affordable(state)
    ]
