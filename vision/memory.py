"""A table's memory of its own dice: read a die with the dice its players already confirmed.

Each die the reader sees gets a *signature*: the reader network's own embedding (the colour
head's hidden layer, exported from the ONNX file) beside a histogram of the die's middle in
CIE Lab. Both are unit length, so the signature is too, and two dice compare by their dot product
(1 for the same look). The histogram is there because the network's embedding was trained to put
every look it could not name into "other": at a table of teal, glitter blue and lime dice it
holds them close together, while their colours are plainly apart.

Reading with the memory, a die's k nearest confirmed dice vote for their colours (and for "not a
die", where players removed it), each weighted by its closeness. How far the vote is trusted
grows with the nearest one's closeness: below `MemorySettings.far` the die is unlike anything
this table confirmed and keeps the network's reading and its doubt.

Pure functions and frozen values: the store that keeps memories lives in `companion.tables`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.crops import CROP_SCALE
from vision.types import COLOURS, Colour

Floats = npt.NDArray[np.float32]
# Bumped whenever the signature's recipe changes: a memory of another version is not comparable.
SIGNATURE_VERSION = 1
NOT_A_DIE = len(COLOURS)  # the vote column for "players removed this: not a die"
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


@dataclass(frozen=True, slots=True)
class MemorySettings:
    k: int = 5
    # Votes weigh exp((similarity - 1) / closeness): 0.05 makes a die 0.1 less alike count 7x less.
    closeness: float = 0.05
    # Nearest confirmed die less alike than this: the memory has nothing to say about the die.
    # Chosen on byler-colour's training side (a table the network already reads well, where the
    # memory must cost nothing) from 0.7/0.9, 0.8/0.95, 0.85/0.97, 0.9/0.98: the last two cost
    # least (colour 99.7% against 100% without a memory, with `eval --learn 5`).
    far: float = 0.85
    # At or above this, the vote is trusted fully; between `far` and here, in proportion.
    near: float = 0.97


@dataclass(frozen=True, slots=True)
class Confirmed:
    """One die the players confirmed: its signature and what it is (colour None: not a die)."""

    signature: tuple[float, ...]
    colour: Colour | None
    pips: int | None = None


@dataclass(frozen=True)
class TableMemory:
    """The confirmed dice of one table, ready to compare against."""

    matrix: Floats  # (n, d) unit rows
    labels: npt.NDArray[np.int64]  # (n,) index into COLOURS, or NOT_A_DIE

    @classmethod
    def of(cls, dice: Sequence[Confirmed]) -> TableMemory:
        if not dice:
            return cls(np.zeros((0, 0), np.float32), np.zeros(0, np.int64))
        sizes = {len(d.signature) for d in dice}
        if len(sizes) != 1:
            raise ValueError(
                f"confirmed dice have signatures of different lengths: {sorted(sizes)}"
            )
        matrix = np.asarray([d.signature for d in dice], np.float32)
        labels = np.asarray([_label(d.colour) for d in dice], np.int64)
        return cls(matrix, labels)

    def __len__(self) -> int:
        return int(self.labels.shape[0])

    def counts(self) -> dict[str, int]:
        """How many confirmed dice of each colour (and "not a die") the memory holds."""
        names = [c.value for c in COLOURS] + ["not a die"]
        found = np.bincount(self.labels, minlength=NOT_A_DIE + 1)
        return {names[i]: int(n) for i, n in enumerate(found) if n}


def _label(colour: Colour | None) -> int:
    return NOT_A_DIE if colour is None else COLOURS.index(colour)


def signatures(embedding: Floats, crops_bgr: npt.NDArray[np.uint8]) -> Floats:
    """One unit signature per die from the network's embedding (n, e) and its crops (n, s, s, 3)."""
    net = _unit(np.asarray(embedding, np.float32))
    hist = _unit(colour_histograms(crops_bgr))
    return np.ascontiguousarray(np.concatenate([net, hist], axis=1) / np.float32(np.sqrt(2.0)))


