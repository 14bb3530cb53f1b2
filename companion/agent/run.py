"""`dicetable agent`'s work: ask the server how to read the game's dice, run the camera with that
reader and the settle detector, put each settled roll and each later correction of one in the
outbox, and let the sender post them to the server."""

from __future__ import annotations

import base64
import json
import signal
import threading
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.agent.client import AgentClient, AgentError, ServerDownError
from companion.agent.lessons import KeptFrame, Learner, Teacher
from companion.agent.outbox import Outbox
from companion.agent.sender import HELLO_S, Sender
from companion.store.values import MAX_THUMBNAIL_BYTES, utc_iso

# What a table's reader passed over in a frame where it read these dice (`TableDesk.passed_over`).
PassedOver = Callable[[Any, Sequence[Any]], Sequence[Any]]

HELLO_FILE = "hello.json"
# Rolls whose outbox ids are remembered for the camera's corrections: the settle detector only
# corrects the last roll it sent.
REMEMBERED_ROLLS = 16
# A roll's data is kept up to 16,384 characters of JSON (`companion.store.values`); the dice
# with their signatures (132 numbers a die) take at most this much of it.
SIGNED_DICE_CHARS = 12_000


def roll_body(
    roll: Any, settled_at: datetime | None = None, missed: Sequence[Any] = ()
) -> dict[str, Any]:
    """What is posted for a settled roll (`vision.settle.SettledRoll`): its dice and doubts,
    when it settled, and its settled frame at camera resolution with the size its dice boxes
    are measured in, as the server's own camera keeps it (players check every die on it);
    `missed`, what the reader passed over in that frame, which players may add from it."""
    jpeg = roll.frame_jpeg(MAX_THUMBNAIL_BYTES)
    size = roll.frame_size
    body = {
        "dice": dice_json(roll.reading),
        "settled_at": utc_iso(settled_at or datetime.now(UTC)),
        "frame_index": roll.frame_index,
        "delay_ms": round(float(roll.delay_ms), 1),
        "thumbnail_jpeg": None if jpeg is None else base64.b64encode(jpeg).decode("ascii"),
        "frame_size": None if size is None else {"width": size[0], "height": size[1]},
    }
    if missed:  # only then: a body with none is one any server version takes
        body["missed"] = [d.to_json() for d in missed]
    return body


def dice_json(reading: Any) -> list[dict[str, Any]]:
    """The dice, each with its signature where the reader made one: the server then offers
    "not a die" for it, and the lesson of the accepted roll comes back to teach this table.
    A roll whose signatures would not fit the server's limit on a roll's data goes without
    them (the roll matters more than the lesson)."""
    plain = reading.to_json()
    signed = [
        shown if die.signature is None
        else dict(shown, signature=[round(float(x), 4) for x in die.signature])
        for die, shown in zip(reading.dice, plain, strict=True)
    ]  # fmt: skip
    return signed if len(json.dumps(signed)) <= SIGNED_DICE_CHARS else plain


def correction_body(fix: Any) -> dict[str, Any]:
    """What is posted for a correction (`vision.settle.RollCorrected`), besides the id of the
    roll it corrects: the roll's dice in the same order and boxes, the cleared ones sure."""
    return {"dice": fix.reading.to_json()}


def kept_frame(body: dict[str, Any]) -> KeptFrame | None:
    """The frame a roll's body carries, as players see it (a die they point at there is read in
    it when the roll's lesson comes back); None where it carries none."""
    jpeg, size = body.get("thumbnail_jpeg"), body.get("frame_size")
    if not isinstance(jpeg, str) or not isinstance(size, dict):
        return None
    return KeptFrame(base64.b64decode(jpeg), (int(size["width"]), int(size["height"])))


def missed_in(
    passed_over: PassedOver | None, roll: Any, say: Callable[[str], None]
) -> tuple[Any, ...]:
    """What the table's reader passed over in a settled roll's frame (none where it cannot
    look, or fails: the roll matters more than what it may have missed)."""
    if passed_over is None or roll.frame_bgr is None:
        return ()
    try:
        return tuple(passed_over(roll.frame_bgr, roll.reading.dice))
    except Exception as exc:
        say(f"what the camera passed over was not looked for: {exc!r}")
        return ()


