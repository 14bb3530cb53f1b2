"""Capture on a background thread, always hand out the newest frame, survive a lost camera.

The thread owns the source (OpenCV captures are not thread-safe): it opens, reads, closes and
reopens it. The consumer only calls `get()`, which returns the newest frame it has not had yet,
so a slow consumer skips frames instead of falling behind. Nothing raised by the source or by
the status callback leaves the thread: a failure becomes a `lost` status and a reopen with
exponential backoff, and the first frame after that becomes `ok` again.

A live source that stays open but sends nothing is reported lost by a watchdog thread of its
own, `stall_s` after its last frame: neither the capture thread (blocked in its read) nor the
consumer (busy reading dice, late under load) can be relied on to notice in time.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from vision.sources.base import Frame, FrameSource

log = logging.getLogger(__name__)


class SourceState(StrEnum):
    STARTING = "starting"
    OK = "ok"
    LOST = "lost"
    ENDED = "ended"
    FAILED = "failed"
    STOPPED = "stopped"


@dataclass(frozen=True, slots=True)
class SourceStatus:
    """What the grabber reports. `retries`: reopen attempts in the current outage (for `ok`,
    how many it took to recover)."""

    state: SourceState
    source: str
    reason: str = ""
    retries: int = 0

    def __str__(self) -> str:
        detail = f" ({self.reason}; {self.retries} retries)" if self.reason else ""
        return f"{self.source}: {self.state}{detail}"


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Waits between reopen attempts: `first_s`, then times `factor`, never above `max_s`.
    `max_retries=None` retries for ever (a camera may come back at any time)."""

    first_s: float = 0.5
    factor: float = 2.0
    max_s: float = 10.0
    max_retries: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.first_s <= self.max_s:
            raise ValueError(f"need 0 <= first_s <= max_s, got {self.first_s!r}, {self.max_s!r}")
        if self.factor < 1:
            raise ValueError(f"factor must be 1 or more, got {self.factor!r}")
        if self.max_retries is not None and self.max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {self.max_retries!r}")

    def delay_s(self, retry: int) -> float:
        """The wait before reopen attempt number `retry` (1, 2, ...)."""
        return float(min(self.first_s * self.factor ** max(retry - 1, 0), self.max_s))


StatusCallback = Callable[[SourceStatus], None]
Clock = Callable[[], float]
STALL_S = 2.0
# How often the watchdog looks (real seconds), so a stall is reported at most this late.
WATCH_S = 0.1


