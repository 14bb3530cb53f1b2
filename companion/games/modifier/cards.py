"""The modifier dice game's cards: the 24 Goal cards by record name, and the Modifier cards.

A Modifier card either moves the physical die (reroll, pick, flip) or changes the value the die
counts for (`+N`, `-N`, `=N`, `x2`, `/2`, `neg`, `blank`). Record spellings are in
docs/rules-modifier.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class CardError(ValueError):
    """A card name or a die face that cannot be read; the caller adds the line."""


class Goal(StrEnum):
    """Goal cards by their record names (the printed title is `title(goal)`)."""

    MOST_1S = "most-1s"
    MOST_2S = "most-2s"
    MOST_3S = "most-3s"
    MOST_4S = "most-4s"
    MOST_5S = "most-5s"
    MOST_6S = "most-6s"
    MOST_0S = "most-0s"
    MOST_ODDS = "most-odds"
    MOST_EVENS = "most-evens"
    MOST_DIV3 = "most-div3"
    FEWEST_POSITIVE = "fewest-positive"
    MOST_NON_123456 = "most-non-123456"
    HIGHEST_TOTAL = "highest-total"
    LOWEST_TOTAL = "lowest-total"
    SECOND_HIGHEST_TOTAL = "second-highest-total"
    SECOND_LOWEST_TOTAL = "second-lowest-total"
    BIGGEST_NUMBER = "biggest-number"
    SMALLEST_NUMBER = "smallest-number"
    GREATEST_RANGE = "greatest-range"
    SMALLEST_RANGE = "smallest-range"
    LONGEST_RUN = "longest-run"
    LARGEST_SET = "largest-set"
    MOST_PAIRS = "most-pairs"
    GREATEST_VARIETY = "greatest-variety"


GOALS: tuple[Goal, ...] = tuple(Goal)


def goal(token: str) -> Goal:
    try:
        return Goal(token.strip().lower())
    except ValueError:
        raise CardError(
            f"there is no goal card called {token!r} (cards: {', '.join(GOALS)})"
        ) from None


class Kind(StrEnum):
    ADD = "add"
    SET = "set"
    DOUBLE = "x2"
    HALVE = "/2"
    NEGATE = "neg"
    BLANK = "blank"
    REROLL = "reroll"
    PICK = "pick"
    FLIP = "flip"


# Cards that turn the physical die, in the order the rules apply them (ruling 2).
PHYSICAL: tuple[Kind, ...] = (Kind.REROLL, Kind.PICK, Kind.FLIP)
FACES = range(1, 7)


@dataclass(frozen=True, slots=True, order=True)
class Mod:
    """One Modifier card as played: `amount` is the added number (ADD), the set value (SET) or
    the die's new face (REROLL, PICK); 0 for the others."""

    kind: Kind
    amount: int = 0

    @property
    def physical(self) -> bool:
        return self.kind in PHYSICAL

    def __str__(self) -> str:
        if self.kind is Kind.ADD:
            return f"{self.amount:+d}"
        if self.kind is Kind.SET:
            return f"={self.amount}"
        if self.kind in (Kind.REROLL, Kind.PICK):
            return f"{self.kind.value}:{self.amount}"
        return self.kind.value

    @property
    def card(self) -> str:
        """The card's name without the face a reroll or pick gave (`reroll`, not `reroll:5`)."""
        return self.kind.value if self.kind in (Kind.REROLL, Kind.PICK) else str(self)


# How many of each card the game holds (the starting sets and the shared deck together).
COPIES: dict[str, int] = {
    "+1": 12,
    "-1": 12,
    "+2": 6,
    "-2": 6,
    "+3": 6,
    "-3": 6,
    "blank": 8,
    **{f"={n}": 2 for n in range(8)},
    "x2": 4,
    "/2": 4,
    "neg": 4,
    "reroll": 4,
    "pick": 4,
    "flip": 4,
}
_ADD_RE = re.compile(r"^([+-])([123])$")
_SET_RE = re.compile(r"^=([0-7])$")
_FACE_RE = re.compile(r"^(reroll|pick):(.*)$")
_PLAIN = {"x2": Kind.DOUBLE, "/2": Kind.HALVE, "neg": Kind.NEGATE, "blank": Kind.BLANK}
MOD_SPELLINGS = "+1 +2 +3 -1 -2 -3 blank =0 ... =7 x2 /2 neg reroll:V pick:V flip"


def face(token: str, what: str) -> int:
    if not token.isascii() or not token.isdigit() or int(token) not in FACES:
        raise CardError(f"{what} must be a die face 1 to 6, not {token!r}")
    return int(token)


def mod(token: str) -> Mod:
    """One Modifier card as the record spells it."""
    text = token.strip().lower()
    if text == "flip":
        return Mod(Kind.FLIP)
    if text in _PLAIN:
        return Mod(_PLAIN[text])
    if (m := _ADD_RE.match(text)) is not None:
        return Mod(Kind.ADD, int(m.group(1) + m.group(2)))
    if (m := _SET_RE.match(text)) is not None:
        return Mod(Kind.SET, int(m.group(1)))
    if (m := _FACE_RE.match(text)) is not None:
        kind = Kind(m.group(1))
        return Mod(kind, face(m.group(2), f"the face a {kind.value} card gives"))
    raise CardError(f"there is no modifier card {token!r} (cards: {MOD_SPELLINGS})")
