"""Sources read real files written here: a video by cv2.VideoWriter, a folder of PNGs."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import (
    CameraSource,
    Frame,
    FrameSource,
    ImageFolderSource,
    SourceError,
    SourceSpecError,
    SyntheticSource,
    VideoFileSource,
    open_source,
)

SHADES = [10, 60, 110, 160, 210]


def shade(level: int, w: int = 32, h: int = 24) -> np.ndarray:
    return np.full((h, w, 3), level, np.uint8)


def write_video(path: Path, levels: list[int], fps: float) -> Path:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, (32, 24))
    assert writer.isOpened()
    for level in levels:
        writer.write(shade(level))
    writer.release()
    return path


def read_all(source: FrameSource, limit: int = 100) -> list[Frame]:
    source.open()
    try:
        frames: list[Frame] = []
        while len(frames) < limit and (frame := source.read()) is not None:
            frames.append(frame)
        return frames
    finally:
        source.close()


def level_of(frame: Frame) -> int:
    # MJPG is lossy: round the flat grey back to the nearest shade written.
    mean = float(frame.frame_bgr.mean())
    return min(SHADES, key=lambda s: abs(s - mean))


@pytest.fixture
def video(tmp_path: Path) -> Path:
    return write_video(tmp_path / "clip.avi", SHADES, fps=25.0)


def test_video_file_keeps_its_own_timing(video: Path) -> None:
    source = VideoFileSource(video, realtime=False)
    frames = read_all(source)
    assert [level_of(f) for f in frames] == SHADES
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [f.t_ms for f in frames] == pytest.approx([0, 40, 80, 120, 160])
    assert source.fps == 25.0
    assert not source.is_live
    assert source.name == "video clip.avi"


def test_looped_video_replays_with_time_still_growing(video: Path) -> None:
    frames = read_all(VideoFileSource(video, loop=True, realtime=False), limit=12)
    assert [level_of(f) for f in frames] == (SHADES * 3)[:12]
    assert [f.index for f in frames] == list(range(12))
    assert np.allclose(np.diff([f.t_ms for f in frames]), 40.0)


@pytest.mark.parametrize(("realtime", "at_least_s"), [(True, 0.9 * 4 / 50), (False, 0.0)])
def test_video_pacing(tmp_path: Path, realtime: bool, at_least_s: float) -> None:
    clip = write_video(tmp_path / "fast.avi", SHADES, fps=50.0)
    start = time.monotonic()
    frames = read_all(VideoFileSource(clip, realtime=realtime))
    elapsed = time.monotonic() - start
    assert len(frames) == 5
    assert elapsed >= at_least_s
    if realtime:
        # Paced to the video's clock: never ahead of it (a late frame may be followed by a
        # quick one that catches up, so single gaps can be short).
        since = np.array([f.captured_ms for f in frames]) - frames[0].captured_ms
        assert np.all(since >= np.arange(5) * 20 * 0.8)


def test_reading_before_open_names_the_source(video: Path) -> None:
    with pytest.raises(SourceError, match=r"video clip\.avi is not open"):
        VideoFileSource(video).read()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "shots"
    root.mkdir()
    for name, level in [("f10.png", 160), ("f2.png", 60), ("f1.png", 10), ("F3.PNG", 110)]:
        cv2.imwrite(str(root / name), shade(level))
    (root / "notes.txt").write_text("not an image")
    (root / "broken.png").write_bytes(b"not a png")
    (root / "inner").mkdir()
    cv2.imwrite(str(root / "inner" / "f0.png"), shade(210))
    outside = tmp_path / "elsewhere.png"
    cv2.imwrite(str(outside), shade(210))
    (root / "link.png").symlink_to(outside)
    return root


def test_image_folder_plays_its_own_images_in_natural_order(folder: Path) -> None:
    frames = read_all(ImageFolderSource(folder, fps=4.0, realtime=False))
    assert [level_of(f) for f in frames] == [10, 60, 110, 160]
    assert [f.t_ms for f in frames] == [0, 250, 500, 750]


def test_image_folder_loops(folder: Path) -> None:
    frames = read_all(ImageFolderSource(folder, loop=True, realtime=False), limit=9)
    assert [level_of(f) for f in frames] == [10, 60, 110, 160] * 2 + [10]
    assert [f.index for f in frames] == list(range(9))


def test_synthetic_source_from_a_callable_and_from_a_list() -> None:
    made = read_all(SyntheticSource(lambda i: shade(i) if i < 3 else None, fps=10.0))
    assert [int(f.frame_bgr[0, 0, 0]) for f in made] == [0, 1, 2]
    assert [f.t_ms for f in made] == [0, 100, 200]
    listed = SyntheticSource([shade(5), shade(6)])
    assert len(read_all(listed)) == 2
    assert len(read_all(listed)) == 2
    with pytest.raises(SourceError, match="not an HxWx3 uint8"):
        read_all(SyntheticSource([np.zeros((4, 4), np.float32)]))


def test_open_source_picks_the_kind(video: Path, folder: Path) -> None:
    assert isinstance(open_source(str(video)), VideoFileSource)
    assert isinstance(open_source(str(folder)), ImageFolderSource)
    camera = open_source(" 0 ")
    assert isinstance(camera, CameraSource)
    assert (camera.name, camera.is_live) == ("camera 0", True)
    stream = open_source("rtsp://user:secret@cam.local:554/live")
    assert stream.name == "stream rtsp://cam.local:554/live"
    made = SyntheticSource([shade(1)])
    assert open_source("synthetic:throws", synthetic={"throws": lambda: made}) is made


def test_open_source_applies_file_options(video: Path) -> None:
    source = open_source(str(video), loop=True, realtime=False)
    assert isinstance(source, VideoFileSource)
    assert len(read_all(source, limit=7)) == 7


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", "empty source"),
        ("missing.avi", "no such file or folder: 'missing.avi'"),
        ("notes.txt", "'notes.txt' is not a video file OpenCV can read"),
        ("empty", "folder 'empty' holds no image"),
        ("still.png", "'still.png' is a single image"),
        ("ftp://host/clip.mp4", "unsupported scheme 'ftp' in 'ftp://host/clip.mp4'"),
        ("http://", "stream URL 'http://' names no host"),
        ("rtsp://me:pw@/x", "stream URL 'rtsp:///x' names no host"),
        ("synthetic:nope", "unknown synthetic source 'nope' (known: none registered)"),
    ],
)
def test_open_source_rejects_bad_specs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spec: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("hello\n")
    (tmp_path / "empty").mkdir()
    cv2.imwrite(str(tmp_path / "still.png"), shade(1))
    with pytest.raises(SourceSpecError, match=re.escape(message)):
        open_source(spec)


def test_spec_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="missing"):
        open_source("missing")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ImageFolderSource(".", fps=0), "fps must be a positive number, got 0"),
        (lambda: SyntheticSource([], fps=float("nan")), "fps must be a positive number"),
        (lambda: CameraSource(-1), "camera index must be 0 or more, got -1"),
    ],
)
def test_constructors_validate(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()
