"""A table's memory of faces: read a die's value as the players taught this table.

The reader's pip head knows the faces it trained on; a family's dice may carry a maker's logo on
the 6, numerals or star pips, which it reads as whatever pips they most resemble. Every die the
players confirm gives the table an example: the reader's pip features for that crop (the pip
head's input, `vision.reader.FACE_FEATURES`), the network's own face log-probabilities for it,
and the value the players gave it. From those the table fits its own small softmax head on top
of the network's (`FaceHead.fit`: the network's log-probabilities are each example's fixed
offset), so the head learns only what the network gets wrong at this table: where the network
reads every confirmed die right, the head stays near zero and costs nothing. Reading adds the
head's log-odds to the network's, with three limits:

* it speaks only for values the players have shown it: an unseen value's odds are left as the
  network gave them (a head fitted on dice with no 5 among them must not take the 5s away), and
  its log-odds over the shown values add up to zero, so it moves odds between them rather than
  lifting them all above the unseen ones; and where the network reads a value the head knows
  nothing of (no confirmed die showed it, and the network read no confirmed die as it), it says
  nothing at all: lifting a shown value past such a favourite is how a head fitted without a 5
  took the 5s away. A logo 6 the network reads as a 1 is known once one is confirmed, even
  before a real 1 is;
* a face unlike every confirmed face (cosine below `FaceSettings.far`) gets no evidence at all:
  it keeps the network's reading and its doubt;
* "not a die" is never touched: the faces are redistributed within "it is a die".

Pure functions and frozen values, like `vision.memory`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from vision import blas

Floats = npt.NDArray[np.float32]
VALUES = 6
MAP_SIDE = 6  # the pip features are the squeezed feature map, channels x 6 x 6


def pack(features: Floats, faces_p: Floats) -> Floats:
    """What a die's `face_features` hold: its pip features (n, d) and the network's face
    log-probabilities (n, 6), side by side."""
    logp = np.log(np.maximum(np.asarray(faces_p, np.float32), 1e-12))
    return np.ascontiguousarray(np.concatenate([features, logp], axis=1), np.float32)


def unpack(packed: Floats, turned: bool = True) -> tuple[Floats, Floats]:
    """The unit pip features and the network's face log-probabilities of packed rows. With
    `turned`, each feature map (channels x 6 x 6) is averaged with itself turned a quarter, a
    half and three quarters round: a face means the same at any turn, and a table's few
    confirmed dice then teach every turn of their faces at once."""
    return looks(packed[:, :-VALUES], turned), np.asarray(packed[:, -VALUES:], np.float32)


# Where each cell of the 6 x 6 map comes from when the map is turned a quarter, a half and three
# quarters round (`np.rot90`'s turns, as flat indexes): one gather each instead of three
# strided copies of the whole map.
_GRID = np.arange(MAP_SIDE * MAP_SIDE).reshape(MAP_SIDE, MAP_SIDE)
_TURNS = tuple(np.rot90(_GRID, k).ravel() for k in (1, 2, 3))
# A map summed over its turns holds each value four times, once in each cell of a cell's orbit
# (9 orbits of 4 on a 6 x 6 grid): one cell of each is the whole of it. Cosines between such
# rows, and a softmax fitted on them with its L2 penalty, come out exactly as on all 36 cells,
# at a quarter of the products.
_ORBITS = np.asarray(
    sorted({min(int(t[c]) for t in (_GRID.ravel(), *_TURNS)) for c in range(_GRID.size)})
)


# Each orbit's kept cell and where its three turns take it, in the order they are summed: one
# gather of the map (the 9 orbits of 4 are all 36 cells) instead of three gathers of it whole.
_ORBIT_CELLS = np.stack([_GRID.ravel()[_ORBITS], *(t[_ORBITS] for t in _TURNS)])


def looks(features: Floats, turned: bool = True) -> Floats:
    """Unit rows of pip features (n, d), each averaged over its four turns with `turned` (one
    cell of each orbit kept)."""
    features = np.asarray(features, np.float32)
    if turned:
        maps = features.reshape(len(features), -1, MAP_SIDE * MAP_SIDE)[:, :, _ORBIT_CELLS]
        summed = maps[:, :, 0] + maps[:, :, 1] + maps[:, :, 2] + maps[:, :, 3]
        features = np.ascontiguousarray(summed).reshape(len(features), -1)
    return unit_rows(features)


@dataclass(frozen=True, slots=True)
class FaceSettings:
    # A die whose features are less alike than this (cosine) to every confirmed face gets no
    # evidence from the table's head.
    far: float = 0.6
    # The head's log-probabilities are scaled by this before they are added to the network's.
    weight: float = 1.0
    # No shown value's odds move by more than this many nats.
    bound: float = 24.0
    # L2 penalty on the head's parameters against the summed loss (features are unit rows).
    l2: float = 0.1
    # A confirmed die the network read as another value counts this many times in the loss. 3
    # read the logo-6 and translucent nights better (pips 99.1% to 100%, 97.1% to 99.0%) but
    # rune55-pxl-colour's slanted misreads worse than cold (82.7% against 83.0%).
    corrected: float = 1.0
    steps: int = 300
    # The newest examples of each value the head is fitted on: keeps fitting quick and the
    # values balanced (a table throws many 1s before its first logo 6 is confirmed).
    per_value: int = 40
    # Read faces by their features averaged over the four turns (`unpack`).
    turned: bool = True
    # The newest confirmed faces of each value a die's nearness is measured against. 20 halved
    # the time (0.67 to 0.35 ms for 12 dice against a full memory, on a busy machine) but lost
    # dice the table vouched for (rune55-pxl-colour found and right 78.8% to 78.6%, photos exact
    # 8.5% to 7.4%; epanemu-felt 83.6% to 83.2%).
    near_per_value: int = 40
    # The newest faces of things the players removed as "not a die" a die's face is weighed
    # against: a face at least `far` like one of them and nearer it than every confirmed die's
    # adds "not a die" odds, one nat for every `gone_step` of cosine it is nearer, at most
    # `gone_cap` (a board's number tokens look to the colour signature like white dice; their
    # faces, numerals, do not).
    gone_kept: int = 64
    gone_step: float = 0.025
    gone_cap: float = 4.0


@dataclass(frozen=True)
class FaceHead:
    """A softmax over the values this table's players have shown, on unit pip features."""

    weights: Floats  # (d, k): one column per shown value
    bias: Floats  # (k,)
    shown: npt.NDArray[np.int64]  # (k,) the values (1..6) of the columns, ascending
    examples: Floats  # (d, m) the newest confirmed faces' unit features, for the nearness check
    # The confirmed faces' mean unit features, taken off before the head reads them: ReLU
    # features all share one positive direction, which would otherwise carry what the head
    # learnt of one face onto every die.
    centre: Floats  # (d,)
    # For one product a frame: `examples` beside `weights` (d, m + k), and the bias less what
    # the centre adds to every row's logits (k,).
    columns: Floats
    offset: Floats
    # The values the head knows of: those shown, and those the network read confirmed dice as.
    known: tuple[int, ...]
    # (d, g) the newest removed faces' unit features (`FaceSettings.gone_kept`), in `columns`
    # after `examples`.
    gone: Floats = field(default_factory=lambda: np.zeros((0, 0), np.float32))

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.shown)

    @classmethod
    def fit(
        cls,
        packed: Floats,
        values: Sequence[int],
        settings: FaceSettings = FaceSettings(),
        gone: Floats | None = None,
    ) -> FaceHead | None:
        """The head for these confirmed faces (`pack`ed rows, each value 1..6), or None where
        they show fewer than two values (one value alone can tell nothing apart); `gone`, the
        `pack`ed faces of things removed as "not a die", oldest first."""
        picked = _newest_per_value(np.asarray(values, np.int64), settings.per_value)
        x, logp = unpack(np.asarray(packed, np.float32)[picked], settings.turned)
        y = np.asarray(values, np.int64)[picked]
        shown = np.unique(y)
        if shown.size < 2:
            return None
        target = (y[:, None] == shown[None, :]).astype(np.float32)
        centre = x.mean(axis=0)
        weights, bias = _fit_softmax(x - centre, logp[:, shown - 1], target, settings)
        near = np.ascontiguousarray(x[_newest_per_value(y, settings.near_per_value)].T)
        removed = _gone_looks(gone, x.shape[1], settings)
        columns = np.ascontiguousarray(np.concatenate([near, removed, weights], axis=1))
        offset = np.asarray(bias - centre @ weights, np.float32)
        known = tuple(int(v) for v in np.union1d(shown, logp.argmax(axis=1) + 1))
        return cls(weights, bias, shown, near, centre, columns, offset, known, removed)

    def nearness(self, features: Floats, settings: FaceSettings = FaceSettings()) -> Floats:
        """(n,) how alike each die's pip features (not packed) are to the nearest confirmed
        face (cosine)."""
        return self.judge(features, settings)[0]

    def evidence(self, packed: Floats, settings: FaceSettings = FaceSettings()) -> Floats:
        """(n, 6) log-odds to add to the network's face log-probabilities: 0 for values never
        shown and for dice unlike every confirmed face; else the head's scaled log-odds for each
        shown value, less their mean, within `settings.bound` either way."""
        return self.judge(np.asarray(packed, np.float32)[:, :-VALUES], settings)[1]

    def judge(
        self, features: Floats, settings: FaceSettings = FaceSettings()
    ) -> tuple[Floats, Floats]:
        """`nearness` and `evidence` of dice by their pip features (not packed), in one product."""
        nearness, _, evidence = self.weigh(features, settings)
        return nearness, evidence

    def weigh(
        self, features: Floats, settings: FaceSettings = FaceSettings()
    ) -> tuple[Floats, Floats, Floats]:
        """`judge`'s nearness and evidence, and each die's "not a die" log-odds from the faces
        removed as not dice (0 where its face is nearer a confirmed die's), in one product."""
        n = len(features)
        out = np.zeros((n, VALUES), np.float32)
        if n == 0:
            return np.zeros(0, np.float32), np.zeros(0, np.float32), out
        # One product for all: the nearness to each confirmed face and each removed one, and
        # the head's logits (less what the centre contributes, a constant row).
        both = blas.matmul(looks(features, settings.turned), self.columns)
        m, g = self.examples.shape[1], self.gone.shape[1]
        nearness = np.asarray(both[:, :m].max(axis=1), np.float32)
        gone = np.zeros(n, np.float32)
        if g:  # only a face like a removed one (as `far` asks of a confirmed one) is told
            removed = both[:, m : m + g].max(axis=1)
            ahead = np.where(removed >= settings.far, removed - nearness, 0.0)
            gone = np.asarray(
                np.clip(ahead / settings.gone_step, 0.0, settings.gone_cap), np.float32
            )
        near = nearness >= settings.far
        if not near.any():
            return nearness, gone, out
        logits = both[near, m + g :] + self.offset
        logits -= logits.mean(axis=1, keepdims=True)
        said = np.clip(settings.weight * logits, -settings.bound, settings.bound)
        rows = np.zeros((int(near.sum()), VALUES), np.float32)
        rows[:, self.shown - 1] = said
        out[near] = rows
        return nearness, gone, out


