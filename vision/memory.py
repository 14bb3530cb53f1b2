"""A table's memory of its own dice: read a die with the dice its players already confirmed.

Each die the reader sees gets a *signature*: the reader network's own embedding (the colour
head's hidden layer, exported from the ONNX file) beside a histogram of the die's middle in
CIE Lab. Both are unit length, so the signature is too, and two dice compare by their dot product
(1 for the same look). The histogram is there because the network's embedding was trained to put
every look it could not name into "other": at a table of teal, glitter blue and lime dice it
holds them close together, while their colours are plainly apart.

Reading with the memory, each *kind* (each colour, and "not a die" where players removed one) is
as near a die as its nearest remembered die. The memory speaks by the margins between kinds: a
kind nearer than another by one `MemorySettings.colour_step` of similarity multiplies their odds
by e, on top of the network's own probabilities (a product of experts). Kinds equally near say
nothing, and so does a die unlike everything remembered: every kind is counted at least
`MemorySettings.far` near, so it keeps the network's reading and its doubt.

Pure functions and frozen values: the store that keeps memories lives in `companion.tables`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision import blas, die_odds, marks
from vision.crops import CROP_SCALE
from vision.faces import FaceHead, FaceSettings, unit_rows, unpack
from vision.types import COLOURS, Colour

Floats = npt.NDArray[np.float32]
# Bumped whenever the signature's recipe changes: a memory of another version is not comparable.
SIGNATURE_VERSION = 1
NOT_A_DIE = len(COLOURS)  # the kind "players removed this: not a die"
KINDS = NOT_A_DIE + 1
# `TableMemory.small_die_px`: a tenth of the confirmed dice are smaller. On rune55-gray's fisheye
# photos (dice from 30 to 200 px) the median die made the speck rule drop 140 real dice with
# `eval --learn 5` (found and right 95.0% cold, 87.4% learnt).
SMALL_DIE_QUANTILE = 0.1
_AB_BINS = 8
_L_BINS = 4
_AB_RANGE = (64.0, 192.0)  # a* and b* of 8-bit Lab: 128 is grey; dice colours lie within this
_MIDDLE = 0.6  # share of the die's side whose pixels the histogram counts (pips are a small part)
# Each 8-bit level's bin, looked up rather than computed per pixel.
_LEVELS = np.arange(256)
_AB_BIN = np.clip(
    ((_LEVELS - _AB_RANGE[0]) * _AB_BINS / (_AB_RANGE[1] - _AB_RANGE[0])).astype(np.int32),
    0,
    _AB_BINS - 1,
)
_L_BIN = np.clip(_LEVELS * _L_BINS // 256, 0, _L_BINS - 1).astype(np.int32)
_HIST_WIDTH = _AB_BINS * _AB_BINS + _L_BINS
# Lab to (L's bin, a*'s bin, b*'s bin) in one table lookup.
_BIN_LUT = np.stack([_L_BIN, _AB_BIN, _AB_BIN], axis=1).astype(np.uint8)[:, None, :]
# `cv2.calcHist` counts a die's pixels by the die's index, kept as a byte beside them.
_CHUNK = 255


@dataclass(frozen=True, slots=True)
class MemorySettings:
    # A kind whose nearest remembered die is less alike than this counts as this alike: a die
    # unlike everything remembered (or equally like every kind) keeps the network's reading. The
    # same die seen again is 0.93 to 1 alike, dice of other colours 0.1 to 0.7; with
    # `eval --learn 5` 0.6, 0.75 and 0.8 read within a few dice of one another.
    far: float = 0.8
    # A colour whose nearest remembered die is this much more alike than another's multiplies
    # their odds by e (0.05 nearer: about 28 times). Chosen with `eval --learn 5` on byler-colour,
    # where the network already reads every colour right (colour 99.3 to 99.4% at 0.01 against
    # 99.5% without a memory; 99.5 to 99.6% at 0.015 and 0.02), and rune55-pxl-colour with its
    # noisy labels (83.1%, 81.9%, 81.2%): the strongest step that costs byler nothing.
    colour_step: float = 0.015
    # The same for "not a die" against the nearest die of any colour. It only ever lowers a die's
    # odds: the memory holds no candidate the network turned down (players never saw those), so
    # it cannot vouch that one is a die (letting it, aws-phone's precision fell to 94.6%, below
    # the network's 94.9%; one way, it rose to 96.6%).
    # 0.01 dropped real dice with the phantoms (aws-phone found and right 79.3% to 78.2%), 0.03
    # fewer phantoms (epanemu-felt precision 88.6% to 88.0%).
    die_step: float = 0.02
    # ... and by at most this many nats: a die the network is sure of past e^4 to 1 stays a die
    # however like a removed thing it looks. On aws-phone's held-out photos, three dice of 63-67
    # px lay 0.90-0.99 alike a 46 px die-sized 'extra' removed from the first photos, and the
    # network's 0.78-0.95 gave way (with `eval --learn 5` 177 dice found against 180 without
    # a memory); capped at 4 the memory finds all 180, and a board night, epanemu-felt and
    # rune55-pxl-colour keep exactly the phantoms they dropped uncapped.
    not_die_cap: float = 4.0


@dataclass(frozen=True, slots=True)
class Confirmed:
    """One die the players confirmed: its signature and what it is (colour None: not a die)."""

    signature: tuple[float, ...]
    colour: Colour | None
    pips: int | None = None
    # The reader's pip features (`Die.face_features`) and the die's side in the frame, where
    # the reader gave them: a die without them teaches colour alone.
    face: bytes | None = None
    size_px: float | None = None
    # The face's marks (`vision.marks`, float32 bytes), where the table signed them.
    marks: bytes | None = None


@dataclass(frozen=True)
class TableMemory:
    """The confirmed dice of one table, grouped by kind, ready to compare against."""

    matrix: Floats  # (n, d) unit rows, sorted by label
    # The same rows as contiguous columns (d, n), compared by `similarity`.
    columns: Floats
    labels: npt.NDArray[np.int64]  # (n,) index into COLOURS, or NOT_A_DIE; ascending
    kinds: npt.NDArray[np.int64]  # the labels present, ascending
    starts: npt.NDArray[np.int64]  # the first row of each of them
    # The table's own face head, fitted on the confirmed dice's pip features (None: fewer than
    # two values shown), and the median side of its confirmed dice in the frame (None: unknown).
    faces: FaceHead | None = None
    die_size_px: float | None = None
    # How many confirmed dice (with pip features) showed each value 1..6.
    face_counts: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    # The side of the table's small dice (`SMALL_DIE_QUANTILE` of the confirmed sides): what the
    # speck rule measures a candidate against. A fisheye table's far dice are a third of its
    # near ones' size, and its median die would call them specks.
    small_die_px: float | None = None
    # Whether the reader signs this table's dice' marks (`vision.marks.wanted`): while it learns.
    marks_wanted: bool = True
    # A second face head, fitted on the confirmed faces' marks (`vision.marks`), where the
    # network misread some of them and their marks tell them apart better than the pip
    # features: it then reads the faces' values, and `faces` still says which faces are like
    # things removed.
    marks_head: marks.MarksHead | None = None

    @classmethod
    def of(
        cls, dice: Sequence[Confirmed], face_settings: FaceSettings | None = None
    ) -> TableMemory:
        if not dice:
            empty = np.zeros(0, np.int64)
            return cls(
                np.zeros((0, 0), np.float32), np.zeros((0, 0), np.float32), empty, empty, empty
            )
        sizes = {len(d.signature) for d in dice}
        if len(sizes) != 1:
            raise ValueError(
                f"confirmed dice have signatures of different lengths: {sorted(sizes)}"
            )
        labels = np.asarray([_label(d.colour) for d in dice], np.int64)
        order = np.argsort(labels, kind="stable")
        matrix = np.asarray([dice[i].signature for i in order], np.float32)
        kinds, starts = np.unique(labels[order], return_index=True)
        columns = np.ascontiguousarray(matrix.T)
        return cls(
            matrix,
            columns,
            labels[order],
            kinds.astype(np.int64),
            starts.astype(np.int64),
            _face_head(dice, face_settings or FaceSettings()),
            _die_size(dice),
            _face_counts(dice),
            _die_size(dice, SMALL_DIE_QUANTILE),
            marks.wanted(_faces_taught(dice)),
            _marks_head(dice, face_settings or FaceSettings()),
        )

    def __len__(self) -> int:
        return int(self.labels.shape[0])

    def counts(self) -> dict[str, int]:
        """How many confirmed dice of each colour (and "not a die") the memory holds."""
        names = [c.value for c in COLOURS] + ["not a die"]
        found = np.bincount(self.labels, minlength=NOT_A_DIE + 1)
        return {names[i]: int(n) for i, n in enumerate(found) if n}


def _taught(dice: Sequence[Confirmed]) -> list[Confirmed]:
    return [d for d in dice if d.face is not None and d.pips is not None and d.colour]


def _faces_taught(dice: Sequence[Confirmed]) -> list[tuple[bytes, int]]:
    return [(d.face, int(d.pips)) for d in _taught(dice) if d.face is not None and d.pips]


def _face_head(dice: Sequence[Confirmed], settings: FaceSettings) -> FaceHead | None:
    """The head fitted on every confirmed die with pip features and a value (oldest first)."""
    taught = _taught(dice)
    sizes = {len(d.face) for d in taught if d.face is not None}
    if len(sizes) != 1:
        return None  # none, or rows of two reader files: no head rather than a wrong one
    packed = np.stack([np.frombuffer(d.face, np.float32) for d in taught if d.face])
    gone = [np.frombuffer(d.face, np.float32) for d in dice if d.colour is None and d.face]
    removed = np.stack([g for g in gone if g.size * 4 in sizes]) if gone else None
    return FaceHead.fit(packed, [int(d.pips or 0) for d in taught], settings, removed)


def _marks_head(dice: Sequence[Confirmed], settings: FaceSettings) -> marks.MarksHead | None:
    """The head on the confirmed faces whose marks the table signed, where the network misread
    some and their marks tell them apart better than their pip features (None: not, or under
    two values shown)."""
    if not any(marks.misread(face, value) for face, value in _faces_taught(dice)):
        return None
    signed = [d for d in _taught(dice) if d.marks is not None and d.face is not None]
    shapes = {(len(d.face or b""), len(d.marks or b"")) for d in signed}
    if len({d.pips for d in signed}) < 2 or len(shapes) != 1:
        return None  # under two values, or rows of two files
    told = marks.MarksSettings()
    newest = signed[-told.compared :]
    values = [int(d.pips or 0) for d in newest]
    packed = np.stack([np.frombuffer(d.face or b"", np.float32) for d in newest])
    rows = np.stack([np.frombuffer(d.marks or b"", np.float32) for d in newest])
    looks, logp = unpack(packed, settings.turned)
    if not marks.read_better(rows, looks, values, told):
        return None
    return marks.MarksHead.fit(rows, values, logp.argmax(axis=1) + 1, told)


def _face_counts(dice: Sequence[Confirmed]) -> tuple[int, ...]:
    shown = [d.pips for d in dice if d.face is not None and d.colour is not None and d.pips]
    return tuple(shown.count(v) for v in range(1, 7))


def _die_size(dice: Sequence[Confirmed], quantile: float = 0.5) -> float | None:
    sides = [d.size_px for d in dice if d.size_px and d.colour is not None]
    return sides_at(sides, quantile)


def sides_at(sides: Sequence[float], quantile: float) -> float | None:
    """The die side at `quantile` of these (0.5: the median), or None for none."""
    return float(np.quantile(sides, quantile)) if len(sides) else None


def _label(colour: Colour | None) -> int:
    return NOT_A_DIE if colour is None else COLOURS.index(colour)


def signatures(embedding: Floats, crops_bgr: npt.NDArray[np.uint8]) -> Floats:
    """One unit signature per die from the network's embedding (n, e) and its crops (n, s, s, 3)."""
    net = unit_rows(np.asarray(embedding, np.float32))
    hist = unit_rows(colour_histograms(crops_bgr))
    return np.ascontiguousarray(np.concatenate([net, hist], axis=1) / np.float32(np.sqrt(2.0)))


