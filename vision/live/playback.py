"""The live path measured from outside (`dicetable eval-live`, `models.render.live_eval`): a
video played through the very path `dicetable watch` takes (the file source on the video's own
clock, the reader, the motion measure, the settle detector), every roll and correction
collected, and the report of its score against the video's truth (`vision.live.score`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from vision.live.score import LiveScore, SentRoll, VideoTruth
from vision.reading_protocol import Reader


@dataclass(frozen=True, slots=True)
class LiveReport:
    folder: str
    truth: VideoTruth
    score: LiveScore
    rolls: tuple[SentRoll, ...]


def play(video: Path, reader: Reader) -> tuple[SentRoll, ...]:
    """Every roll the live path sends on `video`, each with its dice after later corrections."""
    from vision.live.pipeline import LivePipeline
    from vision.settle import RollCorrected, SettledRoll
    from vision.sources import VideoFileSource

    source = VideoFileSource(video, realtime=False)
    pipeline = LivePipeline(source, reader)
    sent: dict[int, SentRoll] = {}
    source.open()
    try:
        while (frame := source.read()) is not None:
            event = pipeline.process(frame)
            if isinstance(event, SettledRoll):
                sent[event.roll_id] = SentRoll(frame.index, event.reading, event.reading)
            elif isinstance(event, RollCorrected) and event.roll_id in sent:
                old = sent[event.roll_id]
                sent[event.roll_id] = SentRoll(
                    old.frame, old.first, event.reading, old.corrections + 1
                )
    finally:
        source.close()
    return tuple(sent[k] for k in sorted(sent))


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def describe(report: LiveReport) -> str:
    s = report.score
    false = ", ".join(s.false_rolls) if s.false_rolls else "none"
    return (
        f"{report.truth.name}: {s.rolls} rolls for {s.throws} throws, {s.caught} caught, "
        f"{s.in_time} within 0.5 s; false rolls: {false}; settle to roll p50 "
        f"{_ms(s.delay_p50_ms)} ms, max {_ms(s.delay_max_ms)} ms "
        f"({' '.join(_ms(d) for d in s.delays_ms)}); dice read right "
        f"{s.right} of {s.labelled} ({s.right_first} as first sent, {s.unsure} marked unsure, "
        f"{s.corrections} corrections) against {s.still_right} as stills; "
        f"targets {'met' if s.meets_targets() else 'NOT met'}"
    )


def as_json(report: LiveReport) -> dict[str, Any]:
    s = report.score
    out: dict[str, Any] = {"set": report.truth.name, "folder": report.folder, **asdict(s)}
    out.update(delay_p50_ms=s.delay_p50_ms, delay_max_ms=s.delay_max_ms, met=s.meets_targets())
    return out
