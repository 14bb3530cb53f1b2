"""Folding stored lines through a game's rules, a small cache of folded states and game headers
from form options. No store, no threads of its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Any

from companion.errors import InvalidEventError, RecordError, StoreValueError
from companion.exports.record import RecordLine
from companion.exports.record import start as start
from companion.exports.record import step as step
from companion.games import GameRules, HeaderError
from companion.session.errors import FieldError
from companion.store.values import (
    MAX_HEADER_ITEMS,
    MAX_HEADER_KEY_CHARS,
    MAX_HEADER_VALUE_CHARS,
    MAX_LINE_CHARS,
    check_text,
)

# Form option names to the record header keys the rules read (docs/record-format.md).
OPTION_KEYS: dict[str, str] = {
    "game": "Game",
    "edition": "Edition",
    "variable": "Variable",
    "rules": "Rules",
    "draft": "Draft",
    "reroll": "Reroll",
    "cancel": "Cancel",
    "deck": "Deck",
    "covered": "Covered",
    "scoring": "Scoring",
    "opening": "Opening",
    "target": "Target",
    "threefarkles": "ThreeFarkles",
    "title": "Title",
    # the score sheet's house rules (docs/rules-sheet.md; `target` above is its Target too)
    "count": "Count",
    "lowest": "Lowest",
    "rounds": "Rounds",
    "dice": "Dice",
}
MAX_PLAYERS_LISTED = 16


def fold(rules: GameRules[Any, Any], header: Mapping[str, str], lines: Iterable[str]) -> Any:
    state = start(rules, header)
    for line in lines:
        try:
            _, state = step(rules, state, line)
        except (RecordError, InvalidEventError) as exc:
            # A stored line is one the rules once accepted; failing now means the rules changed.
            raise RecordError(f"stored line no longer replays: {exc}", None, line) from None
    return state


class StateCache:
    """Folded states by (game id, head seq): the head fixes the live events, so it is a key."""

    def __init__(self, size: int = 256) -> None:
        self._size = size
        self._items: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, seq: int) -> Any | None:
        with self._lock:
            state = self._items.get((game_id, seq))
            if state is not None:
                self._items.move_to_end((game_id, seq))
            return state

    def put(self, game_id: str, seq: int, state: Any) -> None:
        with self._lock:
            self._items[(game_id, seq)] = state
            self._items.move_to_end((game_id, seq))
            while len(self._items) > self._size:
                self._items.popitem(last=False)


def _option_value(name: str, value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise FieldError(f"option {name!r} must be a non-empty string or true/false", f"options.{name}")


def header_from_options(players: object, options: object) -> dict[str, str]:
    """`{"players": [...], "options": {...}}` of the new-game form to a record header."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise FieldError(f"players must be a list of names, got {players!r}", "players")
    # Spaces as typed on a phone ("Mary   Ann", a space before or after) are not part of a name.
    names = [" ".join(p.split()) for p in players]
    _check_names(names)
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise FieldError(f"options must be an object, got {options!r}", "options")
    header = {"Players": ", ".join(names)}
    for name, value in options.items():
        key = OPTION_KEYS.get(str(name))
        if key is None:
            known = ", ".join(OPTION_KEYS)
            raise FieldError(f"unknown option {name!r} (options: {known})", f"options.{name}")
        header[key] = _option_value(str(name), value)
    return header


def _check_names(names: list[str]) -> None:
    """The list's own limits; how many players a game takes is its rules' to say."""
    if not names:
        raise FieldError("Name the players, in seat order.", "players")
    if len(names) > MAX_PLAYERS_LISTED:
        raise FieldError(
            f"{len(names)} players is more than any game here takes "
            f"(at most {MAX_PLAYERS_LISTED} can be listed)",
            "players",
        )
    for seat, name in enumerate(names, start=1):
        if not name:
            raise FieldError(
                f"Player {seat} has no name: fill it in, or remove that player.", "players"
            )
        if "," in name:
            raise FieldError(f"A name cannot hold a comma: {name!r}.", "players")


def header_words(key: str, reason: str) -> str:
    """A refused header value in words: `[Edition]: ...` becomes `Edition: ...`."""
    prefix = f"[{key}]: "
    return f"{key}: {reason.removeprefix(prefix)}"


def field_of_header_key(key: str) -> str:
    """The form field a refused header key came from."""
    if key == "Players":
        return "players"
    for name, header_key in OPTION_KEYS.items():
        if header_key == key:
            return f"options.{name}"
    return f"header.{key}"


def check_header(rules: GameRules[Any, Any], header: Mapping[str, str]) -> None:
    try:
        rules.new_game(header)
    except HeaderError as exc:
        raise FieldError(header_words(exc.key, exc.reason), field_of_header_key(exc.key)) from None


HEADER_WORDS = {"Players": "the player names", "Title": "the title"}


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def check_storable_header(header: Mapping[str, str]) -> None:
    """FieldError naming the field of a header value over the store's limits."""
    if len(header) > MAX_HEADER_ITEMS:
        raise FieldError(
            f"a game has at most {MAX_HEADER_ITEMS} header items, not {len(header)}", "record"
        )
    for key, value in header.items():
        words = HEADER_WORDS.get(key, f"the {key} setting")
        if len(key) > MAX_HEADER_KEY_CHARS:
            raise FieldError(
                f"a setting name is at most {MAX_HEADER_KEY_CHARS} characters: {key[:40]!r}...",
                field_of_header_key(key),
            )
        if len(value) > MAX_HEADER_VALUE_CHARS:
            raise FieldError(
                f"{words} are {len(value)} characters long; the limit is {MAX_HEADER_VALUE_CHARS}"
                if key == "Players"
                else f"{words} is {len(value)} characters long; the limit is "
                f"{MAX_HEADER_VALUE_CHARS}",
                field_of_header_key(key),
            )
        if not value.strip() or value != value.strip():
            continue  # blank or padded: the form strips it; the store refuses other callers
        try:
            check_text(words, value, MAX_HEADER_VALUE_CHARS)
        except StoreValueError as exc:
            # A control character: the store would refuse it too, but without the field a
            # form marks in red.
            raise FieldError(capitalise(str(exc)), field_of_header_key(key)) from None


def storable_line(line: str, source: RecordLine | None = None) -> str:
    """`line` when the store can keep it; else RecordError (with the record line it came
    from, if any)."""
    if len(line) <= MAX_LINE_CHARS:
        return line
    reason = f"this event is {len(line)} characters long; the limit is {MAX_LINE_CHARS}"
    if source is None:
        raise RecordError(reason, None, line)
    raise RecordError(reason, source.line_no, source.raw)
