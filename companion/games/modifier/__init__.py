"""The modifier dice game (2 to 6 players, six dice each, Goal and Modifier cards) as pure rules.

`apply(state, event) -> state` is the one rule entry point; `goals.decide` settles one goal card
over every player's final values and `dice.final_value` gives a die's value under its cards.
Our reading of the rules: docs/rules-modifier.md.
"""

from companion.games.modifier.cards import GOALS, Goal, Kind, Mod
from companion.games.modifier.dice import explain, final_face, final_value, steps
from companion.games.modifier.events import (
    Declare,
    Event,
    PlayMods,
    Reveal,
    RevealGoals,
    RevealSpecial,
    Roll,
    RollOff,
)
from companion.games.modifier.game import RULES, current_player, expected_dice, start
from companion.games.modifier.goals import decide, share
from companion.games.modifier.notation import format_event, parse_event
from companion.games.modifier.rules import apply, new_game
from companion.games.modifier.state import GameState, Phase, Purpose, Result, Round, Standing
from companion.games.modifier.view import state_json

__all__ = [
    "GOALS",
    "RULES",
    "Declare",
    "Event",
    "GameState",
    "Goal",
    "Kind",
    "Mod",
    "Phase",
    "PlayMods",
    "Purpose",
    "Result",
    "Reveal",
    "RevealGoals",
    "RevealSpecial",
    "Roll",
    "RollOff",
    "Round",
    "Standing",
    "apply",
    "current_player",
    "decide",
    "expected_dice",
    "explain",
    "final_face",
    "final_value",
    "format_event",
    "new_game",
    "parse_event",
    "share",
    "start",
    "state_json",
    "steps",
]
