"""The free score sheet: any dice game's scores, round by round, for the games Dicetable has no
rules for. A roll (camera or typed) scores by the sheet's house rules (pips, or only dice of a
kind); a typed score covers anything else.

`apply(state, event) -> state` is the one rule entry point. Our reading: docs/rules-sheet.md.
"""

from companion.games.sheet.events import End, Event, Roll, Score
from companion.games.sheet.game import RULES, current_player, expected_dice, start
from companion.games.sheet.notation import format_event, parse_event
from companion.games.sheet.options import Count, Counting, Options, read_count, read_options
from companion.games.sheet.rules import apply, new_game
from companion.games.sheet.state import Entry, GameState
from companion.games.sheet.view import state_json, steps

__all__ = [
    "RULES",
    "Count",
    "Counting",
    "End",
    "Entry",
    "Event",
    "GameState",
    "Options",
    "Roll",
    "Score",
    "apply",
    "current_player",
    "expected_dice",
    "format_event",
    "new_game",
    "parse_event",
    "read_count",
    "read_options",
    "start",
    "state_json",
    "steps",
]
