"""RYB (Invisible City Productions, 2000 and 1999 editions) as pure rules.

`apply(state, event) -> state` is the one rule entry point; `totals` counts a roll's colour points.
"""

from companion.games.ryb.deck import (
    Card,
    Deck,
    DeckError,
    GoalCard,
    builtin_deck,
    load_deck,
    load_deck_file,
)
from companion.games.ryb.dice import DIE_COLOURS, GOAL_COLOURS, NEEDS, Pool, RolledDie, totals
from companion.games.ryb.events import Event, GoalRef
from companion.games.ryb.game import RULES, current_player, expected_dice, parse_goal_ref, start
from companion.games.ryb.notation import parse_event
from companion.games.ryb.rules import apply, new_game
from companion.games.ryb.state import (
    Edition,
    GameState,
    Goal,
    Options,
    Payment,
    Player,
    VariableMode,
    VariableRule,
)
from companion.games.ryb.turns import phase
from companion.games.ryb.view import state_json
from companion.games.ryb.writing import format_event

__all__ = [
    "DIE_COLOURS",
    "GOAL_COLOURS",
    "NEEDS",
    "RULES",
    "Card",
    "Deck",
    "DeckError",
    "Edition",
    "Event",
    "GameState",
    "Goal",
    "GoalCard",
    "GoalRef",
    "Options",
    "Payment",
    "Player",
    "Pool",
    "RolledDie",
    "VariableMode",
    "VariableRule",
    "apply",
    "builtin_deck",
    "current_player",
    "expected_dice",
    "format_event",
    "load_deck",
    "load_deck_file",
    "new_game",
    "parse_event",
    "parse_goal_ref",
    "phase",
    "start",
    "state_json",
    "totals",
]
