"""What five dice score in each of the thirteen boxes, and how the score is made, in words.

Pure arithmetic: `box_score(box, dice, joker)` and `explain(box, dice, joker)`. Whether a box may
be chosen (the forced joker rule) is `rules`' business; here `joker` only means the five alike
count as any full house or straight.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

DICE = 5
FULL_HOUSE, SMALL_STRAIGHT, LARGE_STRAIGHT, FIVE_KIND = 25, 30, 40, 50
UPPER_BONUS, UPPER_TARGET, EXTRA_FIVE_KIND = 35, 63, 100
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five")


class Box(StrEnum):
    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_KIND = "three-kind"
    FOUR_KIND = "four-kind"
    FULL_HOUSE = "full-house"
    SMALL_STRAIGHT = "small-straight"
    LARGE_STRAIGHT = "large-straight"
    FIVE_KIND = "five-kind"
    CHANCE = "chance"

    @property
    def face(self) -> int | None:
        """The face an upper box counts (ones: 1 ... sixes: 6); None for a lower box."""
        return UPPER.index(self) + 1 if self in UPPER else None

    @property
    def label(self) -> str:
        return LABELS[self]


UPPER = (Box.ONES, Box.TWOS, Box.THREES, Box.FOURS, Box.FIVES, Box.SIXES)
LOWER = tuple(b for b in Box if b not in UPPER)
LABELS = {
    Box.ONES: "Ones",
    Box.TWOS: "Twos",
    Box.THREES: "Threes",
    Box.FOURS: "Fours",
    Box.FIVES: "Fives",
    Box.SIXES: "Sixes",
    Box.THREE_KIND: "Three of a kind",
    Box.FOUR_KIND: "Four of a kind",
    Box.FULL_HOUSE: "Full house",
    Box.SMALL_STRAIGHT: "Small straight",
    Box.LARGE_STRAIGHT: "Large straight",
    Box.FIVE_KIND: "Five of a kind",
    Box.CHANCE: "Chance",
}
_RUNS = {Box.SMALL_STRAIGHT: 4, Box.LARGE_STRAIGHT: 5}
_FIXED = {
    Box.FULL_HOUSE: FULL_HOUSE,
    Box.SMALL_STRAIGHT: SMALL_STRAIGHT,
    Box.LARGE_STRAIGHT: LARGE_STRAIGHT,
    Box.FIVE_KIND: FIVE_KIND,
}
_KIND = {Box.THREE_KIND: 3, Box.FOUR_KIND: 4, Box.FIVE_KIND: 5}


def five_alike(dice: Sequence[int]) -> bool:
    return len(dice) == DICE and len(set(dice)) == 1


def _longest_run(dice: Sequence[int]) -> list[int]:
    faces = sorted(set(dice))
    best: list[int] = []
    run: list[int] = []
    for face in faces:
        run = [*run, face] if run and face == run[-1] + 1 else [face]
        best = run if len(run) > len(best) else best
    return best


def _most(dice: Sequence[int]) -> tuple[int, int]:
    """(how many, of which face) for the commonest face, the higher face on a tie."""
    count, face = max((n, f) for f, n in Counter(dice).items())
    return count, face


def fits(box: Box, dice: Sequence[int], joker: bool = False) -> bool:
    """Whether the dice make what a lower box asks for (upper boxes and chance take any)."""
    if box in _RUNS:
        return joker or len(_longest_run(dice)) >= _RUNS[box]
    if box is Box.FULL_HOUSE:
        return joker or sorted(Counter(dice).values()) == [2, 3]
    if box in _KIND:
        return _most(dice)[0] >= _KIND[box]
    return True


def box_score(box: Box, dice: Sequence[int], joker: bool = False) -> int:
    """The points `dice` are worth in `box`; `joker`: five alike count as any full house or
    straight (the forced joker rule, docs/rules-fivedice.md ruling 6)."""
    if box.face is not None:
        return box.face * dice.count(box.face)
    if not fits(box, dice, joker):
        return 0
    return _FIXED.get(box, sum(dice))


def _plus(values: Sequence[int]) -> str:
    return " + ".join(map(str, values))


def _how_many(count: int, face: int) -> str:
    return f"{NUMBER_WORDS[count]} {face}{'s' if count != 1 else ''}"


def _upper_words(face: int, dice: Sequence[int]) -> str:
    same = [d for d in dice if d == face]
    if not same:
        return f"no {face}s: 0"
    if len(same) == 1:
        return f"one {face}: {face}"
    return f"{_how_many(len(same), face)}: {_plus(same)} = {sum(same)}"


def _lower_words(box: Box, dice: Sequence[int], joker: bool) -> str:
    count, face = _most(dice)
    if box is Box.CHANCE:
        return f"all five dice: {_plus(dice)} = {sum(dice)}"
    if box in _KIND and box is not Box.FIVE_KIND:
        if count < _KIND[box]:
            return f"no {NUMBER_WORDS[_KIND[box]]} alike: 0"
        return f"{_how_many(count, face)}, so all five dice count: {_plus(dice)} = {sum(dice)}"
    if box is Box.FIVE_KIND:
        return f"five {face}s: {FIVE_KIND}" if count == DICE else "no five alike: 0"
    what = LABELS[box].lower()
    if joker:
        return f"five {face}s play as a joker: a {what} scores {_FIXED[box]}"
    if not fits(box, dice):
        return f"no {what}: 0"
    if box is Box.FULL_HOUSE:
        pair = next(f for f, n in Counter(dice).items() if n == 2)
        return f"three {face}s and two {pair}s: a full house scores {FULL_HOUSE}"
    run = _longest_run(dice)[-_RUNS[box] :] if box is Box.LARGE_STRAIGHT else _longest_run(dice)
    return f"{' '.join(map(str, run))} in a row: a {what} scores {_FIXED[box]}"


def explain(box: Box, dice: Sequence[int], joker: bool = False) -> str:
    """How the score is made, for the kid view: `three 4s: 4 + 4 + 4 = 12`."""
    if box.face is not None:
        return _upper_words(box.face, dice)
    return _lower_words(box, dice, joker)
