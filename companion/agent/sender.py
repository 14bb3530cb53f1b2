"""Sends the outbox's rolls and corrections in order, one at a time; while the server is down it
waits longer each time (with jitter, so twenty agents do not knock together) and says hello
every `hello_s` so the dashboard sees it connected."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable

from companion.agent.client import AgentClient, AgentError, ServerDownError
from companion.agent.outbox import CORRECTION, Outbox

log = logging.getLogger(__name__)

FIRST_WAIT_S = 0.25
MAX_WAIT_S = 5.0
HELLO_S = 10.0


class Sender:
    def __init__(
        self,
        outbox: Outbox,
        client: AgentClient,
        *,
        hello_s: float = HELLO_S,
        max_wait_s: float = MAX_WAIT_S,
        report: Callable[[str], None] = log.info,
    ) -> None:
        self.outbox = outbox
        self.client = client
        self.hello_s = hello_s
        self.max_wait_s = max_wait_s
        self.report = report
        self.stopped = threading.Event()
        self.failure: AgentError | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self.run, name="dicetable-agent-send", daemon=True)
        self._thread.start()

    def stop(self, timeout_s: float = 10.0) -> None:
        self.stopped.set()
        self.outbox.wake.set()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def run(self) -> None:
        """Until stopped, or until the server refuses the agent itself (`failure`)."""
        wait_s, last_hello = FIRST_WAIT_S, 0.0
        down = False
        while not self.stopped.is_set():
            try:
                if time.monotonic() - last_hello >= self.hello_s:
                    self.client.hello()
                    last_hello = time.monotonic()
                sent = self.send_one()
            except ServerDownError as exc:
                if not down:
                    self.report(f"server unreachable, rolls wait in the outbox: {exc}")
                down = True
                self.stopped.wait(wait_s * random.uniform(0.5, 1.0))
                wait_s = min(self.max_wait_s, wait_s * 2)
                continue
            except AgentError as exc:
                self.failure = exc
                self.report(str(exc))
                return
            if down:
                self.report("server back")
            down, wait_s = False, FIRST_WAIT_S
            if not sent:
                self.outbox.wake.wait(min(1.0, self.hello_s))
                self.outbox.wake.clear()

    def send_one(self) -> bool:
        """Send the oldest waiting roll or correction; False when none waits. One the server
        refuses for good (a bad field; a correction of a roll accepted or no longer pending)
        leaves the outbox, and the report says why."""
        queued = self.outbox.next()
        if queued is None:
            return False
        self.outbox.tried(queued.roll_id)
        if queued.kind == CORRECTION:
            answer = self.client.post_correction(queued.body)
            what = f"correction of roll {queued.body.get('roll_id')}"
        else:
            answer = self.client.post_roll(queued.body)
            what = f"roll {queued.roll_id}"
        if answer.status not in (200, 201):
            self.report(
                f"{what} refused for good, dropped from the outbox: {answer.body.get('error')}"
            )
        self.outbox.done(queued.roll_id, {"status": answer.status, **answer.body})
        return True