def colour_histograms(crops_bgr: npt.NDArray[np.uint8]) -> Floats:
    """Square-rooted a*b* and lightness histograms of each crop's middle (where the die is)."""
    n, size = crops_bgr.shape[0], crops_bgr.shape[1]
    half = max(1, round(size * _MIDDLE / CROP_SCALE / 2))
    lo, hi = size // 2 - half, size // 2 + half
    middle = np.ascontiguousarray(crops_bgr[:, lo:hi, lo:hi])
    side = hi - lo
    lab = np.asarray(cv2.cvtColor(middle.reshape(n * side, side, 3), cv2.COLOR_BGR2LAB), np.uint8)
    lab = lab.reshape(n, side * side, 3)
    width = _AB_BINS * _AB_BINS + _L_BINS
    rows = np.arange(n, dtype=np.int32)[:, None] * width
    hue_bin = _AB_BIN[lab[..., 1]] * _AB_BINS + _AB_BIN[lab[..., 2]]
    light_bin = _AB_BINS * _AB_BINS + _L_BIN[lab[..., 0]]
    hue = np.bincount((rows + hue_bin).ravel(), minlength=n * width)
    lit = np.bincount((rows + light_bin).ravel(), minlength=n * width)
    # Lightness counts half: it moves with the lamp more than hue does.
    out = (hue + 0.5 * lit).reshape(n, width).astype(np.float32)
    return np.asarray(np.sqrt(out / np.float32(side * side)), np.float32)


def _unit(rows: Floats) -> Floats:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return np.asarray(rows / np.maximum(norms, 1e-9), np.float32)


@dataclass(frozen=True)
class Recall:
    """What a memory says of each die: a vote over COLOURS + [not a die], and how far to trust it
    (0: nothing like it was confirmed; 1: it is like a confirmed die)."""

    votes: Floats  # (n, len(COLOURS) + 1), rows sum to 1 (or 0 where trust is 0)
    trust: Floats  # (n,)


def recall(memory: TableMemory, sigs: Floats, settings: MemorySettings) -> Recall:
    n = sigs.shape[0]
    votes = np.zeros((n, NOT_A_DIE + 1), np.float32)
    if len(memory) == 0 or n == 0 or memory.matrix.shape[1] != sigs.shape[1]:
        return Recall(votes, np.zeros(n, np.float32))
    similar = np.minimum(sigs @ memory.matrix.T, 1.0)  # (n, m); rounding can pass 1
    k = min(settings.k, len(memory))
    nearest = np.argpartition(-similar, k - 1, axis=1)[:, :k]
    near_sim = np.take_along_axis(similar, nearest, axis=1)  # the k nearest, in no order
    weights = np.exp((near_sim - 1.0) / settings.closeness)
    np.add.at(votes, (np.repeat(np.arange(n), k), memory.labels[nearest].ravel()), weights.ravel())
    votes /= np.maximum(votes.sum(axis=1, keepdims=True), 1e-12)
    span = max(settings.near - settings.far, 1e-6)
    trust = np.clip((near_sim.max(axis=1) - settings.far) / span, 0.0, 1.0).astype(np.float32)
    return Recall(votes, trust)


def combine(pips_p: Floats, colour_p: Floats, told: Recall) -> tuple[Floats, Floats]:
    """The network's probabilities moved towards the memory's vote, as far as it is trusted.

    The colour moves by the vote among colours (a neighbour players removed says nothing of
    colour); "not a die" (the pips output's first column) by the vote's share of removed dice."""
    trust = told.trust[:, None]
    colour_vote = told.votes[:, :NOT_A_DIE]
    colour_mass = colour_vote.sum(axis=1, keepdims=True)
    colour_trust = trust * (colour_mass > 0)
    colour_share = colour_vote / np.maximum(colour_mass, 1e-12)
    new_colour = (1.0 - colour_trust) * colour_p + colour_trust * colour_share
    gone = told.votes[:, NOT_A_DIE : NOT_A_DIE + 1]
    not_die = (1.0 - trust) * pips_p[:, :1] + trust * gone
    faces = pips_p[:, 1:]
    faces = faces / np.maximum(faces.sum(axis=1, keepdims=True), 1e-12) * (1.0 - not_die)
    new_pips = np.concatenate([not_die, faces], axis=1)
    # Dice the memory says nothing of keep the network's numbers exactly, not a rounding of them.
    told_of = trust > 0
    new_pips = np.where(told_of, new_pips, pips_p)
    new_colour = np.where(told_of, new_colour, colour_p)
    return np.asarray(new_pips, np.float32), np.asarray(new_colour, np.float32)
