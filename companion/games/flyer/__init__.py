"""The Essen 2006 flyer game (Richard van Oostrum, Symbiose): six colour dice pay for moving a
stack of six coloured markers across a board of coloured spaces to the players' homebases.

`apply(state, event) -> state` is the one rule entry point; boards are read by `parse_board`
(the format is in `board`'s docstring and docs/rules-flyer.md); `state_json` is what the CLI and
the web read.
"""

from companion.games.flyer.board import Board, BoardError, builtin_board, parse_board
from companion.games.flyer.colours import STACK_ORDER, VALUE_ORDER, Hue
from companion.games.flyer.events import Event, MoveMarkers, Roll, Values
from companion.games.flyer.game import RULES, current_player, start
from companion.games.flyer.notation import parse_event
from companion.games.flyer.rules import apply, new_game
from companion.games.flyer.state import GameState, Phase
from companion.games.flyer.view import state_json
from companion.games.flyer.writing import format_event

__all__ = [
    "RULES",
    "STACK_ORDER",
    "VALUE_ORDER",
    "Board",
    "BoardError",
    "Event",
    "GameState",
    "Hue",
    "MoveMarkers",
    "Phase",
    "Roll",
    "Values",
    "apply",
    "builtin_board",
    "current_player",
    "format_event",
    "new_game",
    "parse_board",
    "parse_event",
    "start",
    "state_json",
]
