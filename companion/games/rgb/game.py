"""RGB as the registry serves it (`companion.games.find_game("rgb")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import (
    CameraDice,
    RuleSet,
    acting_player,
    no_dice,
    recorded_winner,
    state_free,
)
from companion.games.notation import header_names, header_value
from companion.games.rgb.notation import parse_event
from companion.games.rgb.rules import apply, new_game
from companion.games.rgb.state import GameState, Phase
from companion.games.rgb.view import state_json
from companion.games.rgb.writing import format_event


def start(header: Mapping[str, str]) -> GameState:
    """`[Players "First, Second"]`: the first named places first and has two Men."""
    example = 'name the two players, first player first, [Players "Al, Bo"]'
    names = header_names(header, "Players", example)
    with header_value("Players"):
        return new_game(names)


def current_player(state: GameState) -> str | None:
    return None if state.phase is Phase.OVER else state.player


RULES = RuleSet(
    name="rgb",
    new_game=start,
    parse_event=state_free(parse_event),
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=recorded_winner,
    current_player=current_player,
    expected_dice=no_dice,  # RGB is played with no dice, so no roll is ever expected
    camera_dice=CameraDice.NONE,
)
