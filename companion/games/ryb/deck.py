"""The goal deck: a small editable text format, its loader and the deck Dicetable ships.

Format (one card kind a line, `#` starts a comment):

    goal COLOUR TARGET value VALUE [copies N]
    action CARD copies N
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path

from companion.errors import LineError
from companion.games.ryb.dice import GOAL_COLOURS
from vision.types import Colour

DEFAULT_DECK = "default"


class Card(StrEnum):
    """Action card types, as they go to the discard pile."""

    GIMME = "gimme"
    SWAP = "swap"
    DO_OVER = "doover"
    RED_ROVER = "redrover"
    SHANGHAI = "shanghai"
    VARIABLE = "variable"


MAX_TARGET = 99


class DeckError(LineError):
    """A deck file cannot be read; says which line and why."""


@dataclass(frozen=True, slots=True)
class GoalCard:
    colour: Colour
    target: int
    value: int
    copies: int = 1

    @property
    def name(self) -> str:
        return f"{self.colour.value.capitalize()} {self.target}"


@dataclass(frozen=True, slots=True)
class Deck:
    goals: tuple[GoalCard, ...]
    actions: tuple[tuple[Card, int], ...]

    def value_of(self, colour: Colour, target: int) -> int | None:
        card = next((g for g in self.goals if g.colour is colour and g.target == target), None)
        return None if card is None else card.value

    @property
    def size(self) -> int:
        return sum(g.copies for g in self.goals) + sum(n for _, n in self.actions)


def _number(text: str, what: str, low: int, high: int) -> int:
    plain = text.isascii() and text.isdigit() and len(text.lstrip("0")) <= len(str(high))
    if not plain or not low <= int(text) <= high:
        raise ValueError(f"{what} must be a whole number {low}..{high}, not {text!r}")
    return int(text)


def _copies(words: list[str]) -> int:
    if not words:
        return 1
    if len(words) != 2 or words[0] != "copies":
        raise ValueError(f"expected `copies N` at the end, not {' '.join(words)!r}")
    return _number(words[1], "copies", 1, 99)


def _goal(words: list[str]) -> GoalCard:
    if len(words) < 4 or words[2] != "value":
        raise ValueError("a goal line is `goal COLOUR TARGET value VALUE [copies N]`")
    colour = Colour.parse(words[0])
    if colour not in GOAL_COLOURS:
        raise ValueError(
            f"goal colours are red orange yellow green blue purple black, not {words[0]!r}"
        )
    target = _number(words[1], "target", 1, MAX_TARGET)
    value = _number(words[3], "value", 1, 999)
    return GoalCard(colour, target, value, _copies(words[4:]))


def _action(words: list[str]) -> tuple[Card, int]:
    names = ", ".join(c.value for c in Card)
    if not words:
        raise ValueError(f"an action line is `action CARD copies N` (cards: {names})")
    try:
        card = Card(words[0].lower())
    except ValueError:
        raise ValueError(f"unknown action card {words[0]!r} (cards: {names})") from None
    return card, _copies(words[1:])


def load_deck(text: str) -> Deck:
    """Read a deck; every problem is a DeckError naming the line."""
    goals: dict[tuple[Colour, int], tuple[int, GoalCard]] = {}
    actions: dict[Card, tuple[int, int]] = {}
    for line_no, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        try:
            if words[0] == "goal":
                card = _goal(words[1:])
                key = (card.colour, card.target)
                if key in goals:
                    raise ValueError(f"{card.name} is already on line {goals[key][0]}")
                goals[key] = (line_no, card)
            elif words[0] == "action":
                kind, copies = _action(words[1:])
                if kind in actions:
                    raise ValueError(f"{kind.value} is already on line {actions[kind][0]}")
                actions[kind] = (line_no, copies)
            else:
                raise ValueError(f"a line starts with `goal` or `action`, not {words[0]!r}")
        except ValueError as exc:
            raise DeckError(str(exc), line_no, raw) from None
    if not goals:
        raise DeckError("the deck has no goal cards")
    return Deck(
        tuple(card for _, card in goals.values()),
        tuple((kind, copies) for kind, (_, copies) in actions.items()),
    )


def load_deck_file(path: Path) -> Deck:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError(f"cannot read deck file {str(path)!r}: {exc.strerror}") from None
    return load_deck(text)


_CACHE: dict[str, Deck] = {}


def builtin_deck(name: str = DEFAULT_DECK) -> Deck:
    """A deck shipped with Dicetable, by name (only `default` so far)."""
    if name != DEFAULT_DECK:
        raise DeckError(f"unknown deck {name!r} (built-in decks: {DEFAULT_DECK})")
    if name not in _CACHE:
        text = resources.files("companion.games.ryb").joinpath(f"{name}.deck").read_text("utf-8")
        _CACHE[name] = load_deck(text)
    return _CACHE[name]


def goal_cards_json(name: str = DEFAULT_DECK) -> list[dict[str, object]]:
    """The goal cards of a shipped deck for a form: colour, target and value, in deck order
    (empty for a deck that cannot be read)."""
    try:
        deck = builtin_deck(name)
    except DeckError:
        return []
    return [{"colour": g.colour.value, "target": g.target, "value": g.value} for g in deck.goals]
