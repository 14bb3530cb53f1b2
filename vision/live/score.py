"""Scoring the live path on a video whose throws are known: which roll answers which throw, how
long after the dice settled it was sent, and how many dice it read right.

A video's truth (`VideoTruth`) lists its throws (the frame the tumbling starts, the first still
frame, the frame the next throw's tumbling starts, the labelled dice) and the distractions that
are not throws (a hand passing over, a camera bump). The first roll sent at or after a throw's
first still frame and before the next throw is that throw's roll; every other roll is a false
one, counted against the distraction it follows, if any. Dice read right: the labelled dice of
the throw found (as `dicetable eval` matches them) with their pips right, in the roll as it stood
before the next throw (after any correction the settle detector sent).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from vision.datasets import LabelledBox, MatchBy
from vision.metrics import NONE_INDEX, score_image
from vision.types import DiceReading

IN_TIME_MS = 500.0


@dataclass(frozen=True, slots=True)
class ThrowTruth:
    photo: str
    tumble_frame: int
    settle_frame: int
    end_frame: int  # exclusive: the next throw's tumbling starts here (or the video ends)
    boxes: tuple[LabelledBox, ...]


@dataclass(frozen=True, slots=True)
class Distraction:
    kind: str  # "hand" or "bump"
    first_frame: int
    last_frame: int


@dataclass(frozen=True, slots=True)
class VideoTruth:
    name: str
    fps: float
    match_by: MatchBy
    throws: tuple[ThrowTruth, ...]
    distractions: tuple[Distraction, ...]


@dataclass(frozen=True, slots=True)
class SentRoll:
    """A roll the live path sent: its frame, and its dice as last corrected before the next
    throw (`first` as sent)."""

    frame: int
    first: DiceReading
    final: DiceReading
    corrections: int = 0


@dataclass(frozen=True, slots=True)
class LiveScore:
    throws: int
    rolls: int
    caught: int
    in_time: int
    false_rolls: tuple[str, ...]  # what each false roll followed: "hand", "bump", "throw 3"
    delays_ms: tuple[float, ...]
    labelled: int
    right: int
    right_first: int
    unsure: int
    corrections: int
    still_right: int

    @property
    def delay_p50_ms(self) -> float | None:
        return statistics.median(self.delays_ms) if self.delays_ms else None

    @property
    def delay_max_ms(self) -> float | None:
        return max(self.delays_ms) if self.delays_ms else None

    def meets_targets(self) -> bool:
        return (
            self.caught == self.throws == self.in_time
            and not self.false_rolls
            and self.right >= self.still_right
        )


def summed(scores: Sequence[LiveScore]) -> LiveScore:
    """Several videos' scores as one: every count added, every list joined (a folder's videos
    together, a figure one die does not swing)."""
    if not scores:
        raise ValueError("no scores to add")
    return LiveScore(
        throws=sum(s.throws for s in scores),
        rolls=sum(s.rolls for s in scores),
        caught=sum(s.caught for s in scores),
        in_time=sum(s.in_time for s in scores),
        false_rolls=tuple(f for s in scores for f in s.false_rolls),
        delays_ms=tuple(d for s in scores for d in s.delays_ms),
        labelled=sum(s.labelled for s in scores),
        right=sum(s.right for s in scores),
        right_first=sum(s.right_first for s in scores),
        unsure=sum(s.unsure for s in scores),
        corrections=sum(s.corrections for s in scores),
        still_right=sum(s.still_right for s in scores),
    )


def right_dice(boxes: Sequence[LabelledBox], reading: DiceReading, match_by: MatchBy) -> int:
    """Labelled dice found with their pips right."""
    cells = score_image(boxes, reading.dice, match_by).pip_cells
    return sum(1 for truth, read in cells if truth == read != NONE_INDEX)


def answer_to(throw: ThrowTruth, rolls: Sequence[SentRoll]) -> SentRoll | None:
    """The roll that answers `throw`: the first sent at or after its first still frame and
    before the next throw."""
    return next((r for r in rolls if throw.settle_frame <= r.frame < throw.end_frame), None)


def _followed(truth: VideoTruth, frame: int, throw_index: int) -> str:
    before = [d for d in truth.distractions if d.first_frame <= frame]
    if before and before[-1].first_frame >= truth.throws[throw_index].settle_frame:
        return before[-1].kind
    return f"throw {throw_index + 1}"


def score_live(
    truth: VideoTruth, rolls: Sequence[SentRoll], stills: Sequence[DiceReading]
) -> LiveScore:
    """`stills`: each throw's photo read alone (the figure the live path should keep)."""
    if len(stills) != len(truth.throws):
        raise ValueError(f"{len(stills)} still readings for {len(truth.throws)} throws")
    caught = in_time = labelled = right = right_first = unsure = fixes = still_right = 0
    false: list[str] = []
    delays: list[float] = []
    for k, throw in enumerate(truth.throws):
        labelled += len(throw.boxes)
        still_right += right_dice(throw.boxes, stills[k], truth.match_by)
        inside = [r for r in rolls if throw.tumble_frame <= r.frame < throw.end_frame]
        answer = answer_to(throw, inside)
        false.extend(_followed(truth, r.frame, k) for r in inside if r is not answer)
        if answer is None:
            continue
        caught += 1
        delay = (answer.frame - throw.settle_frame) * 1000.0 / truth.fps
        delays.append(delay)
        in_time += delay <= IN_TIME_MS
        right += right_dice(throw.boxes, answer.final, truth.match_by)
        right_first += right_dice(throw.boxes, answer.first, truth.match_by)
        unsure += sum(1 for d in answer.first if d.unsure)
        fixes += answer.corrections
    first_throw = truth.throws[0].tumble_frame if truth.throws else 0
    false.extend("empty table" for r in rolls if r.frame < first_throw)
    return LiveScore(
        throws=len(truth.throws),
        rolls=len(rolls),
        caught=caught,
        in_time=in_time,
        false_rolls=tuple(false),
        delays_ms=tuple(delays),
        labelled=labelled,
        right=right,
        right_first=right_first,
        unsure=unsure,
        corrections=fixes,
        still_right=still_right,
    )
