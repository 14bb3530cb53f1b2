"""A stream that stays open but sends nothing (issue #24 item 4) is reported lost within 2 s,
not after OpenCV's 30 s read timeout, and ok again with its next frame."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np
import pytest

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


class FakeClock:
    """The grabber's clock, moved by the test: a stall is a matter of its time, not the CPU's."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def wait_for(check: Callable[[], bool], within_s: float) -> bool:
    deadline = time.monotonic() + within_s
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


@pytest.mark.parametrize(
    ("quiet_s", "lost"),
    [(0.5, False), (1.9, False), (2.0, True), (2.1, True), (30.0, True)],
)
def test_the_watchdog_reports_a_stall_while_the_reader_is_busy(quiet_s: float, lost: bool) -> None:
    """Issue #32 item 10: under load the reader took 4.5 s to notice a stall. Here the reader
    never asks for a frame after the first (it is busy reading dice); the stall is reported on
    the grabber's clock alone, by its own watchdog, and its next frame makes it ok again."""
    clock = FakeClock()
    statuses: list[SourceStatus] = []
    source = StallingStream(frames_before=1)
    grabber = LatestFrameGrabber(source, on_status=statuses.append, clock=clock, watch_s=0.005)
    with grabber:
        assert wait_for(lambda: state(grabber) is SourceState.OK, 5.0)
        clock.now += quiet_s
        if lost:
            assert wait_for(lambda: state(grabber) is SourceState.LOST, 2.0)
            assert f"no frame for {quiet_s:.1f} s" in grabber.status.reason
            source.resume.set()
            assert wait_for(lambda: state(grabber) is SourceState.OK, 5.0)
        else:
            assert not wait_for(lambda: state(grabber) is SourceState.LOST, 0.2)
            source.resume.set()
    expected = [SourceState.OK, SourceState.LOST, SourceState.OK] if lost else [SourceState.OK]
    assert [s.state for s in statuses][: len(expected)] == expected


def test_a_slow_reader_does_not_delay_the_stall_report() -> None:
    """On the real clock: the consumer spends 4 s on one frame (a loaded machine); the stall is
    reported about 2 s after the last frame all the same."""
    source = StallingStream(frames_before=1)
    with LatestFrameGrabber(source) as grabber:
        assert grabber.get(timeout=5.0) is not None
        last_frame = time.monotonic()
        reported = wait_for(lambda: state(grabber) is SourceState.LOST, 4.0)
        stalled_after = time.monotonic() - last_frame
        source.resume.set()
    assert reported and 1.5 <= stalled_after < 2.8, stalled_after


def test_the_stall_settings_are_checked() -> None:
    for stall_s, watch_s in [(0.0, 0.1), (2.0, 0.0), (-1.0, 0.1)]:
        with pytest.raises(ValueError, match="stall_s > 0"):
            LatestFrameGrabber(SlowFile(1), stall_s=stall_s, watch_s=watch_s)
