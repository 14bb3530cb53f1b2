"""Farkle's scoring combinations and the named rule sets that price them (docs/rules-farkle.md).

Dice set aside from one throw score as the best way of splitting them into combinations with
every die in one; `score` finds it (None when some die scores in no way). `choices` lists every
set of dice of a throw that could be set aside, with its score, for the page to offer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

FACES = range(1, 7)
DICE = 6


class Scoring(StrEnum):
    """The named rule sets a game chooses at its start (the `Scoring` header)."""

    FIXED = "fixed"  # the default: fixed prices for four, five and six of a kind
    CLASSIC = "classic"  # each die past three of a kind doubles the three's value
    BOXED = "boxed"  # `fixed` plus two triplets and four of a kind with a pair


DEFAULT_SCORING = Scoring.FIXED
TITLES = {
    Scoring.FIXED: "fixed prices (4 of a kind 1000, 5 of a kind 2000, 6 of a kind 3000)",
    Scoring.CLASSIC: "classic doubling (each die past three of a kind doubles it)",
    Scoring.BOXED: "fixed prices with two triplets (2500) and 4 of a kind with a pair (1500)",
}


@dataclass(frozen=True, slots=True)
class Combo:
    """One scoring combination: its name in words, its dice and its points."""

    name: str
    dice: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Scored:
    """Dice set aside and how they score: the combinations (best split) and their total."""

    dice: tuple[int, ...]
    combos: tuple[Combo, ...]

    @property
    def points(self) -> int:
        return sum(c.points for c in self.combos)


def three_of(face: int) -> int:
    """Three of a kind: 100 times the face, three 1s 1000."""
    return 1000 if face == 1 else 100 * face


def kind_points(scoring: Scoring, face: int, count: int) -> int:
    """`count` (3 to 6) dice showing `face`, scored as one combination."""
    if scoring is Scoring.CLASSIC:
        return three_of(face) << (count - 3)
    fixed: dict[int, int] = {3: three_of(face), 4: 1000, 5: 2000, 6: 3000}
    return fixed[count]


THREE_PAIRS = {Scoring.FIXED: 1500, Scoring.CLASSIC: 750, Scoring.BOXED: 1500}
STRAIGHT = 1500
TWO_TRIPLETS = 2500  # boxed only
FOUR_AND_PAIR = 1500  # boxed only
SINGLES = {1: 100, 5: 50}
_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}


def _kind(scoring: Scoring, face: int, count: int) -> Combo:
    return Combo(f"{_WORDS[count]} {face}s", (face,) * count, kind_points(scoring, face, count))


def _whole(scoring: Scoring, counts: tuple[int, ...]) -> list[Combo]:
    """Combinations that take all six dice at once."""
    dice = tuple(f for f in FACES for _ in range(counts[f - 1]))
    held = sorted(n for n in counts if n)
    out: list[Combo] = []
    if held == [1] * 6:
        out.append(Combo("a straight 1 to 6", dice, STRAIGHT))
    if held == [2, 2, 2]:
        out.append(Combo("three pairs", dice, THREE_PAIRS[scoring]))
    if scoring is Scoring.BOXED and held == [3, 3]:
        out.append(Combo("two triplets", dice, TWO_TRIPLETS))
    if scoring is Scoring.BOXED and held == [2, 4]:
        out.append(Combo("four of a kind with a pair", dice, FOUR_AND_PAIR))
    return out


@cache
def _best(scoring: Scoring, counts: tuple[int, ...]) -> tuple[Combo, ...] | None:
    """The best split of the dice counted by face into combinations, every die in one."""
    if not any(counts):
        return ()
    face = next(f for f in FACES if counts[f - 1])
    tries: list[tuple[Combo, ...]] = [(c,) for c in _whole(scoring, counts)]
    takes = [1] if face in SINGLES else []
    takes += list(range(3, counts[face - 1] + 1))
    for take in takes:
        rest = list(counts)
        rest[face - 1] -= take
        after = _best(scoring, tuple(rest))
        if after is None:
            continue
        first = Combo(f"a {face}", (face,), SINGLES[face]) if take == 1 else None
        tries.append(((first or _kind(scoring, face, take)), *after))
    if not tries:
        return None
    return max(tries, key=lambda combos: (sum(c.points for c in combos), -len(combos)))


def counts_of(dice: Sequence[int]) -> tuple[int, ...]:
    seen = Counter(dice)
    return tuple(seen[f] for f in FACES)


def score(dice: Sequence[int], scoring: Scoring) -> Scored | None:
    """How `dice` set aside from one throw score; None when a die among them scores nothing."""
    combos = _best(scoring, counts_of(dice))
    if combos is None:
        return None
    biggest_first = tuple(sorted(combos, key=lambda c: (-len(c.dice), -c.points)))
    return Scored(tuple(sorted(dice)), biggest_first)


def choices(throw: Sequence[int], scoring: Scoring) -> tuple[Scored, ...]:
    """Every different set of dice of `throw` that may be set aside (each die scoring), best
    first; empty when the throw is a farkle."""
    counts = counts_of(throw)
    found: list[Scored] = []
    for picked in _sub_counts(counts):
        dice = tuple(f for f in FACES for _ in range(picked[f - 1]))
        scored = score(dice, scoring) if dice else None
        if scored is not None:
            found.append(scored)
    return tuple(sorted(found, key=lambda s: (-s.points, -len(s.dice), s.dice)))


def _sub_counts(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for held in counts:
        out = [(*head, n) for head in out for n in range(held + 1)]
    return out


def is_farkle(throw: Sequence[int], scoring: Scoring) -> bool:
    """No die of the throw scores, alone or with others."""
    return not choices(throw, scoring)


def table(scoring: Scoring) -> tuple[tuple[str, int | str], ...]:
    """The rule set's price list in words, for the pages."""
    if scoring is Scoring.CLASSIC:
        kinds: list[tuple[str, int | str]] = [
            ("four of a kind", "2 x three of a kind"),
            ("five of a kind", "4 x three of a kind"),
            ("six of a kind", "8 x three of a kind"),
        ]
    else:
        kinds = [("four of a kind", 1000), ("five of a kind", 2000), ("six of a kind", 3000)]
    rows: list[tuple[str, int | str]] = [
        ("a 1", 100),
        ("a 5", 50),
        ("three 1s", 1000),
        ("three 2s to three 6s", "100 x the face"),
        *kinds,
        ("three pairs", THREE_PAIRS[scoring]),
        ("a straight 1 to 6", STRAIGHT),
    ]
    if scoring is Scoring.BOXED:
        rows += [("two triplets", TWO_TRIPLETS), ("four of a kind with a pair", FOUR_AND_PAIR)]
    return tuple(rows)
