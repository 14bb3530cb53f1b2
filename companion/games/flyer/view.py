"""`state_json`: the one JSON shape of a flyer game (CLI `replay --json`, the web API)."""

from __future__ import annotations

import math
from typing import Any

from companion.games.flyer.board import Board
from companion.games.flyer.colours import VALUE_ORDER
from companion.games.flyer.legal import legal_json
from companion.games.flyer.state import GameState, Phase


def _positions(board: Board) -> dict[str, tuple[tuple[float, float], ...]]:
    """The board's own `at` positions; spaces without one go round a circle (our choice)."""
    loose = [name for name in board.colours if name not in board.layout]
    out = dict(board.layout)
    for k, name in enumerate(loose):
        angle = 2 * math.pi * k / len(loose)
        out[name] = ((round(4 + 4 * math.cos(angle), 3), round(4 + 4 * math.sin(angle), 3)),)
    return out


def board_json(board: Board) -> dict[str, Any]:
    at = _positions(board)
    return {
        "name": board.name,
        "start": board.start,
        "spaces": [
            {
                "name": name,
                "colour": colour.value,
                "home": board.is_home(name),
                "next_to": sorted(board.next_to(name)),
                "x": at[name][0][0],
                "y": at[name][0][1],
                "copies": [list(point) for point in at[name][1:]],
            }
            for name, colour in board.colours.items()
        ],
    }


def _roller(state: GameState) -> str | None:
    """Who may roll now: the player to act before their roll, the next player after it."""
    if state.phase is Phase.ROLL:
        return state.player
    if state.phase is Phase.MOVE:
        return state.players[(state.seat + 1) % len(state.players)]
    return None


def _turn_json(state: GameState) -> dict[str, Any]:
    phase = state.phase
    return {
        "player": None if phase in (Phase.OVER, Phase.VALUES) else state.player,
        "phase": phase.value,
        "number": state.turns + 1,
        "dice": [d.value for d in state.dice],
        "roller": _roller(state),
    }


def summary(state: GameState) -> list[str]:
    """A few readable lines for `dicetable replay` without --json."""
    lines = [
        f"{name}: {score} points (homebase {home})"
        for name, score, home in zip(state.players, state.scores, state.homes, strict=True)
    ]
    for space, stack in sorted(state.stacks.items()):
        lines.append(f"on {space}: {' '.join(m.value for m in stack)} (bottom to top)")
    winners = state.winners()
    if winners:
        lines.append(f"winner: {' and '.join(winners)}")
    elif state.phase is not Phase.VALUES:
        dice = " ".join(d.value for d in state.dice) or "none"
        lines.append(f"to play: {state.player} ({state.phase.value}; dice left: {dice})")
    return lines


def state_json(state: GameState) -> dict[str, Any]:
    winners = state.winners()
    return {
        "game": "flyer",
        "players": [
            {"name": name, "seat": seat, "home": state.homes[seat], "score": state.scores[seat]}
            for seat, name in enumerate(state.players)
        ],
        "markers": [
            {
                "colour": marker.value,
                "space": space,
                "position": at,
                "home_of": state.owner_of_home(space),
            }
            for marker, space, at in state.markers()
        ],
        "values": None
        if state.values is None
        else {hue.value: state.values[hue] for hue in VALUE_ORDER},
        "covered_rule": state.covered_rule,
        "turn": _turn_json(state),
        "winner": " and ".join(winners) if winners else None,
        "winners": list(winners),
        "board": board_json(state.board),
        "legal": legal_json(state),
        "summary": summary(state),
    }
