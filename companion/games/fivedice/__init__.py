"""The five-dice category game (the scoring Yahtzee made famous; Yacht and Generala are kin):
thirteen boxes, up to three throws a turn with dice kept aside, the upper bonus, extra
five-of-a-kind bonuses and the forced joker rule (docs/rules-fivedice.md).

`apply(state, event) -> state` is the one rule entry point; `scoring` says what a roll is worth
in each box and how the score is made, in words a child can follow.
"""

from companion.games.fivedice.events import Event, Keep, Roll, Score
from companion.games.fivedice.game import RULES
from companion.games.fivedice.notation import format_event, parse_event
from companion.games.fivedice.rules import apply, new_game
from companion.games.fivedice.scoring import Box, box_score, explain
from companion.games.fivedice.state import GameState
from companion.games.fivedice.view import state_json

__all__ = [
    "RULES",
    "Box",
    "Event",
    "GameState",
    "Keep",
    "Roll",
    "Score",
    "apply",
    "box_score",
    "explain",
    "format_event",
    "new_game",
    "parse_event",
    "state_json",
]