def _gone_looks(gone: Floats | None, dims: int, settings: FaceSettings) -> Floats:
    """(dims, g) the newest `gone_kept` removed faces' unit features, as the head reads faces."""
    if gone is None or not len(gone):
        return np.zeros((dims, 0), np.float32)
    newest = np.asarray(gone, np.float32)[-settings.gone_kept :]
    x, _ = unpack(newest, settings.turned)
    return np.ascontiguousarray(x.T) if x.shape[1] == dims else np.zeros((dims, 0), np.float32)


def agreement(x: Floats, values: Sequence[int]) -> float:
    """The share of unit rows `x` whose most alike other row shows the same value: how well
    these looks tell a table's confirmed faces apart (each left out in turn, the rest kept)."""
    if len(x) < 2:
        return 0.0
    alike = blas.matmul(x, np.ascontiguousarray(x.T))
    np.fill_diagonal(alike, -np.inf)
    y = np.asarray(values, np.int64)
    return float(np.mean(y[alike.argmax(axis=1)] == y))


def unit_rows(rows: Floats) -> Floats:
    # As np.linalg.norm sums them, without its checks: this runs on every die of every frame.
    norms = np.sqrt(np.square(rows).sum(axis=1, keepdims=True))
    return np.asarray(rows / np.maximum(norms, 1e-9), np.float32)


