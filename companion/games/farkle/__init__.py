"""Farkle (six dice, push your luck to 10,000) as pure rules.

`apply(state, event) -> state` is the one rule entry point; `scoring.score` prices dice set
aside under the rule set chosen at the start. Our reading of the rules: docs/rules-farkle.md.
"""

from companion.games.farkle.events import Bank, Event, Keep, Roll
from companion.games.farkle.game import RULES, current_player, expected_dice, options, start
from companion.games.farkle.notation import format_event, parse_event
from companion.games.farkle.rules import apply, new_game
from companion.games.farkle.scoring import Combo, Scored, Scoring, choices, score
from companion.games.farkle.state import GameState, Options, Throw, Turn, TurnResult
from companion.games.farkle.view import state_json

__all__ = [
    "RULES",
    "Bank",
    "Combo",
    "Event",
    "GameState",
    "Keep",
    "Options",
    "Roll",
    "Scored",
    "Scoring",
    "Throw",
    "Turn",
    "TurnResult",
    "apply",
    "choices",
    "current_player",
    "expected_dice",
    "format_event",
    "new_game",
    "options",
    "parse_event",
    "score",
    "start",
    "state_json",
]
