"""A recording as Chromium's fake camera plays it: a `.y4m` file (`YUV4MPEG2`, 4:2:0 frames from
`cv2.COLOR_BGR2YUV_I420`), passed as `--use-file-for-fake-video-capture`. Chromium loops it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.live.pipeline import DEMO_VIDEO

Image = npt.NDArray[np.uint8]
SIZE_WH = (480, 270)


def write_y4m(path: Path, frames: Sequence[Image], fps: int) -> Path:
    """`frames` (BGR, all one even size) as an uncompressed y4m video at `fps`."""
    height, width = frames[0].shape[:2]
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
    return path


def demo_frames(start_s: float, end_s: float, fps: int, size_wh: tuple[int, int]) -> list[Image]:
    """The demo recording from `start_s` to `end_s`, at `fps`, scaled to `size_wh`."""
    return video_frames(DEMO_VIDEO, start_s, end_s, fps, size_wh)


def video_frames(
    video: Path, start_s: float, end_s: float, fps: int, size_wh: tuple[int, int]
) -> list[Image]:
    """`video` from `start_s` to `end_s` (or its end), at `fps`, scaled to `size_wh`."""
    capture = cv2.VideoCapture(str(video))
    native = capture.get(cv2.CAP_PROP_FPS) or 30.0
    length_s = capture.get(cv2.CAP_PROP_FRAME_COUNT) / native
    count = round((min(end_s, length_s) - start_s) * fps)
    wanted = [round(start_s * native + k * native / fps) for k in range(max(count, 0))]
    found: list[Image] = []
    index = 0
    while wanted and index <= wanted[-1]:
        ok, frame = capture.read()
        if not ok:
            break
        if index in wanted:
            small = cv2.resize(frame, size_wh, interpolation=cv2.INTER_AREA)
            found.append(np.asarray(small, np.uint8))
        index += 1
    capture.release()
    return found


def demo_scenes(fps: int = 5, hold_s: float = 14.0, tail_s: float = 4.0) -> list[Image]:
    """The demo's first throw, its dice lying still for `hold_s` (time for the link to be cut and
    come back), then its second throw, lying still for `tail_s` before the video loops."""
    first = demo_frames(0.0, 3.0, fps, SIZE_WH)
    second = demo_frames(3.0, 8.0, fps, SIZE_WH)
    held = [first[-1]] * round(hold_s * fps)
    return [*first, *held, *second, *[second[-1]] * round(tail_s * fps)]
