"""The live table: frames in, a reading per frame, settle detection, settled rolls out.

`LivePipeline.process(frame)` is the synchronous core (used by `dicetable watch` on files and by
tests); `start()` runs it on a background thread over a `LatestFrameGrabber`, so a slow read
drops stale frames instead of building up latency. Annotated frames are encoded to JPEG only as
often as someone asks for them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.annotate import annotate
from vision.motion import MotionMeter
from vision.reading_protocol import ChangeReader, Reader
from vision.settle import RollCorrected, SettleConfig, SettleDetector, SettledRoll, SettleEvent
from vision.sources import Frame, FrameSource, LatestFrameGrabber, SourceStatus
from vision.sources.images import ImageFolderSource
from vision.still_dice import Unchanged
from vision.types import DiceReading

DEMO_VIDEO = Path(__file__).resolve().parents[2] / "models" / "demo" / "ryb-demo.mp4"

Caption = Callable[[DiceReading], Sequence[str]]
RollCallback = Callable[[SettledRoll], None]
CorrectionCallback = Callable[[RollCorrected], None]


@dataclass(frozen=True)
class LiveConfig:
    settle: SettleConfig = field(default_factory=SettleConfig)
    jpeg_quality: int = 75
    jpeg_max_side: int = 960
    jpeg_idle_s: float = 2.0  # stop encoding frames when nobody asked for one this long


@dataclass
class _Stats:
    frames: int = 0
    started: float = field(default_factory=time.perf_counter)
    last_ms: float = 0.0
    rolls: int = 0

    def fps(self) -> float:
        elapsed = time.perf_counter() - self.started
        return self.frames / elapsed if elapsed > 0 else 0.0


class LivePipeline:
    def __init__(
        self,
        source: FrameSource,
        reader: Reader,
        config: LiveConfig | None = None,
        caption: Caption | None = None,
    ) -> None:
        self.source = source
        self.reader = reader
        self.config = config or LiveConfig()
        self._caption = caption or (lambda _reading: ())
        self._settle = SettleDetector(self.config.settle)
        self._motion = MotionMeter()
        # What the last read leaves for the next (`vision.still_dice`): dice lying as they lay
        # keep their readings, so a still table costs the finder and little else.
        self._unchanged: Unchanged | None = None
        self._callbacks: list[RollCallback] = []
        self._corrections: list[CorrectionCallback] = []
        self._lock = threading.Lock()
        self._latest: tuple[npt.NDArray[np.uint8], DiceReading] | None = None
        # Frame time since which the picture has held still (None: it moves now).
        self._still_since: float | None = None
        self._jpeg: bytes | None = None
        self._jpeg_frame = -1
        self._wanted = 0.0
        self._stats = _Stats()
        self._source_status: SourceStatus | None = None
        self._grabber: LatestFrameGrabber | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.demo = False  # plays the bundled demo recording (`open_live_feed` with no spec)
        # A folder of photos: each picture is a scene of its own, already still (one frame
        # each, so the settle detector, which waits for a still run of frames, would see none).
        self.stills = isinstance(source, ImageFolderSource)

    def subscribe(
        self, callback: RollCallback, *, corrections: CorrectionCallback | None = None
    ) -> None:
        """`callback` gets every settled roll; `corrections`, each later word on a roll's
        unsure dice (`vision.settle.RollCorrected`)."""
        self._callbacks.append(callback)
        if corrections is not None:
            self._corrections.append(corrections)

    def process(self, frame: Frame) -> SettleEvent | None:
        """Read one frame and move the settle detector on; calls subscribers on a roll."""
        if self.stills:
            return self._still_picture(frame)
        reading = self._read(frame.frame_bgr)
        motion = self._motion.update(frame.frame_bgr)
        event = self._settle.update(
            frame.t_ms, reading, motion, frame_index=frame.index, frame_bgr=frame.frame_bgr
        )
        moving = motion is not None and motion > self.config.settle.still_motion
        with self._lock:
            self._latest = (frame.frame_bgr, reading)
            if moving:
                self._still_since = None
            elif self._still_since is None or frame.t_ms < self._still_since:
                self._still_since = frame.t_ms
            self._stats.frames += 1
            self._stats.last_ms = frame.t_ms
        if isinstance(event, SettledRoll):
            self._stats.rolls += 1
            for callback in list(self._callbacks):
                callback(event)
        elif isinstance(event, RollCorrected):
            for correct in list(self._corrections):
                correct(event)
        return event

    def _still_picture(self, frame: Frame) -> SettledRoll | None:
        """A photo with dice is a settled roll as it is; one without is an empty table."""
        reading = self.reader.read(frame.frame_bgr)
        with self._lock:
            self._latest = (frame.frame_bgr, reading)
            self._still_since = frame.t_ms
            self._stats.frames += 1
            self._stats.last_ms = frame.t_ms
        if not reading.dice:
            return None
        self._stats.rolls += 1
        roll = SettledRoll(
            frame.t_ms, frame.t_ms, frame.index, frame.frame_bgr, reading,
            roll_id=self._stats.rolls,
        )  # fmt: skip
        for callback in list(self._callbacks):
            callback(roll)
        return roll

    def _read(self, frame_bgr: npt.NDArray[np.uint8]) -> DiceReading:
        if not isinstance(self.reader, ChangeReader):
            return self.reader.read(frame_bgr)
        reading, self._unchanged = self.reader.read_changed(frame_bgr, self._unchanged)
        return reading

    def latest_reading(self) -> DiceReading | None:
        """The dice of the newest frame read (None before the first)."""
        with self._lock:
            return None if self._latest is None else self._latest[1]

    def latest_frame(self) -> npt.NDArray[np.uint8] | None:
        """The newest frame read, as the camera gave it (None before the first)."""
        with self._lock:
            return None if self._latest is None else self._latest[0]

    def still_view(self, min_ms: float) -> tuple[npt.NDArray[np.uint8], DiceReading] | None:
        """The newest frame and its dice once the picture has held still for `min_ms` of frame
        time (no hand reaching in, no die rolling); None while it moves or before a frame."""
        with self._lock:
            if self._latest is None or self._still_since is None:
                return None
            if self._stats.last_ms - self._still_since + 1e-6 < min_ms:
                return None
            return self._latest

    def latest_jpeg(self) -> bytes | None:
        """The newest frame, annotated, as JPEG (encoded at most once per frame)."""
        self._wanted = time.monotonic()
        with self._lock:
            latest, index = self._latest, self._stats.frames
            if latest is None:
                return None
            if self._jpeg is not None and self._jpeg_frame == index:
                return self._jpeg
        frame, reading = latest
        data = self._encode(annotate(frame, reading, self._caption(reading)))
        with self._lock:
            self._jpeg, self._jpeg_frame = data, index
        return data

    def _encode(self, frame: npt.NDArray[np.uint8]) -> bytes:
        h, w = frame.shape[:2]
        scale = self.config.jpeg_max_side / max(h, w)
        if scale < 1:
            frame = np.asarray(cv2.resize(frame, (round(w * scale), round(h * scale))), np.uint8)
        ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, self.config.jpeg_quality])
        return buf.tobytes() if ok else b""

    def status(self) -> dict[str, object]:
        src = self._grabber.status if self._grabber else self._source_status
        return {
            "source": self.source.name,
            "camera": src.state.value if src else "starting",
            "detail": str(src) if src else "",
            "state": self._settle.state.value,
            "fps": round(self._stats.fps(), 1),
            "frames": self._stats.frames,
            "rolls": self._stats.rolls,
        }

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stats = _Stats()
        self._grabber = LatestFrameGrabber(self.source, on_status=self._on_status).start()
        self._thread = threading.Thread(target=self._run, name="dicetable-live", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._grabber is not None:
            self._grabber.stop()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._thread = None

    def _on_status(self, status: SourceStatus) -> None:
        self._source_status = status
        print(f"camera: {status}", flush=True)

    def _run(self) -> None:
        assert self._grabber is not None
        while not self._stop.is_set():
            frame = self._grabber.get(timeout=0.5)
            if frame is None:
                continue
            try:
                self.process(frame)
            except Exception as exc:  # a bad frame or callback must not stop the table
                print(f"live: frame {frame.index} skipped: {exc!r}", flush=True)


def open_live_feed(
    spec: str | None,
    reader: Reader | None = None,
    config: LiveConfig | None = None,
    caption: Caption | None = None,
) -> LivePipeline:
    """The pipeline over `spec` (as `open_source` reads it), or the bundled demo on a loop.
    `caption` gives the lines written on annotated frames (the game's totals, say)."""
    from vision.reader import load_default_reader
    from vision.sources import VideoFileSource, open_source

    if spec is None:
        source: FrameSource = VideoFileSource(DEMO_VIDEO, loop=True, realtime=True)
    else:
        source = open_source(spec, loop=False, realtime=True, phone=True)
    pipeline = LivePipeline(source, reader or load_default_reader(), config, caption)
    pipeline.demo = spec is None
    return pipeline
