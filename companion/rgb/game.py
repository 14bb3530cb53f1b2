"""RGB as the registry serves it (`companion.games.find_game("rgb")`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import InvalidEventError
from companion.games import HeaderError
from companion.rgb.events import Event
from companion.rgb.notation import parse_event
from companion.rgb.rules import apply, new_game
from companion.rgb.state import GameState, Phase
from companion.rgb.view import state_json
from companion.rgb.writing import format_event
from vision.types import Colour


def start(header: Mapping[str, str]) -> GameState:
    """`[Players "First, Second"]`: the first named places first and has two Men."""
    if "Players" not in header:
        raise HeaderError(
            "Players", 'missing: name the two players, first player first, [Players "Al, Bo"]'
        )
    names = tuple(n.strip() for n in header["Players"].split(","))
    for name in names:
        if not name or len(name.split()) != 1 or ":" in name:
            raise HeaderError("Players", f"{name!r} is not a player name (one word, no colon)")
    try:
        return new_game(names)
    except InvalidEventError as exc:
        raise HeaderError("Players", str(exc)) from None


def current_player(state: GameState) -> str | None:
    return None if state.phase is Phase.OVER else state.player


@dataclass(frozen=True)
class RgbRules:
    name: str = "rgb"

    def new_game(self, header: Mapping[str, str]) -> GameState:
        return start(header)

    def parse_event(self, line: str, state: GameState) -> Event:
        return parse_event(line)

    def apply(self, state: GameState, event: Event) -> GameState:
        return apply(state, event)

    def format_event(self, event: Event) -> str:
        return format_event(event)

    def event_player(self, event: Event) -> str:
        return event.player

    def state_json(self, state: GameState) -> dict[str, Any]:
        return state_json(state)

    def winner(self, state: GameState) -> str | None:
        return state.winner

    def current_player(self, state: GameState) -> str | None:
        return current_player(state)

    def expected_dice(
        self, state: GameState, player: str, goal_ref: str | None
    ) -> dict[Colour, int]:
        """Always empty: RGB is played with no dice, so no roll is ever expected."""
        return {}


RULES = RgbRules()
