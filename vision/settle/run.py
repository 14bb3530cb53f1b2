"""One still run of the settle detector: the dice it started with, followed frame by frame.

Each die of the run is a track, kept where it first lay. A frame continues the run when the
tracks the run counts (seen in more than half of its frames) are still in their places but for a
few dice seen or missed (one, or a third of them; half where nothing in the picture moved): a
speck the finder sees in one frame and not the next, or a die it misses for a frame, does not
start the run again (which would hold a roll back); a die that moved (gone from its place, new
beside it) does, unless nothing in the picture moved (a box the finder drew a little elsewhere).
The run's dice are its counted tracks, each as last seen, each following its die however the
finder boxed it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from vision.types import Colour, DiceReading, Die

# Dice that may differ from the run's in one frame (seen or missed) without ending it: one, or
# a third of them at a table where the finder is unsure of many (a table never seen).
SPECKS = 1
SPECK_SHARE = 3
QUIET_SPECK_SHARE = 2


def _specks(dice: int, quiet: bool = False) -> int:
    """Dice that may be seen or missed in a frame without ending the run, of the larger of the
    run's and the frame's counts: where nothing in the picture moved, any difference is the
    finder's, and half may flicker (epanemu-felt's casino dice at a steep slant: the finder
    swaps between readings of 8 and 11 of 15 dice from frame to frame)."""
    return max(SPECKS, dice // (QUIET_SPECK_SHARE if quiet else SPECK_SHARE))


def _same_die(a: Die, b: Die) -> float | None:
    """Centre distance where it is under half a die: one die however the finder boxed it."""
    (ax, ay), (bx, by) = a.centre_xy, b.centre_xy
    distance = max(abs(ax - bx), abs(ay - by))
    return distance if distance <= 0.5 * max(a.size_px, b.size_px) else None


def same_speck(die: Die, speck: Die) -> bool:
    """One die however the finder boxed it (`_same_die`) and about its size. Only that: a speck
    may be a pip group of a big die read as a die of its own, at its edge (28 px on a 104 px
    die, matteop65-white's second test video), and a die thrown beside it next is no speck."""
    big, small = max(die.size_px, speck.size_px), min(die.size_px, speck.size_px)
    return _same_die(die, speck) is not None and 3 * small >= 2 * big


def _beside(a: Die, b: Die) -> bool:
    (ax, ay), (bx, by) = a.centre_xy, b.centre_xy
    return max(abs(ax - bx), abs(ay - by)) <= max(a.size_px, b.size_px)


@dataclass(slots=True)
class _Track:
    anchor: Die
    die: Die
    seen: int
    value_since: float  # the last time its (colour, pips) changed
    steady_since: float  # ... or the reader's doubt about it
    flickered: bool = False
    # Each value read since a sure reading last changed: how often, and the die as last read so.
    reads: dict[tuple[Colour, int], tuple[int, Die]] = field(default_factory=dict)

    def read(self, die: Die) -> None:
        count = self.reads.get(_value(die), (0, die))[0]
        self.reads[_value(die)] = (count + 1, die)

    def voted(self) -> Die:
        """The value read most often (a doubted die's reading flickers from frame to frame),
        the latest on a tie."""
        latest = _value(self.die)
        best = max(self.reads.items(), key=lambda kv: (kv[1][0], kv[0] == latest), default=None)
        return self.die if best is None else best[1][1]


# How far a close-function reaches: no two dice whose centres lie further apart (the larger
# coordinate difference) than the larger die's side times the first number, or the second
# number of pixels if more, are close. Lets `pair` offer it only the pairs that may be.
Reach = tuple[float, float]
SAME_DIE_REACH: Reach = (0.5, 0.0)


def pair(
    before: Sequence[Die],
    after: Sequence[Die],
    close: Callable[[Die, Die], float | None],
    reach: Reach | None = None,
) -> dict[int, int]:
    """Greedy nearest-first pairing (index in `before` -> index in `after`). With `reach`
    (`close`'s, see `Reach`), only pairs within it are weighed: 36 dice are 1,296 pairs."""
    options = sorted(
        (d, i, j)
        for i, j in _within(before, after, reach)
        if (d := close(before[i], after[j])) is not None
    )
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for _, i, j in options:
        if i not in pairs and j not in taken:
            pairs[i] = j
            taken.add(j)
    return pairs


def _within(
    before: Sequence[Die], after: Sequence[Die], reach: Reach | None
) -> list[tuple[int, int]]:
    if reach is None or not before or not after:
        return [(i, j) for i in range(len(before)) for j in range(len(after))]
    a = np.asarray([d.box_xyxy for d in before], np.float64)
    b = np.asarray([d.box_xyxy for d in after], np.float64)
    centre_a = np.stack([(a[:, 0] + a[:, 2]) / 2, (a[:, 1] + a[:, 3]) / 2], axis=1)
    centre_b = np.stack([(b[:, 0] + b[:, 2]) / 2, (b[:, 1] + b[:, 3]) / 2], axis=1)
    apart = np.abs(centre_a[:, None, :] - centre_b[None, :, :]).max(axis=2)
    side_a = np.maximum(a[:, 2] - a[:, 0], a[:, 3] - a[:, 1])
    side_b = np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])
    limit = np.maximum(reach[1], reach[0] * np.maximum(side_a[:, None], side_b[None, :]))
    # A hair of slack: the bound must never turn away a pair `close` would take.
    return [(int(i), int(j)) for i, j in np.argwhere(apart <= limit + 1e-6)]


