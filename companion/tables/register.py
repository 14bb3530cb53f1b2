"""Registering a table's dice: the players put every die they play with on the table, the
reader groups what it sees by colour, and the players confirm or correct each group at once.

An answer names, for a colour as read, what those dice really are: a colour, or `none` for "not
a die" (a speck, a tray's rivet). Every candidate is shown and numbered (group by group, in
`numbered` order), so one thing the reader took for a die among real dice of its colour (a
board's token read as a white die) is marked "not a die" on its own. Pure values; the terminal
and the dashboard ask the question.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from companion.session.errors import FieldError
from companion.tables.learn import confirmed
from vision.faces import VALUES
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


def face_progress(counts: Sequence[int]) -> str:
    """`1 ✓ 2 ✓ 3 - ...`: which faces the table has been shown, for "roll until every face has
    shown once"."""
    marks = " ".join(f"{v} {'✓' if counts[v - 1] else '-'}" for v in range(1, VALUES + 1))
    missing = [str(v) for v in range(1, VALUES + 1) if not counts[v - 1]]
    if not missing:
        return f"faces taught: {marks} (every face)"
    return f"faces taught: {marks}; roll and register again until {', '.join(missing)} show"


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


def numbered(found: Sequence[Group]) -> tuple[Die, ...]:
    """Every die of every group, in the groups' order: die k is shown as number k + 1."""
    return tuple(d for group in found for d in group.dice)


def parse_not_dice(value: object, count: int) -> frozenset[int]:
    """The indexes (0-based) of the candidates marked "not a die": a list of whole numbers
    below `count`, each named when it is no candidate's."""
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(
        isinstance(k, int) and not isinstance(k, bool) for k in value
    ):
        raise RegisterError(f"not_dice must be a list of die indexes, got {value!r}", "not_dice")
    bad = [k for k in value if not 0 <= k < count]
    if bad:
        raise RegisterError(
            f"no die with index {bad[0]}: the table showed {count} (indexes 0 to {count - 1})",
            "not_dice",
        )
    return frozenset(value)


def parse_values(value: object, count: int) -> dict[int, int]:
    """The faces the players gave dice the camera misread (a logo on the 6 read as 3): a map of
    die index (0-based; a number or its text, as JSON keys are) to the value 1..6 it shows."""
    return _index_faces(value, range(count), "values", "die")


def parse_passed(value: object, first: int, count: int) -> dict[int, int]:
    """Which of the things the camera passed over (`count` of them, indexes from `first`, after
    the numbered dice) the players say are dice, each with the face it shows: a map as
    `parse_values`'s. Those left out teach nothing."""
    return _index_faces(value, range(first, first + count), "passed", "passed-over thing")


def _index_faces(value: object, indexes: range, name: str, what: str) -> dict[int, int]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RegisterError(f"{name} must map {what} indexes to 1..6, got {value!r}", name)
    out: dict[int, int] = {}
    for key, face in value.items():
        index = int(key) if isinstance(key, str) and key.isdigit() else key
        if not isinstance(index, int) or isinstance(index, bool) or index not in indexes:
            shown = f"indexes {indexes.start} to {indexes.stop - 1}" if indexes else "none"
            raise RegisterError(f"no {what} with index {key!r}: the table showed {shown}", name)
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
            raise RegisterError(
                f"{what} {index + 1} cannot show {face!r}: a die's face is 1 to 6", name
            )
        out[index] = face
    return out


def parse_faces(text: str, count: int, first: int = 1) -> dict[int, int]:
    """`3=6 7=1` as typed at the prompt: die number `first`..`first + count - 1` (1..count),
    then the value it shows; as indexes (number - 1)."""
    out: dict[int, int] = {}
    last = first + count - 1
    for word in text.replace(",", " ").split():
        number, _, face = word.partition("=")
        if not number.isdigit() or not first <= int(number) <= last:
            raise RegisterError(f"{word!r}: {number!r} is no die's number: say {first} to {last}")
        if not face.isdigit() or not 1 <= int(face) <= 6:
            raise RegisterError(f"{word!r}: say the face as 1 to 6 after '=', like 3=6")
        out[int(number) - 1] = int(face)
    return out


def parse_spots(text: str) -> list[tuple[float, float]]:
    """`640,360 700,380`: spots in a picture, in its pixels; empty for none."""
    spots = []
    for word in text.replace(";", " ").split():
        parts = word.split(",")
        try:
            x, y = (float(p) for p in parts) if len(parts) == 2 else (None, None)
        except ValueError:
            x = y = None
        if x is None or y is None:
            raise RegisterError(
                f"{word!r} is not a spot: say X,Y in the picture's pixels, as 640,360", "at"
            )
        spots.append((x, y))
    return spots


def parse_numbers(text: str, count: int) -> frozenset[int]:
    """`3 7` (or `3,7`) as typed at the prompt: die numbers 1..count, as indexes."""
    indexes = []
    for word in text.replace(",", " ").split():
        if not word.isdigit() or not 1 <= int(word) <= count:
            raise RegisterError(f"{word!r} is no die's number: say numbers 1 to {count}")
        indexes.append(int(word) - 1)
    return frozenset(indexes)


def confirmations(
    found: Sequence[Group],
    answers: Mapping[str, object],
    not_dice: Collection[int] = (),
    values: Mapping[int, int] | None = None,
) -> list[Confirmed]:
    """Every signed die of every group as the players answered for its colour (unanswered
    groups are confirmed as read), but a die whose index (`numbered`) is in `not_dice` as "not
    a die", and a die whose index is in `values` as showing that face (else the face as read).
    An answer for a colour no group has is refused."""
    known = {g.colour.value for g in found}
    unknown = sorted(set(answers) - known)
    if unknown:
        raise RegisterError(f"no dice were read as {', '.join(unknown)}: nothing to answer there")
    out = []
    index = 0
    for group in found:
        colour = parse_answer(answers.get(group.colour.value), group.colour)
        for die in group.dice:
            told = None if index in not_dice else colour
            index += 1
            if die.signature:
                out.append(confirmed(die, told, (values or {}).get(index - 1)))
    return out


def passed_confirmations(
    found: Sequence[Group],
    answers: Mapping[str, object],
    passed: Sequence[Die],
    faces: Mapping[int, int],
) -> list[Confirmed]:
    """The passed-over things the players said are dice (`faces`: index, counted from after the
    numbered dice, to its face), each as a die of the colour it was read as, or of what the
    players answered that colour's group is."""
    first = len(numbered(found))
    named = {g.colour: parse_answer(answers.get(g.colour.value), g.colour) for g in found}
    out = []
    for k, die in enumerate(passed):
        face = faces.get(first + k)
        # Marked a die one by one, it is one even where its colour's group was called "none".
        colour = named.get(die.colour) or die.colour
        if face is not None and die.signature:
            out.append(confirmed(die, colour, face))
    return out
