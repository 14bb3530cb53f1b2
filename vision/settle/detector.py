"""When is a throw over? A state machine `empty -> rolling -> settled` over per-frame readings.

It emits exactly one `SettledRoll` per throw. Time comes in with each reading (no clock reads),
and the only memory is the current still run (`vision.settle.run`), the last reported scene, its
specks and the tumbling seen since, so it replays the same way from a recording. Events
(`vision.settle.events`):

- `SettledRoll`: the dice and the motion measure held still for `settle_ms`, and the scene
  differs from the last one the way a throw makes it differ. After the dice tumbled (at least
  `tumble_frames` frames where the picture or the dice moved showing dice away from every last
  place, at least half of those seen), that is anything but every die lying where it was
  (within `kept_tolerance` of a die) with the same value: dice of one colour thrown into a small
  box land where the last ones lay. Without tumbling (a hand passing over, the camera bumped),
  most dice must have moved or, after as many frames of motion, lie `kept_tolerance` off their
  places or show new faces, or half of them lie clear of every last place; after the table was
  cleared, anything differs. At start, dice that lay there while nothing moved are the table as
  the camera found it, a scene: a throw comes with motion. A doubtful die where the last still
  scene had a speck (a doubtful find the finder kept losing, `StillRun.specks`) is that speck:
  neither in flight nor added. Doubtful dice that came with no motion at all (a printed wall, a
  speck of the empty table) are never a throw, even where the finder keeps losing and finding
  them: dice only found or lost while nothing in the picture changed did not move, nor did
  doubtful dice read now here, now there.
  A die the reader doubts does not hold the roll: it goes out marked `unsure` for the players to
  confirm. A die whose value keeps changing holds it at most `unsure_ms`, then goes out marked.
- `RollCorrected`: dice of the last roll read anew while the dice lay still (the reader sure,
  the value held `settle_ms`): an unsure die cleared, or a sure die now surely of another
  value. The roll's dice again, those read anew.
- `SceneChanged`: a still scene that is not a throw and not the same as before held for
  `change_ms`: a die taken away, added, turned over or carried elsewhere after a roll.
- `TableCleared`: no dice for `empty_ms` after there were some.

A throw that held still for `settle_ms` but was still waiting on a flickering die when the dice
moved again is never lost: it comes out when they move (`cut_short`), its doubtful dice flagged.
A die nudged (moved less than `moved_tolerance` sizes, value unchanged), or hidden by a hand and
seen again in place, gives no event at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from vision.settle.events import (
    RollCorrected,
    SceneChanged,
    SettleConfig,
    SettledRoll,
    SettleEvent,
    SettleState,
    TableCleared,
)
from vision.settle.run import StillRun, pair, same_speck
from vision.sources.base import ImageBGR
from vision.types import DiceReading, Die

# Frame times are sums of 1000/fps: allow for float rounding when a wait is exactly met.
_EPS_MS = 1e-6


# From this many dice on, a throw among the last places is told by a quarter of them moved.
_MANY_DICE = 8


class SettleDetector:
    """Feed `update()` every frame in time order; it returns an event or None."""

    def __init__(self, config: SettleConfig | None = None) -> None:
        self.config = config or SettleConfig()
        self._last_t = -math.inf
        self._run: StillRun | None = None
        self._run_start: float | None = None
        self._decided = False
        self._scene = DiceReading.empty()
        self._last_roll: DiceReading | None = None
        self._last_still: tuple[float, int | None, ImageBGR | None] | None = None
        self._tumbled = 0
        # Since the last decision: whether motion was measured, and how many frames stirred.
        self._measured, self._stirred = False, 0
        self._rolls = 0
        # The last roll while its run lasts, for corrections: id, dice, tracks.
        self._open: tuple[int, DiceReading, tuple[int, ...]] | None = None
        # The last still scene's specks (`StillRun.specks`): a doubtful die found there later is
        # that speck again, neither a die in flight nor one added.
        self._specks: tuple[Die, ...] = ()
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
        quiet = motion is not None and motion <= self.config.quiet_motion
        cut = self._cut_short(reading, moving, quiet)  # the last run's: this frame is not in it
        # Stirred: the picture moved, or the dice did (small dice tumble under still_motion).
        stirred = self._track(t_ms, reading, moving, quiet) or moving
        self._measured |= motion is not None
        self._stirred += stirred
        if stirred and self._away(reading):
            self._tumbled += 1
        event = cut or self._decide(t_ms, reading, frame_index, frame_bgr)
        event = event or self._correct(t_ms, frame_index, frame_bgr)
        self._last_still = (t_ms, frame_index, frame_bgr)
        if self._decided:
            self._state = SettleState.SETTLED if self._scene.dice else SettleState.EMPTY
        elif reading.dice or self._scene.dice:
            self._state = SettleState.ROLLING
        else:
            self._state = SettleState.EMPTY
        return event

    def _cut_short(self, reading: DiceReading, moving: bool, quiet: bool) -> SettledRoll | None:
        """The still run's throw, flagged, when this frame ends a run that waited on a
        flickering die long enough to have settled otherwise; None in every other case."""
        run, start = self._run, self._run_start
        if self._decided or run is None or start is None or self._last_still is None:
            return None
        t_ms, index, frame = self._last_still
        candidate, tracks = run.dice(flag_flicker=True)
        if not (moving or not run.fits(reading, quiet)) or not candidate.dice:
            return None
        if t_ms - start + _EPS_MS < self.config.settle_ms or not self._is_throw(candidate):
            return None
        return self._roll(SettledRoll(t_ms, start, index, frame, candidate, True), tracks)

    def _track(self, t_ms: float, reading: DiceReading, moving: bool, quiet: bool) -> bool:
        """Moves the still run on; True where the dice moved (not the first frame, nor dice
        only found or lost where nothing in the picture changed: the finder's flicker)."""
        if self._run is None or not self._run.fits(reading, quiet):
            # The dice moved: a new run starts here. This frame's motion measures that very
            # move, so it does not hold the run back; the next frame's motion will.
            moved = self._run is not None and not (quiet and self._run.found_or_lost(reading))
            self._start_run(reading, t_ms)
            return moved
        if moving:
            self._start_run(reading, None)
        elif self._run_start is None:
            self._start_run(reading, t_ms)
        else:
            self._run.add(reading, t_ms)
        return False

    def _start_run(self, reading: DiceReading, start: float | None) -> None:
        if self._decided and self._run is not None:
            self._specks = self._run.specks()
        reach = (self.config.still_tolerance, self.config.still_min_px)  # `_still_close`'s
        self._run = StillRun(reading, 0.0 if start is None else start, self._still_close, reach)
        self._run_start = start
        self._decided = False
        self._open = None

    def _decide(
        self, t_ms: float, reading: DiceReading, index: int | None, frame: ImageBGR | None
    ) -> SettleEvent | None:
        if self._decided or self._run is None or self._run_start is None:
            return None
        cfg = self.config
        start = self._run_start
        still_ms = t_ms - start + _EPS_MS
        if not reading.dice:
            if still_ms < cfg.empty_ms:
                return None
            self._settled()
            previous, self._scene = self._scene, reading
            return TableCleared(t_ms, start, index, frame, previous) if previous.dice else None
        if t_ms - self._run.values_since + _EPS_MS >= cfg.settle_ms:
            (candidate, tracks), since = self._run.dice(flag_flicker=False), self._run.values_since
        elif still_ms >= cfg.unsure_ms:
            (candidate, tracks), since = self._run.dice(flag_flicker=True), start
        else:
            return None
        if self._is_throw(candidate):
            return self._roll(SettledRoll(t_ms, since, index, frame, candidate), tracks)
        removed, added = self._difference(self._seen(self._scene), self._seen(candidate))
        if not (removed or added):
            self._settled()
            self._scene = candidate
            return None
        if still_ms < cfg.change_ms:
            return None
        self._settled()
        previous, self._scene = self._scene, candidate
        return SceneChanged(t_ms, start, index, frame, candidate, previous, removed, added)

    def _settled(self) -> None:
        self._decided = True
        self._tumbled = 0
        self._measured, self._stirred = False, 0

    def _roll(self, roll: SettledRoll, tracks: tuple[int, ...]) -> SettledRoll:
        self._settled()
        self._rolls += 1
        roll = replace(roll, roll_id=self._rolls)
        self._scene = self._last_roll = roll.reading
        self._open = (self._rolls, roll.reading, tracks)
        return roll

    def _correct(
        self, t_ms: float, index: int | None, frame: ImageBGR | None
    ) -> RollCorrected | None:
        """The open roll with every die the run has since read anew (`_anew`), if any, while
        nothing moved: a compressed video's first frames after the dice stop read worse, and
        the roll has gone out on them by then."""
        if self._open is None or self._run is None or self._run_start is None:
            return None
        roll_id, sent, tracks = self._open
        dice, cleared = list(sent.dice), []
        for k, (die, track) in enumerate(zip(sent.dice, tracks, strict=True)):
            if (now := self._anew(self._run, die, track, t_ms)) is not None:
                dice[k] = replace(now, box_xyxy=die.box_xyxy)
                cleared.append(k)
        if not cleared:
            return None
        reading = DiceReading(tuple(dice))
        self._scene = self._last_roll = reading
        self._open = (roll_id, reading, tracks)
        start = self._run_start
        return RollCorrected(t_ms, start, index, frame, roll_id, reading, tuple(cleared))

    def _anew(self, run: StillRun, die: Die, track: int, t_ms: float) -> Die | None:
        """What the run now reads for a die the roll holds as `die`, where that corrects it: the
        reader sure of it for `settle_ms`, an unsure die cleared or a sure one read as another
        value. (A doubted die's most read value is no better later: on rune55-pxl-colour's and
        holdout2's videos, correcting it to the later frames' vote read a die fewer in each.)"""
        now = run.cleared(track, t_ms, self.config.settle_ms)
        if now is not None and (die.unsure or (now.colour, now.pips) != (die.colour, die.pips)):
            return now
        return None

    def _is_throw(self, candidate: DiceReading) -> bool:
        if self._measured and not self._stirred and all(d.unsure for d in candidate):
            # Nothing moved, yet doubtful dice: the finder's false finds (a printed wall, a
            # speck of the empty table), never a throw, which comes with motion.
            return False
        scene, candidate = self._seen(self._scene), self._seen(candidate)
        if not candidate.dice:
            return False
        if not scene.dice:
            # After a clear anything but the very last roll put back is a throw. At start, dice
            # that lay there while nothing moved are the table as the camera found it (the last
            # roll, already scored, when the app starts again): a throw comes with motion.
            if self._last_roll is None:
                return not self._measured or self._stirred > 0
            return any(self._difference(self._seen(self._last_roll), candidate))
        burst = self.config.tumble_frames
        if self._tumbled >= burst:
            return bool(self._difference(scene, candidate, placed=True)[1])
        # Most dice moved; after a burst of motion, or showing new faces where they lay (dice
        # too big to fly clear of their last places in a small box).
        long_stir = self._stirred >= burst
        # A doubted die's value flickers from frame to frame: in its place, a new value read
        # with doubt is no new face (a hand passed over a crowd of doubted dice).
        near = self._near(long_stir, placed=long_stir, doubt_any_value=True)
        kept = pair(scene.dice, candidate.dice, near)
        moved = len(candidate) - len(kept)
        if not long_stir:
            return 2 * moved > len(candidate)
        if len(candidate) >= _MANY_DICE:
            # Many dice thrown among their last places (fifteen of one value on a small felt)
            # keep half of them near a last one by chance, and flying among them they were
            # seldom away from all: after a long stir a quarter lying elsewhere or showing new
            # faces is a throw. A hand passing over leaves a value in doubt at most.
            return 4 * moved >= len(candidate)
        # Or half of them clear of every last place (a hand may nudge a die a third of a die,
        # not carry it away), or half moved with fewer dice than before (some picked up, the
        # rest thrown again): two big dice of one value thrown among their last places, one
        # landing where one lay, were seldom away from all of them in flight (epanemu-felt's
        # fourth test video lost two throws so, one of them after five dice).
        clear = len(candidate) - len(pair(scene.dice, candidate.dice, self._near(None)))
        picked_up = len(candidate) < len(scene)
        return (
            2 * moved > len(candidate)
            or 2 * clear >= len(candidate)
            or (picked_up and 2 * moved >= len(candidate))
        )

    def _away(self, reading: DiceReading) -> bool:
        """Whether dice lie away from every die of the last scene (any colour or face), at
        least half of those seen and two (one where the scene held one): dice in flight. A hand
        hides dice, it does not move them, and a die the finder sees on it is one."""
        scene, reading = self._seen(self._scene), self._seen(reading)
        if not scene.dice:
            return False
        away = len(reading) - len(pair(reading.dice, scene.dice, self._near(None)))
        return away >= min(2, len(scene)) and 2 * away >= len(reading)

    def _seen(self, reading: DiceReading) -> DiceReading:
        """`reading` without the doubtful dice that are the last still scene's specks again."""
        if not self._specks:
            return reading
        return DiceReading(
            tuple(
                d
                for d in reading.dice
                if not (d.unsure and any(same_speck(d, s) for s in self._specks))
            )
        )

    def _difference(
        self, before: DiceReading, after: DiceReading, placed: bool = False
    ) -> tuple[tuple[Die, ...], tuple[Die, ...]]:
        kept = pair(before.dice, after.dice, self._near(True, placed=placed))
        taken = set(kept.values())
        removed = tuple(d for i, d in enumerate(before.dice) if i not in kept)
        added = tuple(d for j, d in enumerate(after.dice) if j not in taken)
        return removed, added

    def _still_close(self, a: Die, b: Die) -> float | None:
        cfg = self.config
        tol = max(cfg.still_min_px, cfg.still_tolerance * max(a.size_px, b.size_px))
        shift = max(abs(p - q) for p, q in zip(a.box_xyxy, b.box_xyxy, strict=True))
        return shift if shift <= tol else None

    def _near(
        self, same_value: bool | None, placed: bool = False, doubt_any_value: bool = False
    ) -> Callable[[Die, Die], float | None]:
        """Dice within `moved_tolerance` of the larger one's side, or with `placed` (lying
        where it was) `kept_tolerance` of the smaller one's (a big die landing beside a small
        one is no die lying still): of one colour, and one value with `same_value` (a die the
        reader doubts may be of any colour: its colour flickers; with `doubt_any_value`, of any
        value too); with None, whatever their colour and value."""
        cfg = self.config

        def close(a: Die, b: Die) -> float | None:
            doubted = a.unsure or b.unsure
            if same_value is not None and a.colour is not b.colour and not doubted:
                return None
            if same_value and a.pips != b.pips and not (doubt_any_value and doubted):
                return None
            (ax, ay), (bx, by) = a.centre_xy, b.centre_xy
            distance = math.hypot(ax - bx, ay - by)
            if placed:
                reach = cfg.kept_tolerance * min(a.size_px, b.size_px)
            else:
                reach = cfg.moved_tolerance * max(a.size_px, b.size_px)
            return distance if distance <= reach else None

        return close
