"""The background grabber: newest frame only, lost/ok reporting with backoff, prompt stop."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np
import pytest

from vision.sources import (
    Frame,
    LatestFrameGrabber,
    RetryPolicy,
    SourceError,
    SourceState,
    SourceStatus,
    SyntheticSource,
    now_ms,
)

TINY = RetryPolicy(first_s=0.001, factor=2.0, max_s=0.004)


class FlakySource:
    """A live source that breaks on a script: the first session gives `good_frames` frames and
    then its read raises; the next `bad_opens` opens fail; after that it works for ever."""

    def __init__(self, good_frames: int, bad_opens: int) -> None:
        self.good_frames = good_frames
        self.bad_opens = bad_opens
        self.opens = 0
        self.closes = 0
        self._left: int | None = None
        self._index = 0

    @property
    def name(self) -> str:
        return "flaky cam"

    @property
    def is_live(self) -> bool:
        return True

    def open(self) -> None:
        self.opens += 1
        if 1 < self.opens <= 1 + self.bad_opens:
            raise SourceError("device busy")
        self._left = self.good_frames if self.opens == 1 else None

    def read(self) -> Frame | None:
        if self._left is not None:
            if self._left == 0:
                raise OSError("cable pulled")
            self._left -= 1
        time.sleep(0.001)
        self._index += 1
        return Frame(np.zeros((2, 2, 3), np.uint8), self._index, now_ms(), now_ms())

    def close(self) -> None:
        self.closes += 1


def wait_until(check: Callable[[], bool], timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.002)


def collect_statuses() -> tuple[list[SourceStatus], LatestFrameGrabber, FlakySource]:
    statuses: list[SourceStatus] = []
    source = FlakySource(good_frames=3, bad_opens=2)
    grabber = LatestFrameGrabber(source, on_status=statuses.append, retry=TINY)
    return statuses, grabber, source


def test_lost_camera_is_reported_retried_and_recovered() -> None:
    statuses, grabber, source = collect_statuses()
    with grabber:
        wait_until(lambda: source.opens == 4 and grabber.status.state is SourceState.OK)
        assert grabber.get(timeout=1.0) is not None
    summary = [(s.state.value, s.reason, s.retries) for s in statuses]
    assert summary == [
        ("ok", "", 0),
        ("lost", "read failed: cable pulled", 0),
        ("lost", "open failed: device busy", 1),
        ("lost", "open failed: device busy", 2),
        ("ok", "", 3),
        ("stopped", "", 0),
    ]
    assert str(statuses[2]) == "flaky cam: lost (open failed: device busy; 1 retries)"
    assert source.closes >= 2


def test_gives_up_after_max_retries_and_frames_ends() -> None:
    source = FlakySource(good_frames=2, bad_opens=99)
    grabber = LatestFrameGrabber(source, retry=RetryPolicy(0.001, 2.0, 0.002, max_retries=3))
    with grabber:
        got = list(grabber.frames(poll_s=0.01))
    assert 1 <= len(got) <= 2
    assert grabber.status.state is SourceState.FAILED
    assert grabber.status.reason == "gave up: open failed: device busy"
    assert source.opens == 4


def test_a_failing_status_callback_never_stops_capture() -> None:
    def explode(status: SourceStatus) -> None:
        raise RuntimeError(f"listener broke on {status}")

    source = FlakySource(good_frames=2, bad_opens=1)
    with LatestFrameGrabber(source, on_status=explode, retry=TINY) as grabber:
        wait_until(lambda: source.opens == 3 and grabber.status.state is SourceState.OK)
        assert grabber.get(timeout=1.0) is not None


def test_a_finite_source_ends_and_no_frame_is_handed_twice() -> None:
    images = [np.full((2, 2, 3), i, np.uint8) for i in range(3)]
    release = threading.Event()

    def make(i: int) -> np.ndarray | None:
        if i == len(images):
            release.wait(5.0)
            return None
        return images[i]

    with LatestFrameGrabber(SyntheticSource(make)) as grabber:
        wait_until(lambda: grabber.dropped == 2)
        first = grabber.get(timeout=1.0)
        again = grabber.get(timeout=0.05)
        release.set()
        after_end = grabber.get(timeout=5.0)
        assert first is not None
        assert first.index == 2
        assert (again, after_end) == (None, None)
        assert grabber.status.state is SourceState.ENDED


def test_slow_consumer_always_gets_the_newest_frame() -> None:
    made: list[int] = []

    def make(i: int) -> np.ndarray:
        made.append(i)
        return np.zeros((4, 4, 3), np.uint8)

    source = SyntheticSource(make, fps=200.0, realtime=True, live=True)
    lags: list[int] = []
    indices: list[int] = []
    with LatestFrameGrabber(source) as grabber:
        for _ in range(6):
            time.sleep(0.08)
            newest_begun = len(made) - 1
            frame = grabber.get(timeout=1.0)
            assert frame is not None
            # Frame `newest_begun` may still be in the source's read; the one before it is stored.
            lags.append(newest_begun - frame.index)
            indices.append(frame.index)
    assert all(b > a for a, b in pairwise(indices))
    # A queue would hand out frames 0..5 while the source had made about 16 per sleep.
    assert max(lags) <= 1
    assert grabber.dropped >= 6


@pytest.mark.parametrize(
    ("good_frames", "state"),
    [(10**9, SourceState.OK), (1, SourceState.LOST)],
    ids=["streaming", "waiting-30s-to-retry"],
)
def test_stop_returns_promptly(good_frames: int, state: SourceState) -> None:
    source = FlakySource(good_frames, bad_opens=0)
    retry = RetryPolicy(first_s=30.0, max_s=30.0)
    grabber = LatestFrameGrabber(source, retry=retry).start()
    wait_until(lambda: grabber.status.state is state)
    time.sleep(0.02)
    start = time.monotonic()
    assert grabber.stop(timeout=2.0)
    assert time.monotonic() - start < 0.5
    assert grabber.status.state is SourceState.STOPPED
    grabber.get(timeout=0.0)
    assert grabber.get(timeout=0.0) is None


def test_start_twice_is_refused_and_stop_before_start_is_harmless() -> None:
    grabber = LatestFrameGrabber(FlakySource(1, 0))
    assert grabber.stop()
    grabber.start()
    with pytest.raises(RuntimeError, match="already started"):
        grabber.start()
    grabber.stop()


@pytest.mark.parametrize(
    ("policy", "delays"),
    [
        (RetryPolicy(), [0.5, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0]),
        (RetryPolicy(first_s=0.1, factor=3.0, max_s=1.0), [0.1, 0.3, 0.9, 1.0, 1.0, 1.0, 1.0]),
        (RetryPolicy(first_s=0.2, factor=1.0, max_s=0.2), [0.2] * 7),
    ],
)
def test_backoff_grows_and_is_capped(policy: RetryPolicy, delays: list[float]) -> None:
    assert [policy.delay_s(n) for n in range(1, 8)] == pytest.approx(delays)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first_s": 5.0, "max_s": 1.0}, "need 0 <= first_s <= max_s, got 5.0, 1.0"),
        ({"factor": 0.5}, "factor must be 1 or more, got 0.5"),
        ({"max_retries": -1}, "max_retries must be 0 or more, got -1"),
    ],
)
def test_retry_policy_validates(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RetryPolicy(**kwargs)
