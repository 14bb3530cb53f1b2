"""Deciding a Goal card over every player's six final values (rulings 3 to 7).

Each card measures one number per player (a count, a sum, a range...) and names who achieves it:
the players with the best measure, where "best" is the most, the fewest, or the second distinct
measure from the top or the bottom. Count goals that nobody scores on (a best count of 0) go to
nobody.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from companion.games.modifier.cards import Goal

Values = Sequence[int]


class Aim(Enum):
    MOST = "the highest"
    FEWEST = "the lowest"
    SECOND_MOST = "the second highest"
    SECOND_FEWEST = "the second lowest"


@dataclass(frozen=True, slots=True)
class Spec:
    measure: Callable[[Values], int]
    aim: Aim
    what: str  # the measure in words, for "why" a goal went where it did
    nobody_at_zero: bool = False


def _count(test: Callable[[int], bool]) -> Callable[[Values], int]:
    return lambda values: sum(1 for v in values if test(v))


def longest_run(values: Values) -> int:
    """The most distinct values that are consecutive whole numbers (repeats add nothing)."""
    distinct = set(values)
    best = 0
    for start in distinct:
        if start - 1 in distinct:
            continue
        length = 1
        while start + length in distinct:
            length += 1
        best = max(best, length)
    return best


def pairs(values: Values) -> int:
    return sum(n // 2 for n in Counter(values).values())


def _equal_to(face: int) -> Spec:
    return Spec(_count(lambda v: v == face), Aim.MOST, f"dice at {face}", nobody_at_zero=True)


SPECS: dict[Goal, Spec] = {
    Goal.MOST_1S: _equal_to(1),
    Goal.MOST_2S: _equal_to(2),
    Goal.MOST_3S: _equal_to(3),
    Goal.MOST_4S: _equal_to(4),
    Goal.MOST_5S: _equal_to(5),
    Goal.MOST_6S: _equal_to(6),
    Goal.MOST_0S: _equal_to(0),
    Goal.MOST_ODDS: Spec(_count(lambda v: v % 2 == 1), Aim.MOST, "odd dice", True),
    Goal.MOST_EVENS: Spec(_count(lambda v: v % 2 == 0), Aim.MOST, "even dice", True),
    Goal.MOST_DIV3: Spec(_count(lambda v: v % 3 == 0), Aim.MOST, "dice divisible by 3", True),
    Goal.FEWEST_POSITIVE: Spec(_count(lambda v: v > 0), Aim.FEWEST, "dice above 0"),
    Goal.MOST_NON_123456: Spec(
        _count(lambda v: not 1 <= v <= 6), Aim.MOST, "dice not 1 to 6", nobody_at_zero=True
    ),
    Goal.HIGHEST_TOTAL: Spec(sum, Aim.MOST, "total"),
    Goal.LOWEST_TOTAL: Spec(sum, Aim.FEWEST, "total"),
    Goal.SECOND_HIGHEST_TOTAL: Spec(sum, Aim.SECOND_MOST, "total"),
    Goal.SECOND_LOWEST_TOTAL: Spec(sum, Aim.SECOND_FEWEST, "total"),
    Goal.BIGGEST_NUMBER: Spec(max, Aim.MOST, "highest die"),
    Goal.SMALLEST_NUMBER: Spec(min, Aim.FEWEST, "lowest die"),
    Goal.GREATEST_RANGE: Spec(lambda v: max(v) - min(v), Aim.MOST, "range"),
    Goal.SMALLEST_RANGE: Spec(lambda v: max(v) - min(v), Aim.FEWEST, "range"),
    Goal.LONGEST_RUN: Spec(longest_run, Aim.MOST, "longest run"),
    Goal.LARGEST_SET: Spec(lambda v: max(Counter(v).values()), Aim.MOST, "largest set"),
    Goal.MOST_PAIRS: Spec(pairs, Aim.MOST, "pairs", nobody_at_zero=True),
    Goal.GREATEST_VARIETY: Spec(lambda v: len(set(v)), Aim.MOST, "different values"),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """Each player's measure (seat order), the measure that takes the card (None: nobody does)
    and the seats that achieve it."""

    scores: tuple[int, ...]
    best: int | None
    winners: tuple[int, ...]


def _target(scores: Sequence[int], aim: Aim) -> int | None:
    distinct = sorted(set(scores), reverse=aim in (Aim.MOST, Aim.SECOND_MOST))
    if aim in (Aim.MOST, Aim.FEWEST):
        return distinct[0]
    return distinct[1] if len(distinct) > 1 else None


def decide(goal: Goal, hands: Sequence[Values]) -> Decision:
    """Who achieves `goal`, given every player's six final values in seat order."""
    spec = SPECS[goal]
    scores = tuple(spec.measure(values) for values in hands)
    best = _target(scores, spec.aim) if scores else None
    if best == 0 and spec.nobody_at_zero:
        best = None
    winners = () if best is None else tuple(k for k, s in enumerate(scores) if s == best)
    return Decision(scores, best, winners)


def share(winners: int, tokens: int) -> tuple[int, int]:
    """(tokens each winner takes, tokens that leave the game): ruling 8's even split."""
    if winners == 0:
        return 0, tokens
    each = tokens // winners
    return each, tokens - each * winners


def why(goal: Goal, decision: Decision, names: Sequence[str]) -> str:
    """`dice at 1: Ann 2, Ben 2, Cat 0; the highest (2) takes it`, in words the table reads."""
    spec = SPECS[goal]
    scores = ", ".join(f"{n} {s}" for n, s in zip(names, decision.scores, strict=True))
    if decision.best is None:
        return f"{spec.what}: {scores}; nobody achieves it"
    return f"{spec.what}: {scores}; {spec.aim.value} ({decision.best}) takes it"