def colour_histograms(crops_bgr: npt.NDArray[np.uint8]) -> Floats:
    """Square-rooted a*b* and lightness histograms of each crop's middle (where the die is)."""
    n, size = crops_bgr.shape[0], crops_bgr.shape[1]
    half = max(1, round(size * _MIDDLE / CROP_SCALE / 2))
    lo, hi = size // 2 - half, size // 2 + half
    side = hi - lo
    counts = [
        _bin_counts(np.ascontiguousarray(crops_bgr[k : k + _CHUNK, lo:hi, lo:hi]))
        for k in range(0, n, _CHUNK)
    ]
    out = np.concatenate(counts) if counts else np.zeros((0, _HIST_WIDTH), np.float32)
    return np.asarray(np.sqrt(out / np.float32(side * side)), np.float32)


def _bin_counts(middles: npt.NDArray[np.uint8]) -> Floats:
    """(n, _HIST_WIDTH) each middle's pixels by a*b* bin, then half their count by lightness
    bin (it moves with the lamp more). Two `cv2.calcHist` calls over every die at once, each
    pixel's die index a channel beside its bins: a handful of numpy passes cost more."""
    n, side = middles.shape[0], middles.shape[1]
    lab = cv2.cvtColor(middles.reshape(n * side, side, 3), cv2.COLOR_BGR2LAB)
    binned = cv2.LUT(lab, _BIN_LUT)
    die = np.repeat(np.arange(n, dtype=np.uint8), side * side).reshape(n * side, side)
    ab = cv2.calcHist(
        [binned, die], [3, 1, 2], None, [n, _AB_BINS, _AB_BINS], [0, n, 0, _AB_BINS, 0, _AB_BINS]
    )
    light = cv2.calcHist([binned, die], [3, 0], None, [n, _L_BINS], [0, n, 0, _L_BINS])
    return np.concatenate([ab.reshape(n, -1), light * np.float32(0.5)], axis=1)


