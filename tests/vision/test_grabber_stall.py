"""A stream that stays open but sends nothing (issue #24 item 4) is reported lost within 2 s,
not after OpenCV's 30 s read timeout, and ok again with its next frame."""

from __future__ import annotations

import threading
import time

import numpy as np

from vision.sources import Frame, LatestFrameGrabber, SourceState, SourceStatus, now_ms


class StallingStream:
    """A live source: a few frames, then a read that blocks until `resume` is set."""

    def __init__(self, frames_before: int) -> None:
        self.frames_before = frames_before
        self.resume = threading.Event()
        self.closed = threading.Event()
        self._index = 0

    @property
    def name(self) -> str:
        return "stalling stream"

    @property
    def is_live(self) -> bool:
        return True

    def open(self) -> None:
        pass

    def read(self) -> Frame | None:
        if self._index >= self.frames_before:
            while not (self.resume.wait(0.01) or self.closed.is_set()):
                pass
            if self.closed.is_set():
                return None
        time.sleep(0.005)
        self._index += 1
        return Frame(np.zeros((2, 2, 3), np.uint8), self._index, now_ms(), now_ms())

    def close(self) -> None:
        self.closed.set()


def state(grabber: LatestFrameGrabber) -> SourceState:
    return grabber.status.state  # read afresh each time: another thread changes it


def test_a_stalled_stream_is_lost_within_two_seconds_and_ok_again() -> None:
    statuses: list[SourceStatus] = []
    source = StallingStream(frames_before=5)
    grabber = LatestFrameGrabber(source, on_status=statuses.append)
    with grabber:
        while state(grabber) is not SourceState.OK:
            grabber.get(timeout=0.1)
        last_frame = time.monotonic()
        while state(grabber) is SourceState.OK:
            grabber.get(timeout=0.2)  # the consumer polls as the live pipeline does
            assert time.monotonic() - last_frame < 3.0, "a stall took more than 3 s to report"
        stalled_after = time.monotonic() - last_frame
        assert 1.5 <= stalled_after < 2.8
        assert state(grabber) is SourceState.LOST
        assert "stalled" in grabber.status.reason
        source.resume.set()
        while state(grabber) is not SourceState.OK:
            grabber.get(timeout=0.2)
    assert [s.state for s in statuses][:3] == [SourceState.OK, SourceState.LOST, SourceState.OK]


class SlowFile(StallingStream):
    """A file or folder, paced: waiting for its next frame is not a stall."""

    @property
    def is_live(self) -> bool:
        return False


def test_a_file_that_waits_is_not_a_stall() -> None:
    source = SlowFile(frames_before=2)
    with LatestFrameGrabber(source, stall_s=0.2) as grabber:
        deadline = time.monotonic() + 0.6
        while time.monotonic() < deadline:
            grabber.get(timeout=0.1)
        assert state(grabber) is SourceState.OK
        source.resume.set()
