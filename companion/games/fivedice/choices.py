"""Which boxes a turn's dice may go in and what each would score: the forced joker rule
(docs/rules-fivedice.md rulings 5 to 8) and the extra five-of-a-kind bonus. Pure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.fivedice.scoring import (
    EXTRA_FIVE_KIND,
    FIVE_KIND,
    LOWER,
    UPPER,
    Box,
    box_score,
    explain,
    five_alike,
)
from companion.games.fivedice.state import Sheet


@dataclass(frozen=True, slots=True)
class Choice:
    """An open box for this roll: its points, how they are made, and whether the rules let the
    player choose it now (`why_not` says why not, in words)."""

    box: Box
    points: int
    why: str
    allowed: bool
    why_not: str = ""


@dataclass(frozen=True, slots=True)
class Joker:
    """What five alike mean for this sheet: the joker applies (the five-of-a-kind box is filled),
    the boxes they may go in, and the extra bonus they earn."""

    applies: bool
    allowed: tuple[Box, ...]
    bonus: int
    rule: str


def joker(sheet: Sheet, dice: Sequence[int]) -> Joker:
    """Ruling 6, the forced joker: five alike with the five-of-a-kind box already filled (50 or
    0) must go in their own upper box while it is open; else in any open lower box, where they
    count as a full house and either straight; else in any open upper box, for 0."""
    open_boxes = sheet.open
    if not five_alike(dice) or Box.FIVE_KIND in open_boxes:
        return Joker(False, open_boxes, 0, "")
    face = dice[0]
    bonus = EXTRA_FIVE_KIND if sheet.boxes[Box.FIVE_KIND] == FIVE_KIND else 0
    own = UPPER[face - 1]
    if own in open_boxes:
        return Joker(True, (own,), bonus, f"five {face}s must go in {own.label} while it is open")
    lower = tuple(b for b in LOWER if b in open_boxes)
    if lower:
        rule = f"{own.label} is filled, so five {face}s go in any open lower box"
        return Joker(True, lower, bonus, rule)
    rule = f"{own.label} and every lower box are filled: five {face}s score 0 in an upper box"
    return Joker(True, open_boxes, bonus, rule)


def choices(sheet: Sheet, dice: Sequence[int]) -> tuple[Choice, ...]:
    """Every open box of `sheet` with what `dice` score there, in sheet order."""
    found = joker(sheet, dice)
    out = []
    for box in sheet.open:
        points = box_score(box, dice, found.applies)
        why = explain(box, dice, found.applies and box.face is None)
        allowed = box in found.allowed
        why_not = "" if allowed else f"the joker rule: {found.rule}"
        out.append(Choice(box, points, why, allowed, why_not))
    return tuple(out)


def dice_words(dice: Sequence[int]) -> str:
    return " ".join(map(str, dice))


def missing(kept: Sequence[int], dice: Sequence[int]) -> tuple[int, ...]:
    """The faces of `kept` that `dice` do not hold (as many times as they are short)."""
    short = Counter(kept) - Counter(dice)
    return tuple(sorted(short.elements()))
