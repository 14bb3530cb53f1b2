"""A short demo video of RYB turns: each throws two to eight red, yellow and blue dice, lets
them lie about two seconds, then a hand sweeps them away."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from models.render.animation import VIDEO_CONFIG, TableAnimation
from models.render.events import Event, Sweep, Throw
from vision.types import Colour

RYB = (Colour.RED, Colour.YELLOW, Colour.BLUE)
FOURCC = "mp4v"  # what opencv-python-headless's bundled FFmpeg can write (no H.264 encoder)
SETTLE_WAIT_S = 2.0
LONGEST_ROLL_S = 1.7  # stagger plus the slowest roll in `animation_plan._throw`


@dataclass(frozen=True)
class DemoSummary:
    path: Path
    frames: int
    seconds: float
    megabytes: float
    render_s: float
    throws: tuple[tuple[str, ...], ...]

    def __str__(self) -> str:
        return (
            f"{self.path}: {len(self.throws)} turns, {self.frames} frames, {self.seconds:.1f} s "
            f"of video, {self.megabytes:.1f} MB, rendered in {self.render_s:.0f} s"
        )


def ryb_turns(rng: np.random.Generator, turns: int) -> tuple[list[Event], float]:
    """Events for `turns` RYB turns and the video length that holds them."""
    events: list[Event] = []
    t = 0.3
    for _ in range(turns):
        n = int(rng.integers(2, 9))
        colours = tuple(RYB[int(i)] for i in rng.integers(0, 3, n))
        events.append(Throw(t, colours))
        sweep_at = t + LONGEST_ROLL_S + SETTLE_WAIT_S
        events.append(Sweep(sweep_at, 1.2))
        t = sweep_at + 1.6
    return events, t


def write_demo(
    path: Path,
    seed: int = 0,
    turns: int = 6,
    fps: float = 30.0,
    size: tuple[int, int] = (1280, 720),
) -> DemoSummary:
    """Render the demo to `path` (.mp4). Written to a temporary name first, so a failure leaves
    nothing half-written at `path`."""
    if path.suffix.lower() != ".mp4":
        raise ValueError(f"demo video path must end in .mp4, got {str(path)!r}")
    if not path.parent.is_dir():
        raise ValueError(f"folder {str(path.parent)!r} does not exist")
    if not 1 <= turns <= 12:
        raise ValueError(f"turns must be 1..12, got {turns!r}")
    rng = np.random.default_rng(seed)
    events, duration = ryb_turns(rng, turns)
    cfg = replace(VIDEO_CONFIG, width=size[0], height=size[1])
    anim = TableAnimation(rng, events, duration, cfg, fps)
    tmp = path.with_name(f".{path.name}.part.mp4")
    writer = cv2.VideoWriter(str(tmp), cv2.VideoWriter.fourcc(*FOURCC), fps, size)
    if not writer.isOpened():
        raise OSError(f"OpenCV cannot write {FOURCC} video to {tmp}")
    start = time.perf_counter()
    try:
        for frame in anim.frames():
            writer.write(frame.scene.image_bgr)
    finally:
        writer.release()
    tmp.replace(path)
    throws = tuple(tuple(c.value for c in ev.colours) for ev in events if isinstance(ev, Throw))
    return DemoSummary(
        path,
        anim.n_frames,
        anim.duration_s,
        path.stat().st_size / 1e6,
        time.perf_counter() - start,
        throws,
    )
