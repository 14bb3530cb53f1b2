"""When is a throw over? A state machine `empty -> rolling -> settled` over per-frame readings.

It emits exactly one `SettledRoll` per throw. Time comes in with each reading (no clock reads),
and the only memory is the current still run and the last reported scene, so it replays the
same way from a recording. Events:

- `SettledRoll`: the dice and the motion measure held still for `settle_ms` with no unsure die,
  and the scene differs from the last one the way a throw makes it differ (most dice moved, or
  anything differs after the table was cleared). If a die stays unsure, or its value keeps
  flickering, the roll comes after `unsure_ms` with those dice marked `unsure`: the reader's
  best value is kept, never silently trusted, so the session asks the players.
- `SceneChanged`: a still scene that is not a throw and not the same as before held for
  `change_ms`: a die taken away, added, turned over or carried elsewhere after a roll.
- `TableCleared`: no dice for `empty_ms` after there were some.

A throw that held still for `settle_ms` but was still waiting on an unsure die when the dice
moved again is never lost: it comes out when they move (`cut_short`), its doubtful dice flagged.

A die nudged (moved less than `moved_tolerance` sizes, value unchanged), or hidden by a hand and
seen again in place, gives no event at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from vision.motion import encode_thumbnail
from vision.sources.base import ImageBGR
from vision.types import Colour, DiceReading, Die

# Frame times are sums of 1000/fps: allow for float rounding when a wait is exactly met.
_EPS_MS = 1e-6


class SettleState(StrEnum):
    EMPTY = "empty"
    ROLLING = "rolling"
    SETTLED = "settled"


@dataclass(frozen=True, slots=True)
class SettleConfig:
    """Times in ms; tolerances in die sizes (the larger side of a die's box).

    `still_motion` is in `vision.motion.motion_energy` units: 0 for a still table however
    noisy the webcam, about 0.8 for one 40 px die sliding 20 px in a 640 px wide frame, 5 for
    a fist-sized hand, 20 for a hand reaching in. Dice motion is caught from their boxes
    anyway; the motion measure is there for hands that cover dice without moving them.
    """

    settle_ms: float = 250.0
    unsure_ms: float = 1500.0
    change_ms: float = 800.0
    empty_ms: float = 500.0
    still_motion: float = 1.0
    still_tolerance: float = 0.15
    still_min_px: float = 2.0
    moved_tolerance: float = 0.75

    def __post_init__(self) -> None:
        for name in ("settle_ms", "empty_ms", "still_tolerance", "moved_tolerance"):
            value = getattr(self, name)
            if not (value > 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a positive number, got {value!r}")
        for name in ("unsure_ms", "change_ms"):
            value = getattr(self, name)
            if not self.settle_ms <= value < math.inf:
                raise ValueError(f"{name} must be at least settle_ms, got {value!r}")
        for name in ("still_motion", "still_min_px"):
            value = getattr(self, name)
            if not 0 <= value < math.inf:
                raise ValueError(f"{name} must be 0 or more, got {value!r}")


@dataclass(frozen=True, slots=True, eq=False)
class _Moment:
    t_ms: float
    still_since_ms: float
    frame_index: int | None
    frame_bgr: ImageBGR | None = field(repr=False)

    @property
    def delay_ms(self) -> float:
        """From the first still frame to this event: what the players wait."""
        return self.t_ms - self.still_since_ms

    def thumbnail_jpeg(self, max_side: int = 320) -> bytes | None:
        return None if self.frame_bgr is None else encode_thumbnail(self.frame_bgr, max_side)


@dataclass(frozen=True, slots=True, eq=False)
class SettledRoll(_Moment):
    """`cut_short`: the dice were still but waited on an unsure die when the table changed
    again; the throw is reported then, its doubtful dice flagged, rather than lost."""

    reading: DiceReading
    cut_short: bool = False

    @property
    def needs_review(self) -> bool:
        return self.reading.any_unsure


@dataclass(frozen=True, slots=True, eq=False)
class SceneChanged(_Moment):
    """Dice in `removed` are gone from their place in `previous`; `added` are new in `reading`
    (a die turned over or carried away is in both)."""

    reading: DiceReading
    previous: DiceReading
    removed: tuple[Die, ...]
    added: tuple[Die, ...]


@dataclass(frozen=True, slots=True, eq=False)
class TableCleared(_Moment):
    previous: DiceReading


SettleEvent = SettledRoll | SceneChanged | TableCleared


class SettleDetector:
    """Feed `update()` every frame in time order; it returns an event or None."""

    def __init__(self, config: SettleConfig | None = None) -> None:
        self.config = config or SettleConfig()
        self._last_t = -math.inf
        self._anchor: DiceReading | None = None
        self._pairs: dict[int, int] = {}
        self._values: list[tuple[Colour, int]] = []
        self._flicker: set[int] = set()
        self._run_start: float | None = None
        self._values_since = 0.0
        self._decided = False
        self._scene = DiceReading.empty()
        self._last_roll: DiceReading | None = None
        self._last_still: tuple[float, DiceReading, int | None, ImageBGR | None] | None = None
        self._state = SettleState.EMPTY

    @property
    def state(self) -> SettleState:
        return self._state

    @property
    def scene(self) -> DiceReading:
        """The last still scene reported (a roll, a change, or empty after clearing)."""
        return self._scene

    def update(
        self,
        t_ms: float,
        reading: DiceReading,
        motion: float | None = None,
        *,
        frame_index: int | None = None,
        frame_bgr: ImageBGR | None = None,
    ) -> SettleEvent | None:
        if not (math.isfinite(t_ms) and t_ms >= self._last_t):
            raise ValueError(f"t_ms must be finite and never go back, got {t_ms!r}")
        if motion is not None and not 0 <= motion < math.inf:
            raise ValueError(f"motion must be 0 or more, got {motion!r}")
        self._last_t = t_ms
        moving = motion is not None and motion > self.config.still_motion
        cut = self._cut_short(reading, moving)
        self._track(t_ms, reading, moving)
        event = cut or self._decide(t_ms, reading, frame_index, frame_bgr)
        self._last_still = (t_ms, reading, frame_index, frame_bgr)
        if self._decided:
            self._state = SettleState.SETTLED if self._scene.dice else SettleState.EMPTY
        elif reading.dice or self._scene.dice:
            self._state = SettleState.ROLLING
        else:
            self._state = SettleState.EMPTY
        return event

    def _cut_short(self, reading: DiceReading, moving: bool) -> SettledRoll | None:
        """The still run's throw, flagged, when this frame ends a run that waited on unsure
        dice long enough to have settled otherwise; None in every other case."""
        if self._decided or self._run_start is None or self._last_still is None:
            return None
        ends = moving or self._anchor is None or self._still_pairs(self._anchor, reading) is None
        t_ms, last, index, frame = self._last_still
        if not ends or not last.dice or t_ms - self._run_start + _EPS_MS < self.config.settle_ms:
            return None
        candidate = self._flag_unsure(last)
        if not self._is_throw(candidate):
            return None
        self._decided = True
        self._scene = self._last_roll = candidate
        return SettledRoll(t_ms, self._run_start, index, frame, candidate, cut_short=True)

    def _track(self, t_ms: float, reading: DiceReading, moving: bool) -> None:
        pairs = None if self._anchor is None else self._still_pairs(self._anchor, reading)
        if pairs is None:
            # The dice moved: a new run starts here. This frame's motion measures that very
            # move, so it does not hold the run back; the next frame's motion will.
            self._start_run(reading, t_ms)
        elif moving:
            self._start_run(reading, None)
        elif self._run_start is None:
            self._start_run(reading, t_ms)
        else:
            self._pairs = pairs
            for a, r in pairs.items():
                value = (reading.dice[r].colour, reading.dice[r].pips)
                if value != self._values[a]:
                    self._values[a] = value
                    self._flicker.add(a)
                    self._values_since = t_ms

    def _start_run(self, reading: DiceReading, start: float | None) -> None:
        self._anchor = reading
        self._pairs = {i: i for i in range(len(reading))}
        self._values = [(d.colour, d.pips) for d in reading]
        self._flicker = set()
        self._run_start = start
        self._values_since = start if start is not None else 0.0
        self._decided = False

    def _decide(
        self, t_ms: float, reading: DiceReading, index: int | None, frame: ImageBGR | None
    ) -> SettleEvent | None:
        if self._decided or self._run_start is None:
            return None
        cfg = self.config
        start = self._run_start
        still_ms = t_ms - start + _EPS_MS
        if not reading.dice:
            if still_ms < cfg.empty_ms:
                return None
            self._decided = True
            previous, self._scene = self._scene, reading
            return TableCleared(t_ms, start, index, frame, previous) if previous.dice else None
        if t_ms - self._values_since + _EPS_MS >= cfg.settle_ms and not reading.any_unsure:
            candidate, since = reading, self._values_since
        elif still_ms >= cfg.unsure_ms:
            candidate, since = self._flag_unsure(reading), start
        else:
            return None
        if self._is_throw(candidate):
            self._decided = True
            self._scene = self._last_roll = candidate
            return SettledRoll(t_ms, since, index, frame, candidate)
        removed, added = self._difference(self._scene, candidate)
        if not (removed or added):
            self._decided = True
            self._scene = candidate
            return None
        if still_ms < cfg.change_ms:
            return None
        self._decided = True
        previous, self._scene = self._scene, candidate
        return SceneChanged(t_ms, start, index, frame, candidate, previous, removed, added)

    def _flag_unsure(self, reading: DiceReading) -> DiceReading:
        flagged = {self._pairs[a] for a in self._flicker if a in self._pairs}
        return DiceReading(
            tuple(replace(d, unsure=True) if i in flagged else d for i, d in enumerate(reading))
        )

    def _is_throw(self, candidate: DiceReading) -> bool:
        if not self._scene.dice:
            # After a clear (or at start) anything but the very last roll put back is a throw.
            if self._last_roll is None:
                return True
            return any(self._difference(self._last_roll, candidate))
        kept = _pair(self._scene.dice, candidate.dice, self._near(same_value=False))
        return 2 * (len(candidate) - len(kept)) > len(candidate)

    def _difference(
        self, before: DiceReading, after: DiceReading
    ) -> tuple[tuple[Die, ...], tuple[Die, ...]]:
        kept = _pair(before.dice, after.dice, self._near(same_value=True))
        taken = set(kept.values())
        removed = tuple(d for i, d in enumerate(before.dice) if i not in kept)
        added = tuple(d for j, d in enumerate(after.dice) if j not in taken)
        return removed, added

    def _still_pairs(self, anchor: DiceReading, reading: DiceReading) -> dict[int, int] | None:
        cfg = self.config

        def close(a: Die, b: Die) -> float | None:
            tol = max(cfg.still_min_px, cfg.still_tolerance * max(a.size_px, b.size_px))
            shift = max(abs(p - q) for p, q in zip(a.box_xyxy, b.box_xyxy, strict=True))
            return shift if shift <= tol else None

        if len(anchor) != len(reading):
            return None
        pairs = _pair(anchor.dice, reading.dice, close)
        return pairs if len(pairs) == len(reading) else None

    def _near(self, same_value: bool) -> Callable[[Die, Die], float | None]:
        limit = self.config.moved_tolerance

        def close(a: Die, b: Die) -> float | None:
            if a.colour is not b.colour or (same_value and a.pips != b.pips):
                return None
            (ax, ay), (bx, by) = a.centre_xy, b.centre_xy
            distance = math.hypot(ax - bx, ay - by)
            return distance if distance <= limit * max(a.size_px, b.size_px) else None

        return close


def _pair(
    before: Sequence[Die], after: Sequence[Die], close: Callable[[Die, Die], float | None]
) -> dict[int, int]:
    """Greedy nearest-first pairing (index in `before` -> index in `after`); a table holds a
    handful of dice, so the quadratic scan is cheap."""
    options = sorted(
        (d, i, j)
        for i, a in enumerate(before)
        for j, b in enumerate(after)
        if (d := close(a, b)) is not None
    )
    pairs: dict[int, int] = {}
    taken: set[int] = set()
    for _, i, j in options:
        if i not in pairs and j not in taken:
            pairs[i] = j
            taken.add(j)
    return pairs
