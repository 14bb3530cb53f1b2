"""One die and the Modifier cards behind it: the face it ends on and the value it counts for.

Ruling 2: the physical cards act first whatever their place in the stack (every reroll, the last
one standing; then every pick, the last one standing; then every flip, each turning the die to
7 minus its face), and the value cards then apply to that face from the top card down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.modifier.cards import Kind, Mod


@dataclass(frozen=True, slots=True)
class Step:
    """One card's effect: the card as written and the value after it."""

    card: str
    value: int


def final_face(rolled: int, cards: Sequence[Mod]) -> int:
    """The face the physical die shows once rerolls, picks and flips are done."""
    face = rolled
    for kind in (Kind.REROLL, Kind.PICK):
        for card in cards:
            if card.kind is kind:
                face = card.amount
    for card in cards:
        if card.kind is Kind.FLIP:
            face = 7 - face
    return face


def apply_value(value: int, card: Mod) -> int:
    """One value card (ruling 1); physical cards and blanks leave the value alone."""
    if card.kind is Kind.ADD:
        return value + card.amount
    if card.kind is Kind.SET:
        return card.amount
    if card.kind is Kind.DOUBLE:
        return value * 2
    if card.kind is Kind.HALVE:
        return value // 2  # floor division rounds toward minus infinity: -5 -> -3
    if card.kind is Kind.NEGATE:
        return -value
    return value


def final_value(rolled: int, cards: Sequence[Mod]) -> int:
    value = final_face(rolled, cards)
    for card in cards:
        value = apply_value(value, card)
    return value


def steps(rolled: int, cards: Sequence[Mod]) -> tuple[Step, ...]:
    """Every step from the rolled face to the final value, for showing the arithmetic: the
    physical cards in the order they act, then the value cards top to bottom (blanks left out)."""
    out: list[Step] = []
    face = rolled
    for kind in (Kind.REROLL, Kind.PICK, Kind.FLIP):
        for card in cards:
            if card.kind is kind:
                face = 7 - face if kind is Kind.FLIP else card.amount
                out.append(Step(card.card, face))
    value = face
    for card in cards:
        if not card.physical and card.kind is not Kind.BLANK:
            value = apply_value(value, card)
            out.append(Step(str(card), value))
    return tuple(out)


def explain(rolled: int, cards: Sequence[Mod]) -> str:
    """`4, +2 = 6, x2 = 12`: the rolled face, then each card and the value it leaves."""
    return ", ".join([str(rolled), *(f"{s.card} = {s.value}" for s in steps(rolled, cards))])
