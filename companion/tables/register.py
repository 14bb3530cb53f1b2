"""Registering a table's dice: the players put every die they play with on the table, the
reader groups what it sees by colour, and the players confirm or correct each group at once.

An answer names, for a colour as read, what those dice really are: a colour, or `none` for "not
a die" (a speck, a tray's rivet). Pure values; the terminal and the dashboard ask the question.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.session.errors import FieldError
from vision.memory import Confirmed
from vision.types import COLOURS, Colour, Die

NOT_A_DIE = "none"


class RegisterError(FieldError):
    """An answer the register step cannot take; `field` names what was wrong."""

    def __init__(self, message: str, field: str = "groups") -> None:
        super().__init__(message, field)


@dataclass(frozen=True, slots=True)
class Group:
    """The dice the reader read as one colour."""

    colour: Colour
    dice: tuple[Die, ...]

    def describe(self) -> str:
        pips = " ".join(str(d.pips) for d in self.dice)
        unsure = sum(1 for d in self.dice if d.unsure)
        doubt = f", {unsure} unsure" if unsure else ""
        return f"{len(self.dice)} {self.colour.value} (pips {pips}{doubt})"


def groups(dice: Sequence[Die]) -> tuple[Group, ...]:
    """The read dice by colour, most dice first, then in the order of COLOURS."""
    by_colour: dict[Colour, list[Die]] = {}
    for die in dice:
        by_colour.setdefault(die.colour, []).append(die)
    ordered = sorted(by_colour, key=lambda c: (-len(by_colour[c]), COLOURS.index(c)))
    return tuple(Group(c, tuple(by_colour[c])) for c in ordered)


def parse_answer(text: object, read_as: Colour) -> Colour | None:
    """`red` (or any colour), `none` (not a die), or empty for "as read"."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return read_as
    if not isinstance(text, str):
        raise RegisterError(f"the answer for the {read_as.value} dice must be a colour name")
    if text.strip().lower() == NOT_A_DIE:
        return None
    try:
        return Colour.parse(text)
    except ValueError:
        names = ", ".join(c.value for c in COLOURS)
        raise RegisterError(
            f"{text.strip()!r} is not a colour; say one of {names}, or '{NOT_A_DIE}' for "
            f"things that are not dice (the {read_as.value} dice)"
        ) from None


def confirmations(found: Sequence[Group], answers: Mapping[str, object]) -> list[Confirmed]:
    """Every signed die of every group as the players answered for its colour (unanswered
    groups are confirmed as read). An answer for a colour no group has is refused."""
    known = {g.colour.value for g in found}
    unknown = sorted(set(answers) - known)
    if unknown:
        raise RegisterError(f"no dice were read as {', '.join(unknown)}: nothing to answer there")
    out = []
    for group in found:
        colour = parse_answer(answers.get(group.colour.value), group.colour)
        out += [Confirmed(d.signature, colour, d.pips) for d in group.dice if d.signature]
    return out
