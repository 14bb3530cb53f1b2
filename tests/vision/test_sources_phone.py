"""A phone's page as a frame source: what it takes, what it refuses (and that a refusal
changes nothing), and that the grabber hands its frames on and reports it lost and back."""

from __future__ import annotations

import threading
import time

import cv2
import numpy as np
import pytest

from vision.sources import (
    FrameRefusedError,
    LatestFrameGrabber,
    PhoneLimits,
    PhoneSource,
    SourceSpecError,
    SourceState,
    SourceStatus,
    open_source,
)
from vision.sources.phone import jpeg_size


def jpeg(width: int = 64, height: int = 48, value: int = 120) -> bytes:
    image = np.full((height, width, 3), value, np.uint8)
    ok, data = cv2.imencode(".jpg", image)
    assert ok
    return data.tobytes()


def test_a_pushed_jpeg_is_the_next_frame_read() -> None:
    source = PhoneSource()
    source.open()
    frame = source.push(jpeg(80, 60), t_ms=1000.0)
    got = source.read()
    assert got is frame and got.size_wh == (80, 60) and got.index == 0 and got.t_ms == 1000.0
    assert source.frames_taken == 1 and source.is_live
    assert open_source("phone", phone=True).name == "phone"
    with pytest.raises(SourceSpecError, match="only `dicetable serve --source phone`"):
        open_source("phone")


def test_only_the_newest_frame_is_kept_and_close_ends_the_read() -> None:
    source = PhoneSource()
    source.open()
    source.push(jpeg(value=10), t_ms=0.0)
    source.push(jpeg(value=200), t_ms=100.0)
    got = source.read()
    assert got is not None and got.index == 1
    threading.Timer(0.05, source.close).start()
    assert source.read() is None


HUGE_HEADER = jpeg(16, 16).replace(b"\x00\x10\x00\x10", b"\x27\x10\x27\x10", 1)  # 10000x10000


@pytest.mark.parametrize(
    ("data", "reason", "words"),
    [
        (b"", "not-jpeg", "not a JPEG"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 40, "not-jpeg", "not a JPEG"),
        (b"GIF89a" + b"\x00" * 40, "not-jpeg", "not a JPEG"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF" + b"\x00" * 30, "not-jpeg", "no frame header"),
        (jpeg()[:200], "not-jpeg", "damaged"),
        (HUGE_HEADER, "too-large", "10000x10000 pixels"),
        (b"\xff\xd8" + b"\x00" * 2_000_000, "too-large", "2,000,002 bytes"),
    ],
)
def test_a_bad_frame_is_refused_and_changes_nothing(data: bytes, reason: str, words: str) -> None:
    source = PhoneSource()
    source.open()
    good = source.push(jpeg(), t_ms=0.0)
    with pytest.raises(FrameRefusedError, match=words) as refused:
        source.push(data, t_ms=1000.0)
    assert refused.value.reason == reason
    assert source.read() is good and source.frames_taken == 1 and source.refused == 1


def test_frames_faster_than_the_rate_are_refused_until_time_passes() -> None:
    source = PhoneSource(limits=PhoneLimits(max_fps=10, burst=2))
    picture = jpeg()
    source.push(picture, t_ms=0.0)
    source.push(picture, t_ms=1.0)
    with pytest.raises(FrameRefusedError, match="faster than 10 a second") as refused:
        source.push(picture, t_ms=2.0)
    assert refused.value.reason == "too-frequent" and source.frames_taken == 2
    source.push(picture, t_ms=102.0)  # one frame's worth of time later
    assert source.frames_taken == 3
    # Ten a second for a second is taken whole.
    for i in range(10):
        source.push(picture, t_ms=1000.0 + 100.0 * i)
    assert source.frames_taken == 13


def test_jpeg_size_reads_the_header_of_progressive_pictures_too() -> None:
    image = np.zeros((30, 50, 3), np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    assert ok and jpeg_size(data.tobytes()) == (50, 30)


def state_of(grabber: LatestFrameGrabber) -> SourceState:
    return grabber.status.state


def test_the_grabber_hands_pushed_frames_on_and_reports_a_silent_phone_lost() -> None:
    source = PhoneSource()
    seen: list[SourceStatus] = []
    grabber = LatestFrameGrabber(source, on_status=seen.append, stall_s=0.3, watch_s=0.02)
    grabber.start()
    try:
        source.push(jpeg(), t_ms=0.0)
        first = grabber.get(timeout=2.0)
        assert first is not None and first.index == 0
        deadline = time.monotonic() + 3.0
        while grabber.status.state is not SourceState.LOST and time.monotonic() < deadline:
            time.sleep(0.02)
        assert state_of(grabber) is SourceState.LOST, seen
        source.push(jpeg(), t_ms=500.0)
        back = grabber.get(timeout=2.0)
        assert back is not None and back.index == 1 and state_of(grabber) is SourceState.OK
    finally:
        source.close()  # ends the read the grabber's thread waits in
        grabber.stop()
    assert [s.state for s in seen][:3] == [SourceState.OK, SourceState.LOST, SourceState.OK]
