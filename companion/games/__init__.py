"""Rule sets by name: every game the companion keeps plugs in behind `GameRules`.

`find_game("ryb")` returns the RYB rules; a later game adds its folder here and one line to
`_GAMES` (docs/adding-a-game.md). Modules are imported only when a game is asked for. `notation`
and `players` are what every game shares. Rules are pure: nothing under `games/` imports the
session, the store, the exports, the CLI, the web or OpenCV.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import DicetableError, InvalidEventError, RecordError
from vision.types import Colour

S = TypeVar("S")
E = TypeVar("E")

DEFAULT_GAME = "ryb"
_GAMES: dict[str, str] = {
    "ryb": "companion.games.ryb.game:RULES",
    "rgb": "companion.games.rgb.game:RULES",
    "flyer": "companion.games.flyer.game:RULES",
    "modifier": "companion.games.modifier.game:RULES",
    "fivedice": "companion.games.fivedice.game:RULES",
    "farkle": "companion.games.farkle.game:RULES",
    "sheet": "companion.games.sheet.game:RULES",
}
# `expected_dice` counts dice whose colour a game ignores (the modifier game) under this colour.
ANY_COLOUR = Colour.OTHER


class CameraDice(StrEnum):
    """How a camera reads a game's dice (`RuleSet.camera_dice`). The values are what an agent is
    told as `camera_game` and what `--game` names (docs/club.md), as they always were."""

    PIP_COLOURS = "ryb"  # pip dice told apart by body colour, against the game's `palette`
    COLOUR_FACES = "flyer"  # dice whose faces are colours; a normal die among them reads as pips
    NONE = "none"  # the game throws no dice


class UnknownRulesError(DicetableError, LookupError):
    """No rule set has the given name."""


class HeaderError(RecordError):
    """A header value the rules refuse; `key` names the header line."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(f"[{key}]: {message}")


class GameRules(Protocol[S, E]):
    """What the store, the session, the CLI and the web need from a game's rules."""

    @property
    def name(self) -> str: ...

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


class _Acted(Protocol):
    @property
    def player(self) -> str: ...


class _Won(Protocol):
    @property
    def winner(self) -> str | None: ...


def acting_player(event: _Acted) -> str:
    """`event_player` for a game whose every event names who acts in its `player`."""
    return event.player


def recorded_winner(state: _Won) -> str | None:
    """`winner` for a game whose state keeps its one winner in `winner`."""
    return state.winner


def no_dice(state: object, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """`expected_dice` for a game whose rolls the camera does not count by die colour."""
    return {}


def state_free(parse: Callable[[str], E]) -> Callable[[str, object], E]:
    """`parse_event` for a game whose record lines read the same in any state."""

    def parse_event(line: str, state: object) -> E:
        return parse(line)

    return parse_event


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet(Generic[S, E]):
    """`GameRules` made of a game's own functions: what a game module serves as `RULES`."""

    name: str
    new_game: Callable[[Mapping[str, str]], S]
    parse_event: Callable[[str, S], E]
    apply: Callable[[S, E], S]
    format_event: Callable[[E], str]
    event_player: Callable[[E], str]
    state_json: Callable[[S], dict[str, Any]]
    winner: Callable[[S], str | None]
    current_player: Callable[[S], str | None]
    expected_dice: Callable[[S, str, str | None], dict[Colour, int]]
    table_verbs: frozenset[str] = frozenset()
    # Verbs of the record lines that throw dice (a rolls CSV row each); none in a dice-free game.
    roll_verbs: frozenset[str] = frozenset()
    # A game whose failed roll may be thrown again (RYB's Do-Over and paid re-roll): the goal
    # it attempts and the dice it throws again (`roll_again`), and the verbs that do it.
    roll_again: Callable[[S, str], tuple[str, dict[Colour, int]]] | None = None
    again_verbs: frozenset[str] = frozenset()
    # How the camera reads its dice, and the colours its pip dice come in (the reader's palette;
    # none: the reader names any colour it knows).
    camera_dice: CameraDice = CameraDice.PIP_COLOURS
    palette: tuple[Colour, ...] = ()
    # A game whose player's camera roll is one line of pips, dice of any colour
    # (`{player}: roll {pips}`): the session's camera attempt then needs no goal, takes the
    # dice `expected_dice` counts under ANY_COLOUR (any number when it counts none) and records
    # this line. Empty: the RYB attempt line (`attempt GOAL r3 y4`).
    roll_format: str = ""
    # The pips a line throws, any colour (a `roll_verbs` line's dice; None for other lines), for
    # the dice check of games whose events are not RYB's; None: the game gives none.
    thrown_pips: Callable[[E], tuple[int, ...] | None] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRollRuleSet(RuleSet[S, E]):
    """A `RuleSet` whose players throw at once (`companion.table_roll.pending.TableRollRules`)."""

    table_rollers: Callable[[S], tuple[str, ...]]
    table_roll_format: str


def table_verbs(rules: GameRules[Any, Any]) -> frozenset[str]:
    """Verbs of record lines that the whole table does, written without `NAME:` (the modifier
    game's `reveal`). A game says so with a `table_verbs` attribute; most have none."""
    verbs: frozenset[str] = frozenset(getattr(rules, "table_verbs", ()))
    return verbs


def roll_verbs(rules: GameRules[Any, Any]) -> frozenset[str]:
    """Verbs of the record lines that throw dice (`RuleSet.roll_verbs`); empty for a game played
    without dice (RGB), which then offers no rolls CSV."""
    verbs: frozenset[str] = frozenset(getattr(rules, "roll_verbs", ()))
    return verbs


def again_verbs(rules: GameRules[Any, Any]) -> frozenset[str]:
    """Verbs that throw an open roll's dice again (`RuleSet.again_verbs`); none in most games."""
    verbs: frozenset[str] = frozenset(getattr(rules, "again_verbs", ()))
    return verbs


def roll_again(
    rules: GameRules[Any, Any], state: Any, player: str
) -> tuple[str, dict[Colour, int]]:
    """The goal `player`'s open roll attempts and the dice throwing it again rolls
    (`RuleSet.roll_again`); InvalidEventError when there is none to throw again."""
    again = getattr(rules, "roll_again", None)
    if again is None:
        raise InvalidEventError(f"in {rules.name} a roll is never thrown again")
    found: tuple[str, dict[Colour, int]] = again(state, player)
    return found


def camera_dice(rules: GameRules[Any, Any]) -> CameraDice:
    """How a camera reads the game's dice (`RuleSet.camera_dice`); pip dice by colour unless the
    game says otherwise."""
    found: CameraDice = getattr(rules, "camera_dice", CameraDice.PIP_COLOURS)
    return found


def palette(rules: GameRules[Any, Any]) -> tuple[Colour, ...]:
    """The colours the game's pip dice come in (`RuleSet.palette`); empty when it names none."""
    found: tuple[Colour, ...] = tuple(getattr(rules, "palette", ()))
    return found


def roll_format(rules: GameRules[Any, Any]) -> str:
    """The line a player's camera roll becomes in a game of any-colour pip dice
    (`RuleSet.roll_format`, `{player}: roll {pips}`); "" where a roll attempts a goal (RYB)."""
    found: str = getattr(rules, "roll_format", "")
    return found


def thrown_pips(rules: GameRules[Any, Any]) -> Callable[[Any], tuple[int, ...] | None] | None:
    """How to read the pips a line throws (`RuleSet.thrown_pips`); None where the game says
    nothing (RYB's dice check reads its own events)."""
    found: Callable[[Any], tuple[int, ...] | None] | None = getattr(rules, "thrown_pips", None)
    return found


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