@dataclass(frozen=True)
class Recall:
    """What a memory says of each die, as log-odds to add to the network's."""

    colour_odds: Floats  # (n, len(COLOURS)): 0 for the nearest colour, negative for the others
    not_die_odds: Floats  # (n,): 0, or positive where a removed die is nearer than every die
    # (n,) 0..1: how clearly one colour is nearer than every other (0: unlike everything
    # remembered, or two colours equally near; 1 - 1/e at one `colour_step` ahead).
    trust: Floats


def kinds_near(memory: TableMemory, sigs: Floats, similar: Floats | None = None) -> Floats:
    """(n, KINDS) how alike each signature is to the nearest confirmed die of each kind (-inf
    for kinds the memory holds none of; `similar`: `similarity` of them, where the caller has it
    already). `recall` and `nearest` both read this: one pass over the memory's columns."""
    n = sigs.shape[0]
    near = np.full((n, KINDS), -np.inf, np.float32)
    if len(memory) and n and memory.matrix.shape[1] == sigs.shape[1]:
        if similar is None:
            similar = similarity(memory, sigs)
        near[:, memory.kinds] = np.maximum.reduceat(similar, memory.starts, axis=1)
    return near


def recall(
    memory: TableMemory, sigs: Floats, settings: MemorySettings, near: Floats | None = None
) -> Recall:
    """What the memory says of dice with these signatures (`near`: `kinds_near` of them, where
    the caller has it already)."""
    if near is None:
        near = kinds_near(memory, sigs)
    # Rounded: two kinds equally near differ in float32 dot products by a few 1e-7.
    nearest = np.maximum(np.round(near, 5), np.float32(settings.far))
    colours = nearest[:, :NOT_A_DIE]
    top = colours.max(axis=1)
    colour_odds = (colours - top[:, None]) / np.float32(settings.colour_step)
    not_die_odds = np.minimum(
        np.maximum(nearest[:, NOT_A_DIE] - top, 0.0) / np.float32(settings.die_step),
        settings.not_die_cap,
    )
    runner_up = np.partition(colours, -2, axis=1)[:, -2]
    trust = 1.0 - np.exp((runner_up - top) / np.float32(settings.colour_step))
    return Recall(
        np.asarray(colour_odds, np.float32),
        np.asarray(not_die_odds, np.float32),
        np.asarray(trust, np.float32),
    )


