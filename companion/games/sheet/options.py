"""The score sheet's house rules, read from the record's header: how a roll scores (`Count`),
whether the lowest total wins (`Lowest`), and what ends the game (`Target`, `Rounds`), and how
many dice a roll throws (`Dice`, for the camera's check)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from companion.games import HeaderError
from companion.games.notation import header_flag

FACES = range(1, 7)
MAX_DICE = 24  # the most dice one roll holds (the camera's limit too)
MAX_TARGET = 1_000_000
MAX_ROUNDS = 999


class Counting(StrEnum):
    PIPS = "pips"  # every die's pips add up
    ONLY = "only"  # only dice showing the named faces count, with their pips
    DICE = "dice"  # one point for each die showing a named face


@dataclass(frozen=True, slots=True)
class Count:
    """How a roll turns into points: `pips`, `only 6` (or `only 5 6`), `dice 6`."""

    how: Counting = Counting.PIPS
    faces: tuple[int, ...] = ()

    def worth(self, pips: int) -> int:
        """What one die showing `pips` adds to the roll's score."""
        if self.how is Counting.PIPS:
            return pips
        if pips not in self.faces:
            return 0
        return pips if self.how is Counting.ONLY else 1

    def counts(self, pips: int) -> bool:
        return self.how is Counting.PIPS or pips in self.faces

    def score(self, dice: Sequence[int]) -> int:
        return sum(self.worth(d) for d in dice)

    def __str__(self) -> str:
        if self.how is Counting.PIPS:
            return "pips"
        return " ".join([self.how.value, *map(str, self.faces)])

    def words(self) -> str:
        """The rule in a sentence for the page: `only the 6s count, with their pips`."""
        if self.how is Counting.PIPS:
            return "a roll scores the pips of all its dice"
        faces = _faces_words(self.faces)
        if self.how is Counting.ONLY:
            return f"a roll scores the pips of its {faces} only"
        return f"a roll scores 1 for each of its {faces}"


def _faces_words(faces: Sequence[int]) -> str:
    names = [f"{f}s" for f in faces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


@dataclass(frozen=True, slots=True)
class Options:
    count: Count = Count()
    lowest: bool = False  # the lowest total wins
    target: int | None = None  # a total reaching it ends the game after that round
    rounds: int | None = None  # the game ends after this many rounds
    dice: int | None = None  # the dice a roll throws; None: any number


def read_count(value: str) -> Count:
    """`pips`, `only 6`, `only 5 6`, `dice 1`; HeaderError on Count saying what is allowed."""
    words = value.replace(",", " ").lower().split()
    usage = (
        "write pips, only FACES (only 6: just the 6s count) or dice FACES (dice 6: count the 6s)"
    )
    if not words or (len(words) == 1 and words[0] in ("pips", "sum", "total")):
        return Count()
    try:
        how = Counting(words[0])
    except ValueError:
        raise HeaderError("Count", f"{value.strip()!r} is not a way to count: {usage}") from None
    if how is Counting.PIPS or len(words) < 2:
        raise HeaderError("Count", f"{value.strip()!r} names no faces: {usage}")
    faces: list[int] = []
    for word in words[1:]:
        face = word.removesuffix("s")
        if not face.isascii() or not face.isdigit() or int(face) not in FACES:
            raise HeaderError("Count", f"{word!r} is not a face of a die (1 to 6)")
        if int(face) not in faces:
            faces.append(int(face))
    return Count(how, tuple(sorted(faces)))


def _whole(key: str, value: str, low: int, high: int, what: str) -> int | None:
    word = value.strip()
    if word.lower() in ("", "no", "none", "off", "any"):
        return None
    if not word.isascii() or not word.isdigit() or not low <= int(word) <= high:
        raise HeaderError(key, f"{word!r} is not {what} ({low} to {high}, or none)")
    return int(word)


def read_options(header: Mapping[str, str]) -> Options:
    return Options(
        count=read_count(header.get("Count", "pips")),
        lowest=header_flag("Lowest", header.get("Lowest", "no")),
        target=_whole("Target", header.get("Target", ""), 1, MAX_TARGET, "a target score"),
        rounds=_whole("Rounds", header.get("Rounds", ""), 1, MAX_ROUNDS, "a number of rounds"),
        dice=_whole("Dice", header.get("Dice", ""), 1, MAX_DICE, "a number of dice"),
    )