class LatestFrameGrabber:
    """`start()`, then `get(timeout)` or `frames()` from one consumer thread, then `stop()`."""

    def __init__(
        self,
        source: FrameSource,
        *,
        on_status: StatusCallback | None = None,
        retry: RetryPolicy | None = None,
        stall_s: float = STALL_S,
        clock: Clock = time.monotonic,
        watch_s: float = WATCH_S,
    ) -> None:
        if stall_s <= 0 or watch_s <= 0:
            raise ValueError(f"need stall_s > 0 and watch_s > 0, got {stall_s!r}, {watch_s!r}")
        self._source = source
        self._on_status = on_status
        self._retry = retry or RetryPolicy()
        # A live source open but giving no frame for `stall_s` is reported lost at once, while
        # its read may block for much longer (OpenCV's stream timeout is 30 s).
        self._stall_s = stall_s
        self._clock = clock
        self._watch_s = watch_s
        self._alive_at: float | None = None  # last sign of life while the source is open
        self._report_lock = threading.Lock()
        self._cond = threading.Condition()
        self._latest: Frame | None = None
        self._seq = 0
        self._seen = 0
        self._dropped = 0
        self._done = False
        self._retries = 0
        self._status = SourceStatus(SourceState.STARTING, source.name)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._watchdog: threading.Thread | None = None

    @property
    def status(self) -> SourceStatus:
        return self._status

    @property
    def dropped(self) -> int:
        """Frames captured and replaced by a newer one before anyone asked for them."""
        return self._dropped

    def start(self) -> LatestFrameGrabber:
        if self._thread is not None:
            raise RuntimeError(f"grabber for {self._source.name} was already started")
        self._thread = threading.Thread(
            target=self._run, name=f"grab {self._source.name}", daemon=True
        )
        self._thread.start()
        if self._source.is_live:
            self._watchdog = threading.Thread(
                target=self._watch, name=f"stall watch {self._source.name}", daemon=True
            )
            self._watchdog.start()
        return self

    def get(self, timeout: float | None = None) -> Frame | None:
        """The newest frame not handed out before; None after `timeout` s or once finished
        (a live source that stalled is reported lost then)."""
        with self._cond:
            self._cond.wait_for(lambda: self._seq > self._seen or self._done, timeout)
            if self._seq > self._seen:
                self._seen = self._seq
                return self._latest
        self.check_stall()
        return None

    def check_stall(self) -> bool:
        """Report a live source that is open but gave no frame for `stall_s` as lost; True if
        it is stalled. The next frame reports it ok again."""
        alive = self._alive_at
        if not self._source.is_live or alive is None:
            return False
        quiet = self._clock() - alive
        if quiet < self._stall_s:
            return False
        if self._status.state is not SourceState.LOST:
            self._report(SourceState.LOST, f"no frame for {quiet:.1f} s: the stream stalled")
        return True

    def frames(self, poll_s: float = 0.1) -> Iterator[Frame]:
        """Every frame `get` gives, until the source ends, fails for good or is stopped."""
        while True:
            frame = self.get(poll_s)
            if frame is not None:
                yield frame
            elif self._done:
                return

    def stop(self, timeout: float = 2.0) -> bool:
        """Ask the thread to finish and wait up to `timeout` s; False if it is still inside a
        blocking read (it is a daemon thread and ends when that read returns)."""
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        if self._watchdog is not None:
            self._watchdog.join(timeout)
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def __enter__(self) -> LatestFrameGrabber:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _watch(self) -> None:
        while not (self._stop.wait(self._watch_s) or self._done):
            try:
                self.check_stall()
            except Exception:  # nothing may end the watch while the source is open
                log.exception("stall check of %s failed", self._source.name)

    def _run(self) -> None:
        end_state = SourceState.STOPPED
        try:
            while not self._stop.is_set():
                failure = self._open_and_pump()
                if failure is None:
                    end_state = self._status.state
                    break
                self._report(SourceState.LOST, failure)
                limit = self._retry.max_retries
                if limit is not None and self._retries >= limit:
                    end_state = SourceState.FAILED
                    self._report(SourceState.FAILED, f"gave up: {failure}")
                    break
                self._retries += 1
                if self._stop.wait(self._retry.delay_s(self._retries)):
                    break
        finally:
            self._close_source()
            if end_state not in (SourceState.ENDED, SourceState.FAILED):
                self._report(SourceState.STOPPED, "")
            with self._cond:
                self._done = True
                self._cond.notify_all()

    def _open_and_pump(self) -> str | None:
        """Read until stopped or ended (None) or until the source fails (the reason)."""
        try:
            self._source.open()
        except Exception as exc:
            return f"open failed: {exc}"
        self._alive_at = self._clock()
        try:
            while not self._stop.is_set():
                frame = self._source.read()
                if frame is None:
                    if self._source.is_live:
                        return "no frame"
                    self._report(SourceState.ENDED, "end of source")
                    return None
                self._publish(frame)
        except Exception as exc:
            return f"read failed: {exc}"
        finally:
            self._alive_at = None
            self._close_source()
        return None

    def _publish(self, frame: Frame) -> None:
        self._alive_at = self._clock()
        if self._status.state is not SourceState.OK:
            self._report(SourceState.OK, "")
            self._retries = 0
        with self._cond:
            if self._seq > self._seen:
                self._dropped += 1
            self._latest = frame
            self._seq += 1
            self._cond.notify_all()

    def _close_source(self) -> None:
        try:
            self._source.close()
        except Exception:
            log.exception("closing %s failed", self._source.name)

    def _report(self, state: SourceState, reason: str) -> None:
        status = SourceStatus(state, self._source.name, reason, self._retries)
        with self._report_lock:  # the capture thread and a stall check may both report
            if status == self._status:
                return
            self._status = status
        if self._on_status is None:
            return
        try:
            self._on_status(status)
        except Exception:
            log.exception("status callback failed on %s", status)