class Queue:
    """The camera's events into the outbox: each settled roll, and each correction of one
    after it, naming it by its outbox id (the settle detector names it by its own count).
    With a `teacher`, each roll's dice are kept for the lesson the players' review gives."""

    def __init__(
        self,
        outbox: Outbox,
        say: Callable[[str], None],
        teacher: Teacher | None = None,
        passed_over: PassedOver | None = None,
    ) -> None:
        self.outbox = outbox
        self.say = say
        self.teacher = teacher
        # What the table's reader passed over in a frame (`TableDesk.passed_over`): sent with
        # each roll, and kept for its lesson (a die the players added from the picture).
        self.passed_over = passed_over
        self._ids: dict[int, str] = {}  # the settle detector's roll id -> the outbox's

    def roll(self, event: Any) -> None:
        from vision.settle import SettledRoll

        if not isinstance(event, SettledRoll):  # a scene change or a cleared table
            return
        missed = missed_in(self.passed_over, event, self.say)
        body = roll_body(event, missed=missed)
        roll_id = self.outbox.put(body)
        self._ids[event.roll_id] = roll_id
        if self.teacher is not None:
            self.teacher.remember(roll_id, event.reading, missed, kept_frame(body))
        while len(self._ids) > REMEMBERED_ROLLS:
            del self._ids[next(iter(self._ids))]
        self.say(f"roll {roll_id}: {len(event.reading.dice)} dice queued")

    def correction(self, fix: Any) -> None:
        roll_id = self._ids.get(fix.roll_id)
        if roll_id is None:
            self.say(f"a correction of roll {fix.roll_id} not sent: this agent sent no such roll")
            return
        self.outbox.put_correction(roll_id, correction_body(fix))
        self.say(f"roll {roll_id}: correction of {len(fix.cleared)} dice read anew queued")


def first_hello(
    client: AgentClient, folder: Path, say: Callable[[str], None], stop: Callable[[], bool]
) -> dict[str, Any]:
    """The server's hello; while it is down, the one kept from last time (the camera starts
    and rolls queue), else wait for it."""
    kept = folder / HELLO_FILE
    wait_s = 0.5
    while True:
        try:
            hello = client.hello()
            kept.write_text(json.dumps(hello), encoding="utf-8")
            return hello
        except ServerDownError as exc:
            if kept.exists():
                say(f"server unreachable ({exc}); reading as last time, rolls will wait")
                found: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))
                return found
            say(f"waiting for the server: {exc}")
        if stop():
            raise AgentError("stopped before the server answered")
        time.sleep(wait_s)
        wait_s = min(5.0, wait_s * 2)


def take_lessons(client: AgentClient, teacher: Teacher, say: Callable[[str], None]) -> None:
    """Ask for the rolls accepted since last time; the sender reports a server that does not
    answer, so this stays quiet then."""
    try:
        teacher.take(client.lessons(teacher.after))
    except (ServerDownError, AgentError):
        pass
    except Exception as exc:
        say(f"lessons not taken: {exc!r}")


def camera_state_of(feed: Any) -> str | None:
    """The feed's camera in one word, as the server keeps it (None when it cannot tell)."""
    from companion.store.camera_rolls import CAMERA_STATES

    state = str(feed.status().get("camera", ""))
    return state if state in CAMERA_STATES else None


def stop_on_signals() -> None:
    """Ctrl-C and a service manager's SIGTERM end the agent cleanly, also where it was started
    in the background with Ctrl-C ignored (a shell's `&`, which the agent would inherit)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt(signal.Signals(signum).name)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop)


def run_agent(
    client: AgentClient,
    folder: Path,
    open_feed: Callable[[str | None], Any],
    say: Callable[[str], None],
    *,
    hello_s: float = HELLO_S,
    memory: Callable[[Any], Learner | None] = lambda _feed: None,
) -> int:
    """`open_feed(camera_game)` opens the camera read as at that game's table (None: no game)
    and returns a live feed (`web.config.LiveFeed`'s start, stop and subscribe, with its
    corrections); `memory(feed)`, the table's memory its reader reads with (None: none),
    which the rolls the players accept teach."""
    outbox = Outbox(folder)
    sender = Sender(outbox, client, hello_s=hello_s, report=say)
    stop_on_signals()
    try:
        hello = first_hello(client, folder, say, lambda: False)
        game = str(hello.get("camera_game", "ryb"))
        say(
            f"agent for game {client.address.game_id} ({hello.get('game')}, reading {game}); "
            f"{outbox.waiting()} rolls waiting in {outbox.path}"
        )
        feed = open_feed(None if game == "none" else game)
        client.camera_state = lambda: camera_state_of(feed)
        learner = memory(feed)
        read_at = getattr(learner, "read_at", None)
        teacher = None if learner is None else Teacher(folder, learner, say, read_at)
        queue = Queue(outbox, say, teacher, getattr(learner, "passed_over", None))
        feed.subscribe(queue.roll, corrections=queue.correction)
        sender.start()
        feed.start()
        try:
            last_asked = 0.0
            while sender.failure is None:
                time.sleep(min(0.5, hello_s))
                if teacher is not None and time.monotonic() - last_asked >= hello_s:
                    last_asked = time.monotonic()
                    take_lessons(client, teacher, say)
        finally:
            feed.stop()
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        sender.stop()
        outbox.close()
