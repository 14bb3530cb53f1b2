"""What players' confirmations teach a table's memory: from labelled photos and from play.

A die enters the memory only with the signature the reader gave it when it read the die, and
only after that read: the memory never sees a die before the reader has had its go.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt

from vision.datasets import LabelledBox, MatchBy
from vision.memory import SMALL_DIE_QUANTILE, Confirmed, TableMemory, sides_at
from vision.metrics import match_image
from vision.types import Colour, Die, box_side


def from_labels(
    labels: Sequence[LabelledBox], dice: Sequence[Die], match_by: MatchBy
) -> list[Confirmed]:
    """A labelled photo's read dice as players would confirm them: a die matching a label takes
    the label's pips and colour (the reader's colour where the label has none); a read die
    matching no label is one the players removed, "not a die"."""
    match = match_image(labels, dice, match_by)
    out = [
        _as_labelled(dice[pi], labels[li])
        for li, pi in match.pairs
        if dice[pi].signature is not None
    ]
    out += [confirmed(dice[pi], None) for pi in match.extra if dice[pi].signature is not None]
    return out


def _as_labelled(die: Die, label: LabelledBox) -> Confirmed:
    """`die` as its label says it is: the label's pips and colour (the reader's colour where
    the label has none)."""
    colour = label.colour if label.colour is not None else die.colour
    return confirmed(die, colour, label.pips)


def _unread(
    labels: Sequence[LabelledBox], dice: Sequence[Die], match_by: MatchBy
) -> list[LabelledBox]:
    """The labels no read die matched."""
    read = {li for li, _ in match_image(labels, dice, match_by).pairs}
    return [label for k, label in enumerate(labels) if k not in read]


def from_passed_over(
    labels: Sequence[LabelledBox],
    dice: Sequence[Die],
    passed: Sequence[Die],
    match_by: MatchBy,
) -> list[Confirmed]:
    """The dice the reader passed over that players said are dice: each matching a label no
    read die matched, with the label's pips and colour. Those left alone teach nothing: players
    answering a register step mark the dice among them, not every speck."""
    if not passed:
        return []
    left = _unread(labels, dice, match_by)
    return [
        _as_labelled(passed[pi], left[li]) for li, pi in match_image(left, passed, match_by).pairs
    ]


def from_pointed(
    labels: Sequence[LabelledBox],
    dice: Sequence[Die],
    passed: Sequence[Die],
    match_by: MatchBy,
    point: Callable[[tuple[float, float]], Die | None],
) -> list[Confirmed]:
    """The dice players point at in the picture (`ModelReader.read_at`): each label that no
    read die and no passed-over die matched, read at its centre, with the label's pips and
    colour. A pointed die far off its label (a box of the wrong die) teaches nothing."""
    out = []
    for label in _unread(_unread(labels, dice, match_by), passed, match_by):
        x1, y1, x2, y2 = label.box_xyxy
        die = point(((x1 + x2) / 2, (y1 + y2) / 2))
        if die is not None and match_image([label], [die], match_by).pairs:
            out.append(_as_labelled(die, label))
    return out


def pointing(
    reader: Any, frame: npt.NDArray[np.uint8], read: Sequence[Die]
) -> Callable[[tuple[float, float]], Die | None]:
    """Players pointing at dice missing from `frame`, where `reader` (a `ModelReader`) read
    `read`: each spot read by `ModelReader.read_at`."""

    def point(at: tuple[float, float]) -> Die | None:
        found: Die | None = reader.read_at(frame, at, read)
        return found

    return point


def confirmed(die: Die, colour: Colour | None, pips: int | None = None) -> Confirmed:
    """What the memory keeps of a read die the players said is `colour` (None: not a die)
    showing `pips` (None: the value as read): its signature, pip features, size and marks."""
    assert die.signature is not None, "only a die the reader signed can teach"
    value = die.pips if pips is None else pips
    return Confirmed(die.signature, colour, value, die.face_features, die.size_px, die.face_marks)


def from_roll(kept: Sequence[Die], not_dice: Sequence[Die] = ()) -> list[Confirmed]:
    """A roll players accepted: each kept die as they left it (corrected, or confirmed by being
    left unchanged), and each die they removed saying "not a die". Dice added by hand have no
    signature and teach nothing. A die merely removed from a roll teaches nothing either: it
    may be a real die that is simply not part of this roll (a die of another player's pool
    lying in view), and learning it as "not a die" would make the camera drop every die like
    it. Only an explicit "not a die" (registering, or "remove: not a die") teaches that."""
    out = [confirmed(d, d.colour) for d in kept if d.signature is not None]
    return out + [confirmed(d, None) for d in not_dice if d.signature]


class GameNight:
    """`eval --learn K`: photos in name order; the first K are read and confirmed to start the
    memory; every later photo is read with the memory as it stands, scored, then confirmed."""

    def __init__(self, warm_up: int) -> None:
        self.warm_up = warm_up
        self.confirmed: list[Confirmed] = []
        self.read_count = 0
        # Every labelled die's side in the confirmed photos, those the reader missed too: the
        # players who confirm a photo add the dice it missed, so the table learns its dice' size
        # even where the finder, at its usual scale, sees none of them (small dice on a board).
        self.sides: list[float] = []
        # Of `confirmed`, how many the reader passed over and the players said are dice, and
        # how many they pointed at where the reader found nothing.
        self.passed_taught = 0
        self.pointed_taught = 0

    def memory(self) -> TableMemory:
        """The newest dice, as many as the store keeps for a table, and the dice' size."""
        from companion.tables.store import MAX_PER_TABLE

        memory = TableMemory.of(self.confirmed[-MAX_PER_TABLE:])
        if not self.sides:
            return memory
        sides = self.sides[-MAX_PER_TABLE:]
        small = sides_at(sides, SMALL_DIE_QUANTILE)
        return replace(memory, die_size_px=float(np.median(sides)), small_die_px=small)

    def scores(self, index: int) -> bool:
        return index >= self.warm_up

    def confirm(
        self,
        labels: Sequence[LabelledBox],
        dice: Sequence[Die],
        match_by: MatchBy,
        passed: Sequence[Die] = (),
        point: Callable[[tuple[float, float]], Die | None] | None = None,
    ) -> None:
        """The players confirm a photo's read dice; with `passed` (what the reader passed over,
        `ModelReader.passed_over`), they also say which of those are dice; with `point`
        (`ModelReader.read_at` in this photo), they point at each die still missing."""
        self.confirmed += from_labels(labels, dice, match_by)
        said = from_passed_over(labels, dice, passed, match_by)
        self.confirmed += said
        self.passed_taught += len(said)
        if point is not None:
            pointed = from_pointed(labels, dice, passed, match_by, point)
            self.confirmed += pointed
            self.pointed_taught += len(pointed)
        self.sides += [box_side(label.box_xyxy) for label in labels]
