"""Build RGB positions for tests from a compact text: `aL@d2:rgb bS@d6:rb bG@f6`.

The first letter is the owner (a = Al, b = Bo), the second the kind (L, M, S, G), then the square
and, after a colon, the layers (default: full). Every piece not on the board counts as discarded,
so the position holds the game's pieces exactly.
"""

from __future__ import annotations

from dataclasses import replace

from companion.games.rgb import GameState, Kind, Layer, Square, Stack
from companion.games.rgb.state import all_pieces, count_board, start_state

KINDS = {"L": Kind.LARGE, "M": Kind.MEDIUM, "S": Kind.SMALL, "G": Kind.GOLDEN}
LAYERS = {"r": Layer.RED, "g": Layer.GREEN, "b": Layer.BLUE, "y": Layer.YELLOW}


def stack(word: str) -> tuple[Square, Stack]:
    head, _, layers = word.partition(":")
    owner = {"a": "Al", "b": "Bo"}[head[0]]
    kind = KINDS[head[1]]
    square = Square.parse(head.split("@")[1])
    full = Stack.full(owner, kind)
    if not layers:
        return square, full
    return square, Stack(owner, kind, tuple(LAYERS[c] for c in layers))


def position(text: str, to_move: str = "Al") -> GameState:
    board = dict(stack(w) for w in text.split())
    state = replace(start_state(("Al", "Bo")), board=board, to_place=((), ()))
    on_board = count_board(state)
    discarded = {k: n - on_board.get(k, 0) for k, n in all_pieces().items()}
    return replace(state, discarded=discarded, seat=0 if to_move == "Al" else 1)