def combine_faces(pips_p: Floats, evidence: Floats, known: tuple[int, ...] | None = None) -> Floats:
    """The network's pip probabilities (n, 7: not a die, 1..6) with the table's face evidence
    added to the faces' log-odds; "not a die" keeps its probability. The table's evidence
    overturns the network's reading or makes it surer, never merely less sure: a die whose face
    it reads as the network does, less surely, keeps the network's numbers exactly (a head fitted
    on a few dice leans a little on every die; that lean must not flag dice the network reads
    right as unsure). With `known` (`FaceHead.known`), a die the network reads as a value the
    head knows nothing of keeps the network's numbers too."""
    faces = np.maximum(pips_p[:, 1:], 1e-12)
    log_faces = np.log(faces) + evidence
    new = np.exp(log_faces - log_faces.max(axis=1, keepdims=True))
    new /= new.sum(axis=1, keepdims=True)
    new *= (1.0 - pips_p[:, :1]).clip(0.0, 1.0)
    out = np.concatenate([pips_p[:, :1], new], axis=1)
    before, after = pips_p[:, 1:].argmax(axis=1), new.argmax(axis=1)
    rows = np.arange(len(pips_p))
    weaker = (before == after) & (new[rows, after] <= pips_p[rows, 1 + before])
    told = (evidence != 0).any(axis=1) & ~weaker
    if known is not None:
        told &= (before[:, None] + 1 == np.asarray(known)[None, :]).any(axis=1)
    return np.asarray(np.where(told[:, None], out, pips_p), np.float32)