def _value(die: Die) -> tuple[Colour, int]:
    return (die.colour, die.pips)


class StillRun:
    """Feed `fits()` then `add()` each frame the detector keeps the run going."""

    def __init__(
        self,
        reading: DiceReading,
        t_ms: float,
        close: Callable[[Die, Die], float | None],
        reach: Reach | None = None,
    ) -> None:
        self._close = close
        self._reach = reach
        self._tracks = [_Track(d, d, 1, t_ms, t_ms) for d in reading]
        for tr in self._tracks:
            tr.read(tr.die)
        self._frames = 1
        self.values_since = t_ms

    def _counted(self) -> list[int]:
        return [i for i, tr in enumerate(self._tracks) if 2 * tr.seen > self._frames]

    def _pairs(self, reading: DiceReading, loose: bool = False) -> dict[int, int]:
        if loose:
            return pair([tr.anchor for tr in self._tracks], reading.dice, _same_die, SAME_DIE_REACH)
        return pair([tr.anchor for tr in self._tracks], reading.dice, self._close, self._reach)

    def fits(self, reading: DiceReading, quiet: bool = False) -> bool:
        """Whether this frame's dice continue the run (see the module doc). `quiet`: nothing
        in the picture changed (the motion measure reads nothing), so a box that shifted is
        the finder's jitter, not a die that moved."""
        counted = self._counted()
        if not counted:
            return not reading.dice
        pairs = self._pairs(reading, loose=quiet)
        missing = [self._tracks[i].anchor for i in counted if i not in pairs]
        taken = {pairs[i] for i in counted if i in pairs}
        new = [d for j, d in enumerate(reading.dice) if j not in taken]
        if len(missing) == len(counted) or len(missing) + len(new) > _specks(
            max(len(counted), len(reading)), quiet
        ):
            return False
        # Gone from one place and new beside it: a die that moved, not a flicker of the finder.
        return quiet or not any(_beside(a, b) for a in missing for b in new)

    def found_or_lost(self, reading: DiceReading) -> bool:
        """Whether this frame differs from the run's dice only by dice seen or missed, none gone
        from one place and new at another (dice as `_same_die` pairs them), or only by dice the
        reader doubts: a speck of the table read as a die now here, now there (two phantoms of
        holdout2's empty table swapped from frame to frame and made a roll of nothing)."""
        counted = self._counted()
        pairs = self._pairs(reading, loose=True)
        taken = {pairs[i] for i in counted if i in pairs}
        lost = [self._tracks[i].die for i in counted if i not in pairs]
        found = [d for j, d in enumerate(reading.dice) if j not in taken]
        return not (lost and found) or all(d.unsure for d in (*lost, *found))

    def specks(self) -> tuple[Die, ...]:
        """Dice the reader doubts that the finder saw in no more than half of the run's frames:
        a speck of the table it now finds, now loses, not a die lying there."""
        counted = set(self._counted())
        return tuple(
            tr.die for i, tr in enumerate(self._tracks) if i not in counted and tr.die.unsure
        )

    def add(self, reading: DiceReading, t_ms: float) -> None:
        counted = set(self._counted())
        pairs = self._pairs(reading, loose=True)
        taken = set(pairs.values())
        for i, j in pairs.items():
            tr, die = self._tracks[i], reading.dice[j]
            if _value(die) != _value(tr.die):
                tr.value_since = tr.steady_since = t_ms
                # A die the reader doubts goes out marked whatever it reads, its most read
                # value; only a sure die changing its face (still spinning) holds the roll back.
                if not (die.unsure and tr.die.unsure):
                    tr.reads.clear()
                    if i in counted:
                        self.values_since = t_ms
                tr.flickered |= i in counted
            elif die.unsure != tr.die.unsure:
                tr.steady_since = t_ms
            tr.die, tr.seen = die, tr.seen + 1
            tr.read(die)
        for j, die in enumerate(reading.dice):
            if j not in taken:
                self._tracks.append(_Track(die, die, 1, t_ms, t_ms))
                self._tracks[-1].read(die)
        self._frames += 1

    def dice(self, flag_flicker: bool) -> tuple[DiceReading, tuple[int, ...]]:
        """The run's dice (top to bottom, then left to right), each as most read, and each
        one's track; with `flag_flicker`, a die whose value changed during the run is marked
        unsure."""
        chosen = []
        for i in self._counted():
            tr = self._tracks[i]
            die = tr.voted()
            chosen.append((replace(die, unsure=True) if flag_flicker and tr.flickered else die, i))
        chosen.sort(key=lambda item: (item[0].box_xyxy[1], item[0].box_xyxy[0]))
        return DiceReading(tuple(d for d, _ in chosen)), tuple(i for _, i in chosen)

    def cleared(self, track: int, t_ms: float, settle_ms: float) -> Die | None:
        """The track's die once the reader is sure of it and it held for `settle_ms`."""
        tr = self._tracks[track]
        if tr.die.unsure or t_ms - tr.steady_since + 1e-6 < settle_ms:
            return None
        return tr.die
