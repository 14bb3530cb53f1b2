"""Rule sets by name: every game the companion keeps plugs in behind `GameRules`.

`find_game("ryb")` returns the RYB rules; a later game adds one line to `_GAMES`. Modules are
imported only when a game is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from companion.errors import DicetableError, RecordError
from vision.types import Colour

S = TypeVar("S")
E = TypeVar("E")

DEFAULT_GAME = "ryb"
_GAMES: dict[str, str] = {
    "ryb": "companion.ryb.game:RULES",
    "rgb": "companion.rgb.game:RULES",
    "flyer": "companion.flyer.game:RULES",
    "modifier": "companion.modifier.game:RULES",
}
# `expected_dice` counts dice whose colour a game ignores (the modifier game) under this colour.
ANY_COLOUR = Colour.OTHER


class UnknownRulesError(DicetableError, LookupError):
    """No rule set has the given name."""


class HeaderError(RecordError):
    """A header value the rules refuse; `key` names the header line."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(f"[{key}]: {message}")


class GameRules(Protocol[S, E]):
    """What the store, the session, the CLI and the web need from a game's rules."""

    name: str

    def new_game(self, header: Mapping[str, str]) -> S:
        """The starting state for a record's header; HeaderError names a bad key."""
        ...

    def parse_event(self, line: str, state: S) -> E:
        """`NAME: verb args` to an event; RecordError (no line number) when it cannot be read."""
        ...

    def apply(self, state: S, event: E) -> S:
        """The state after the event; InvalidEventError when the rules refuse it."""
        ...

    def format_event(self, event: E) -> str:
        """The canonical record line of an event (parse_event reads it back to the same event)."""
        ...

    def event_player(self, event: E) -> str:
        """Who acts in the event; "" for a line the whole table writes (see `table_verbs`)."""
        ...

    def state_json(self, state: S) -> dict[str, Any]: ...

    def winner(self, state: S) -> str | None: ...

    def current_player(self, state: S) -> str | None:
        """Who acts next (the drafter during a draft); None once the game is over."""
        ...

    def expected_dice(self, state: S, player: str, goal_ref: str | None) -> dict[Colour, int]:
        """The dice `player` should roll next, counted by colour.

        Where a roll attempts one goal (RYB), `goal_ref` names it and is required. A game whose
        rolls attempt no goal (the modifier game: everyone throws six dice) takes None and
        refuses a goal with InvalidEventError; dice whose colour it ignores are counted under
        `ANY_COLOUR`.
        """
        ...


def table_verbs(rules: GameRules[Any, Any]) -> frozenset[str]:
    """Verbs of record lines that the whole table does, written without `NAME:` (the modifier
    game's `reveal`). A game says so with a `table_verbs` attribute; most have none."""
    verbs: frozenset[str] = frozenset(getattr(rules, "table_verbs", ()))
    return verbs


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def find_game(name: str) -> GameRules[Any, Any]:
    """The rule set called `name` (case-insensitive)."""
    key = name.strip().lower()
    if key not in _GAMES:
        raise UnknownRulesError(f"unknown game {name!r} (games: {', '.join(_GAMES)})")
    module_name, _, attribute = _GAMES[key].partition(":")
    rules: GameRules[Any, Any] = getattr(importlib.import_module(module_name), attribute)
    return rules
