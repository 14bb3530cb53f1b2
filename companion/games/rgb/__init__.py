"""RGB (Mike Sugarbaker, 1999): a two-player Icehouse game on a chessboard, with no dice.

The companion keeps the board itself: `apply(state, event) -> state` is the one rule entry point,
`legal` lists what a stack may do, `state_json` is the shape the CLI and web read.
"""

from companion.games.rgb.board import Kind, Layer, Square, Stack
from companion.games.rgb.events import Attack, Create, Event, Heal, Move, Pass, Place, Sustain
from companion.games.rgb.game import RULES, current_player, start
from companion.games.rgb.notation import parse_event
from companion.games.rgb.rules import apply, new_game
from companion.games.rgb.state import GameState, Phase
from companion.games.rgb.view import state_json
from companion.games.rgb.writing import format_event

__all__ = [
    "RULES",
    "Attack",
    "Create",
    "Event",
    "GameState",
    "Heal",
    "Kind",
    "Layer",
    "Move",
    "Pass",
    "Phase",
    "Place",
    "Square",
    "Stack",
    "Sustain",
    "apply",
    "current_player",
    "format_event",
    "new_game",
    "parse_event",
    "start",
    "state_json",
]
