"""What a phone's frame costs the server beside a webcam's: the same frames of a video, once as
a webcam gives them (decoded by the capture, then read) and once as a phone's camera page sends
them (a JPEG at the page's size and quality, checked and decoded by `PhoneSource.push`, then
read). Encoding the JPEG is the phone's work and is not counted; its size is what the link
carries.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.reading_protocol import Reader
from vision.sources import PhoneLimits, PhoneSource, VideoFileSource

PAGE_MAX_SIDE = 1280  # what web/static/js/phone-camera.js sends at most
PAGE_QUALITY = 80  # its toBlob("image/jpeg", 0.8)


@dataclass(frozen=True)
class PhoneBench:
    video: str
    frames: int
    frame_size: tuple[int, int]
    webcam_decode_ms: float
    webcam_read_ms: float
    phone_decode_ms: float
    phone_read_ms: float
    jpeg_kb: float
    same_dice: int  # frames whose dice read the same both ways

    def lines(self, fps: float = 10.0) -> list[str]:
        w, h = self.frame_size
        webcam = self.webcam_decode_ms + self.webcam_read_ms
        phone = self.phone_decode_ms + self.phone_read_ms
        mbit = self.jpeg_kb * 8 * fps / 1000
        return [
            f"server cost per frame on {self.video}: {self.frames} frames of {w}x{h}",
            f"  webcam frame: decode {self.webcam_decode_ms:6.2f} ms + read "
            f"{self.webcam_read_ms:6.2f} ms = {webcam:6.2f} ms",
            f"  phone frame:  decode {self.phone_decode_ms:6.2f} ms + read "
            f"{self.phone_read_ms:6.2f} ms = {phone:6.2f} ms (JPEG checked and decoded)",
            f"  a phone frame is {self.jpeg_kb:.0f} KB (JPEG quality {PAGE_QUALITY}): "
            f"{mbit:.1f} Mbit/s at {fps:g} frames a second",
            f"  dice read the same both ways on {self.same_dice} of {self.frames} frames",
        ]


def _page_jpeg(frame_bgr: np.ndarray) -> bytes:
    h, w = frame_bgr.shape[:2]
    scale = min(1.0, PAGE_MAX_SIDE / max(h, w))
    if scale < 1:
        frame_bgr = cv2.resize(frame_bgr, (round(w * scale), round(h * scale)))
    ok, data = cv2.imencode(".jpg", frame_bgr, [cv2.IMWRITE_JPEG_QUALITY, PAGE_QUALITY])
    if not ok:
        raise ValueError("OpenCV could not encode a frame as JPEG")
    return data.tobytes()


def _dice(reader: Reader, frame_bgr: np.ndarray) -> tuple[float, tuple[tuple[str, int], ...]]:
    t0 = time.perf_counter()
    reading = reader.read(frame_bgr)
    ms = (time.perf_counter() - t0) * 1000
    return ms, tuple(sorted((d.colour.value, d.pips) for d in reading))


def bench_phone(video: Path, reader: Reader, frames: int = 30) -> PhoneBench:
    """Time `frames` frames of `video` both ways (spread over it, at most a second apart)."""
    source = VideoFileSource(video, loop=False, realtime=False)
    # No rate limit here: the frames are timed, not paced.
    phone = PhoneSource("bench phone", PhoneLimits(max_fps=120, burst=frames))
    total = int(cv2.VideoCapture(str(video)).get(cv2.CAP_PROP_FRAME_COUNT)) or frames
    step = max(1, min(total // frames, 30))  # spread over the video, a second apart at most
    sums = dict.fromkeys(("wd", "wr", "pd", "pr", "kb"), 0.0)
    count, same, size = 0, 0, (0, 0)
    source.open()
    try:
        index = 0
        while count < frames:
            t0 = time.perf_counter()
            frame = source.read()
            decode_ms = (time.perf_counter() - t0) * 1000
            if frame is None:
                break
            index += 1
            if (index - 1) % step:
                continue
            read_ms, webcam_dice = _dice(reader, frame.frame_bgr)
            data = _page_jpeg(frame.frame_bgr)
            t1 = time.perf_counter()
            pushed = phone.push(data, t_ms=count * 1000.0)
            phone_ms = (time.perf_counter() - t1) * 1000
            phone_read_ms, phone_dice = _dice(reader, pushed.frame_bgr)
            for key, value in (("wd", decode_ms), ("wr", read_ms), ("pd", phone_ms),
                               ("pr", phone_read_ms), ("kb", len(data) / 1024)):  # fmt: skip
                sums[key] += value
            same += webcam_dice == phone_dice
            size = frame.size_wh
            count += 1
    finally:
        source.close()
    n = max(count, 1)
    return PhoneBench(
        video.name, count, size, sums["wd"] / n, sums["wr"] / n, sums["pd"] / n,
        sums["pr"] / n, sums["kb"] / n, same,
    )  # fmt: skip