def _newest_per_value(values: npt.NDArray[np.int64], per_value: int) -> npt.NDArray[np.int64]:
    """Indexes of the last `per_value` examples of each value 1..6 (others dropped), in order."""
    keep = [np.flatnonzero(values == v)[-per_value:] for v in range(1, VALUES + 1)]
    return np.sort(np.concatenate(keep)).astype(np.int64)


def _fit_softmax(
    x: Floats, offset: Floats, target: Floats, settings: FaceSettings
) -> tuple[Floats, Floats]:
    """Multinomial logistic regression on top of fixed per-example logits (`offset`): Nesterov
    gradient descent on the summed cross-entropy plus an L2 penalty on every parameter, a prior
    that the table changes nothing. Summed, not averaged: a few confirmed dice the network
    misreads outweigh the prior, while dice it already reads right (nearly no loss to gain) leave
    the head at about zero however many there are. Deterministic; for a table's 240 faces 0.6 s
    on a busy 2-core machine, once each time the memory changes."""
    n, d = x.shape
    with_bias = np.concatenate([x, np.ones((n, 1), np.float32)], axis=1)
    # A correction (the network's favourite is not the players' value) counts `corrected` times.
    wrong = offset.argmax(axis=1) != target.argmax(axis=1)
    weight = np.where(wrong, np.float32(settings.corrected), np.float32(1.0))[:, None]
    transposed = np.ascontiguousarray((with_bias * weight).T)
    params = np.zeros((d + 1, target.shape[1]), np.float32)  # the weights, then the bias row
    ahead = params.copy()
    # Unit rows and a bias: the summed loss's curvature is at most the summed weights (half each
    # squared row's length, 2), plus the penalty's.
    rate = np.float32(1.0 / (float(weight.sum()) + settings.l2))
    for step in range(1, settings.steps + 1):
        logits = offset + blas.matmul(with_bias, ahead)
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = blas.matmul(transposed, p - target) + np.float32(settings.l2) * ahead
        nxt = ahead - rate * grad
        ahead = nxt + np.float32((step - 1) / (step + 2)) * (nxt - params)
        params = nxt
    return np.ascontiguousarray(params[:d]), np.asarray(params[d], np.float32)