def nearest(memory: TableMemory, sigs: Floats, near: Floats | None = None) -> tuple[Floats, Floats]:
    """How alike each signature is to its nearest confirmed die of any colour, and to its
    nearest "not a die" (0 where the memory holds none of that kind; `near` as `recall`)."""
    if near is None:
        near = kinds_near(memory, sigs)
    die, not_die = near[:, :NOT_A_DIE].max(axis=1), near[:, NOT_A_DIE]
    return (
        np.asarray(np.where(np.isfinite(die), die, 0.0), np.float32),
        np.asarray(np.where(np.isfinite(not_die), not_die, 0.0), np.float32),
    )


def similarity(memory: TableMemory, sigs: Floats) -> Floats:
    """(n, m) each signature against each confirmed die, on the calling thread (`vision.blas`)."""
    return blas.matmul(sigs.astype(np.float32, copy=False), memory.columns)


def combine(pips_p: Floats, colour_p: Floats, told: Recall) -> tuple[Floats, Floats]:
    """The network's probabilities times the memory's odds, renormalised.

    Colour by the colours' margins; "not a die" (the pips output's first column) by how much
    nearer a removed die is than any die. Pips are left alone: in the colour embedding the
    nearest confirmed dice share a look, not a face."""
    log_colour = np.log(np.maximum(colour_p, 1e-12)) + told.colour_odds
    new_colour = np.exp(log_colour - log_colour.max(axis=1, keepdims=True))
    new_colour /= new_colour.sum(axis=1, keepdims=True)
    new_pips = die_odds.raised(pips_p, told.not_die_odds)
    # Dice the memory says nothing of keep the network's numbers exactly, not a rounding of them.
    told_of = ((told.colour_odds.min(axis=1) < 0) | (told.not_die_odds > 0))[:, None]
    new_pips = np.where(told_of, new_pips, pips_p)
    new_colour = np.where(told_of, new_colour, colour_p)
    return np.asarray(new_pips, np.float32), np.asarray(new_colour, np.float32)
