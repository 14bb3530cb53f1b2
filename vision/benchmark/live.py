"""End-to-end timing of the live path on a recorded video: decode, read, settle, emit.

The video plays as fast as the machine allows (every frame, its own clock), so frames per
second is the whole path's throughput. With the recording's sidecar (`<video>.json`, written by
the renderer: when the table went still and what lay on it) each emitted roll is matched to the
moment its dice stopped: the delay is the video time from that moment to the frame that emitted
the roll, plus the time that frame took to process.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from vision.live import LiveConfig, LivePipeline
from vision.reading_protocol import Reader
from vision.settle import SettleConfig, SettledRoll
from vision.sources import VideoFileSource


@dataclass(frozen=True)
class RollTiming:
    t_ms: float
    delay_ms: float
    dice: tuple[tuple[str, int], ...]
    expected: tuple[tuple[str, int], ...] | None
    flagged: bool = False  # a die stayed unsure: the roll asks a person to confirm it

    @property
    def correct(self) -> bool:
        return self.expected is not None and self.dice == self.expected


@dataclass(frozen=True)
class LiveBench:
    video: str
    frames: int
    frame_size: tuple[int, int]
    seconds: float
    stage_ms: dict[str, float]
    rolls: tuple[RollTiming, ...]
    throws: int
    # Processing cost per frame where the picture held still, and where it moved (the
    # pipeline's own motion measure decides): the cost of a still table and of a tumbling one.
    still_ms: tuple[float, ...] = ()
    moving_ms: tuple[float, ...] = ()

    @property
    def fps(self) -> float:
        return self.frames / self.seconds if self.seconds > 0 else 0.0

    def lines(self) -> list[str]:
        w, h = self.frame_size
        out = [f"live path on {self.video}: {self.frames} frames of {w}x{h}"]
        out += [f"  {stage:<8} {ms:7.2f} ms per frame" for stage, ms in self.stage_ms.items()]
        out += [
            _cost_line(what, ms)
            for what, ms in (("still picture", self.still_ms), ("moving picture", self.moving_ms))
            if ms
        ]
        out.append(f"  end-to-end frames per second: {self.fps:.1f}")
        out.append(f"rolls emitted: {len(self.rolls)} for {self.throws} throws")
        for r in self.rolls:
            mark = (
                "" if r.expected is None else (" right" if r.correct else f" expected {r.expected}")
            )
            flag = ", flagged unsure" if r.flagged else ""
            out.append(f"  at {r.t_ms / 1000:6.2f} s: delay {r.delay_ms:6.1f} ms{mark}{flag}")
        return out + _delay_lines(self.rolls)


def _cost_line(what: str, ms: tuple[float, ...]) -> str:
    mean = sum(ms) / len(ms)
    return f"  {what}: {mean:7.2f} ms per frame processed ({len(ms)} frames)"


def _delay_lines(rolls: tuple[RollTiming, ...]) -> list[str]:
    out = []
    for flagged, what in ((False, "read surely"), (True, "flagged unsure")):
        delays = [r.delay_ms for r in rolls if r.flagged is flagged]
        if delays:
            out.append(
                f"delay from dice still to roll, {len(delays)} rolls {what}: "
                f"max {max(delays):.1f} ms, median {sorted(delays)[len(delays) // 2]:.1f} ms"
            )
    return out


def _sidecar(video: Path) -> list[dict[str, object]]:
    path = video.with_suffix(".json")
    if not path.is_file():
        return []
    still: list[dict[str, object]] = json.loads(path.read_text()).get("still", [])
    return [s for s in still if s.get("dice")]


def bench_live(video: Path, reader: Reader, settle: SettleConfig | None = None) -> LiveBench:
    source = VideoFileSource(video, loop=False, realtime=False)
    pipeline = LivePipeline(source, reader, LiveConfig(settle=settle) if settle else None)
    rolls: list[tuple[SettledRoll, float]] = []
    totals = {"decode": 0.0, "process": 0.0}
    still: list[float] = []
    moving: list[float] = []
    frames = 0
    size = (0, 0)
    source.open()
    start = time.perf_counter()
    try:
        while True:
            t0 = time.perf_counter()
            frame = source.read()
            t1 = time.perf_counter()
            if frame is None:
                break
            event = pipeline.process(frame)
            t2 = time.perf_counter()
            totals["decode"] += (t1 - t0) * 1000
            totals["process"] += (t2 - t1) * 1000
            frames += 1
            (moving if pipeline.still_view(0.0) is None else still).append((t2 - t1) * 1000)
            size = frame.size_wh
            if isinstance(event, SettledRoll):
                rolls.append((event, (t2 - t1) * 1000))
    finally:
        source.close()
    seconds = time.perf_counter() - start
    sidecar = _sidecar(video)
    timings = tuple(_timing(roll, ms, sidecar) for roll, ms in rolls)
    stage_ms = {k: v / max(frames, 1) for k, v in totals.items()}
    return LiveBench(
        video.name,
        frames,
        size,
        seconds,
        stage_ms,
        timings,
        len(sidecar),
        tuple(still),
        tuple(moving),
    )


def _timing(roll: SettledRoll, process_ms: float, still: list[dict[str, object]]) -> RollTiming:
    dice = tuple(sorted((d.colour.value, d.pips) for d in roll.reading))
    flagged = roll.needs_review
    before = [s for s in still if float(str(s["t_s"])) * 1000 <= roll.t_ms]
    if not before:
        return RollTiming(roll.t_ms, roll.delay_ms + process_ms, dice, None, flagged)
    moment = before[-1]
    stopped_ms = float(str(moment["t_s"])) * 1000
    expected_raw = moment["dice"]
    assert isinstance(expected_raw, list)
    expected = tuple(sorted((str(c), int(p)) for c, p in expected_raw))
    return RollTiming(roll.t_ms, roll.t_ms - stopped_ms + process_ms, dice, expected, flagged)
