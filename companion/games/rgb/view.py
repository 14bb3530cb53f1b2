"""`state_json`: the one JSON shape of an RGB game (CLI `replay --json`, the web API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.rgb.board import Kind, Layer
from companion.games.rgb.legal import legal_json
from companion.games.rgb.state import PIECE_SIZES, GameState, Piece, off_board

_COLOURS = {
    "large": (Layer.RED, Layer.GREEN, Layer.BLUE),
    "medium": (Layer.RED, Layer.GREEN, Layer.BLUE),
    "small": (Layer.RED, Layer.GREEN, Layer.BLUE, Layer.YELLOW),
}


def pieces_json(counts: Mapping[Piece, int]) -> dict[str, dict[str, int]]:
    """Piece counts by size, then colour (every size and colour listed, zeros included)."""
    return {
        size: {layer.value: counts.get((size, layer), 0) for layer in _COLOURS[size]}
        for size in PIECE_SIZES
    }


def _player_json(state: GameState, seat: int) -> dict[str, Any]:
    name = state.players[seat]
    reserve = state.to_place[seat]
    golden = state.golden(name)
    return {
        "name": name,
        "seat": seat,
        "children": state.children(name),
        "golden_child": golden.name if golden is not None else None,
        "to_place": {kind.value: reserve.count(kind) for kind in Kind if kind in reserve},
    }


def _turn_json(state: GameState) -> dict[str, Any]:
    return {
        "player": None if state.winner is not None or state.draw else state.player,
        "phase": state.phase.value,
        "number": state.turns + 1,
        "starving": [s.name for s in state.starving],
    }


def state_json(state: GameState) -> dict[str, Any]:
    return {
        "game": "rgb",
        "players": [_player_json(state, seat) for seat in range(len(state.players))],
        "stacks": [
            {
                "square": square.name,
                "owner": stack.owner,
                "size": stack.kind.value,
                "layers": [layer.value for layer in stack.layers],
            }
            for square, stack in sorted(state.board.items())
        ],
        "supply": pieces_json(off_board(state)),
        "discarded": pieces_json(state.discarded),
        "turn": _turn_json(state),
        "winner": state.winner,
        "draw": state.draw,
        "legal": legal_json(state),
    }
