"""What a move costs (ruling 3): each step, one die of the entered space's colour, shared by the
markers that enter it together, and one die of each marker's own colour. The companion finds a
way across the board that the dice paid buy exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from companion.games.flyer.board import Board
from companion.games.flyer.colours import Hue


def steps_paid(paying: tuple[Hue, ...], markers: tuple[Hue, ...]) -> int | None:
    """How many steps the dice pay for, or None when the count cannot be right."""
    per_step = 1 + len(markers)
    if not paying or len(paying) % per_step:
        return None
    return len(paying) // per_step


def space_dice(paying: tuple[Hue, ...], markers: tuple[Hue, ...], steps: int) -> Counter[Hue]:
    """The dice left for the spaces once every marker's own dice are set aside (may go short:
    a negative count means a marker's colour is missing)."""
    left = Counter(paying)
    left.subtract(Counter(dict.fromkeys(markers, steps)))
    return left


def walks(board: Board, here: str, to: str, steps: int) -> Iterator[tuple[str, ...]]:
    if steps == 0:
        if here == to:
            yield ()
        return
    for nxt in sorted(board.next_to(here)):
        if board.is_home(nxt) and (steps > 1 or nxt != to):
            continue  # a marker that reaches a homebase stays there
        for rest in walks(board, nxt, to, steps - 1):
            yield (nxt, *rest)


def find_way(
    board: Board, source: str, target: str, steps: int, colours: Counter[Hue]
) -> tuple[str, ...] | None:
    """A way of `steps` spaces from `source` to `target` whose colours are exactly `colours`."""
    for walk in walks(board, source, target, steps):
        if Counter(board.colour(s) for s in walk) == +colours and sum(colours.values()) == steps:
            return walk
    return None


def shortest(board: Board, source: str, target: str, limit: int = 6) -> int | None:
    """The fewest steps between two spaces (up to `limit`), for messages."""
    for steps in range(1, limit + 1):
        if next(walks(board, source, target, steps), None) is not None:
            return steps
    return None
