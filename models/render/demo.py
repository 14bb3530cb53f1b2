"""A short demo video of RYB turns: each throws two to eight red, yellow and blue dice, lets
them lie about two seconds, then a hand sweeps them away."""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from models.render.animation import VIDEO_CONFIG, TableAnimation, frame_of
from models.render.events import Event, Sweep, Throw
from vision.types import Colour

RYB = (Colour.RED, Colour.YELLOW, Colour.BLUE)
FOURCC = "mp4v"  # what opencv-python-headless's bundled FFmpeg can write (no H.264 encoder)
SETTLE_WAIT_S = 2.0
LONGEST_ROLL_S = 1.7  # stagger plus the slowest roll in `animation.plan._throw`


@dataclass(frozen=True)
class StillTable:
    """The table at a moment it went still: the dice lying there (colour name, pips)."""

    t_s: float
    dice: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class DemoSummary:
    path: Path
    frames: int
    seconds: float
    megabytes: float
    render_s: float
    throws: tuple[tuple[str, ...], ...]
    still: tuple[StillTable, ...] = ()

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
    still_at = {frame_of(t, fps): t for t in anim.still_from_s}
    still: list[StillTable] = []
    try:
        for frame in anim.frames():
            writer.write(frame.scene.image_bgr)
            if frame.index in still_at:
                dice = sorted((d.colour.value, d.pips) for d in frame.scene.visible_dice)
                still.append(StillTable(still_at[frame.index], tuple(dice)))
    finally:
        writer.release()
    _shrink(tmp)
    tmp.replace(path)
    throws = tuple(tuple(c.value for c in ev.colours) for ev in events if isinstance(ev, Throw))
    summary = DemoSummary(
        path,
        anim.n_frames,
        anim.duration_s,
        path.stat().st_size / 1e6,
        time.perf_counter() - start,
        throws,
        tuple(still),
    )
    write_sidecar(summary, fps)
    return summary


def sidecar_path(video: Path) -> Path:
    return video.with_suffix(".json")


def write_sidecar(summary: DemoSummary, fps: float) -> Path:
    """What the video shows, for benchmarks: each throw's dice and when the table went still."""
    data = {
        "video": summary.path.name,
        "fps": fps,
        "frames": summary.frames,
        "throws": [list(t) for t in summary.throws],
        "still": [
            {"t_s": round(s.t_s, 4), "dice": [list(d) for d in s.dice]} for s in summary.still
        ],
    }
    path = sidecar_path(summary.path)
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def _shrink(video: Path) -> None:
    """Re-encode with H.264 when ffmpeg is installed (a development tool, not a dependency):
    OpenCV's mp4v keeps the renderer's sensor noise at about 0.8 MB a second, H.264 at a sixth
    of that. OpenCV's bundled decoder reads either."""
    ffmpeg = shutil.which("ffmpeg")
    if ffmpeg is None:
        return
    small = video.with_name(video.stem + ".h264.mp4")
    command = [ffmpeg, "-loglevel", "error", "-y", "-i", str(video), "-c:v", "libx264"]
    command += ["-preset", "slow", "-crf", "26", "-pix_fmt", "yuv420p", "-an", str(small)]
    if subprocess.run(command, check=False).returncode == 0:
        small.replace(video)
