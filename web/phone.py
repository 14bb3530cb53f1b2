"""Phones as tables' cameras (docs/phone-camera.md): which phone sends to which table, and the
live feed each phone's frames go through.

A game's phone is that game's camera agent living in this server: its frames go into a
`PhoneSource`, read by a live feed of its own (reader, settle: the same path as any camera)
with that phone's own table memory (`web.phone_memory`), and each settled roll is kept through
the agents' desk with a roll id, so a roll is counted once however often anything is retried.
An accepted roll teaches the phone's memory as a club agent's is taught (its lessons). The
server's own table (`/camera`) takes a phone when `serve --source phone` made its own camera
one; its rolls go where the server's camera's always go, and teach the server's memory.

One phone sends to a table at a time. Another is told which one and may take over; the first
is then told it was. A phone silent for `hold_s` no longer holds the table.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from companion.agent.run import dice_json, missed_in
from companion.errors import InvalidGameIdError, UnknownGameError
from companion.session.agents import AgentDesk, CorrectionRefusedError, camera_game_of
from companion.store.values import MAX_THUMBNAIL_BYTES, utc_iso
from vision.sources.phone import FrameRefusedError, PhoneSource
from web.phone_memory import PhoneMemory

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from companion.session import Session
    from companion.session.camera import CameraShot, Pending
    from companion.tables.desk import TableDesk
    from vision.settle import RollCorrected, SettledRoll
    from vision.types import DiceReading, Die
    from web.config import LiveFeed

log = logging.getLogger(__name__)

SERVER_TABLE = ""
HOLD_S = 15.0
MAX_FPS = 15.0  # what a page sends at most; the source refuses faster frames
IDLE_S = 300.0
MAX_LABEL = 60
SENT_KEPT = 64  # the newest rolls a phone sent whose dice may be pointed at (its reader's word)
REGION_S = 5.0  # how long the server's table region is kept before the profile is read again
PhoneFeedFactory = Callable[[PhoneSource, str | None], "LiveFeed"]


class PhoneRefusedError(Exception):
    """A frame or a claim this table will not take; nothing changed. `reason` is for the page:
    `busy`, `taken-over`, `deleted`, `no-phone-camera`, or a `FrameRefusedError`'s."""

    def __init__(self, status: int, reason: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.extra = extra


@dataclass(frozen=True, slots=True)
class Sender:
    device: str
    label: str
    since: float
    seen: float

    def to_json(self, now: float) -> dict[str, Any]:
        return {"label": self.label, "seen_s_ago": round(max(now - self.seen, 0.0), 1)}


def clean_label(text: str | None) -> str:
    """A device's name as shown to people: printable, short, never empty."""
    shown = "".join(c for c in (text or "") if c.isprintable()).strip()[:MAX_LABEL]
    return shown or "a phone"


@dataclass
class PhoneLink:
    """One table's phone: its source, the feed reading it, who sends, the last roll it made."""

    source: PhoneSource
    feed: LiveFeed
    owned: bool  # a game's own feed, started and stopped here (not the server's camera)
    uid: str = field(default_factory=lambda: secrets.token_hex(6))
    sender: Sender | None = None
    taken_from: dict[str, str] = field(default_factory=dict)  # device -> who took over
    last_roll: dict[str, Any] | None = None
    rolls: int = 0
    roll_ids: dict[int, str] = field(default_factory=dict)
    # The game's camera roll number (`companion.session.agents.shot_id`) of each roll it sent.
    sent: dict[int, str] = field(default_factory=dict)
    memory: PhoneMemory | None = None  # its table's memory, which accepted rolls teach
    used: float = field(default_factory=time.monotonic)


class PhoneDesk:
    """The phones of one server process's tables."""

    def __init__(
        self,
        session: Session,
        agents: AgentDesk,
        open_feed: PhoneFeedFactory | None,
        server_feed: LiveFeed | None = None,
        *,
        hold_s: float = HOLD_S,
        idle_s: float = IDLE_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.agents = agents
        self._open_feed = open_feed
        self._server_feed = server_feed
        self._hold_s = hold_s
        self._idle_s = idle_s
        self._clock = clock
        self._lock = threading.Lock()
        self._links: dict[str, PhoneLink] = {}
        self._region: tuple[float, list[list[float]] | None] | None = None
        session.accepted.append(self._learn)

    @property
    def server_takes_a_phone(self) -> bool:
        return isinstance(getattr(self._server_feed, "source", None), PhoneSource)

    def phone_games(self) -> frozenset[str]:
        """The games a phone is sending to now (the server's own camera leaves them alone)."""
        now = self._clock()
        with self._lock:
            return frozenset(
                key
                for key, link in self._links.items()
                if key and link.sender is not None and now - link.sender.seen < self._hold_s
            )

    def status(self, key: str, device: str | None = None) -> dict[str, Any]:
        """What a camera page asks before it sends: who sends now (`sending`: `device` does, a
        page reloaded on the phone filming), the camera, the last roll."""
        self._check_table(key)
        with self._lock:
            link = self._links.get(key)
            return self._answer(key, link, device)

    def push(
        self, key: str, device: str, label: str | None, data: bytes, *, takeover: bool
    ) -> dict[str, Any]:
        """Take one JPEG frame from `device` for table `key` (a game id, or SERVER_TABLE)."""
        self._check_table(key)
        now = self._clock()
        with self._lock:
            link = self._links.get(key) or self._open_link(key)
            self._claim(link, device, clean_label(label), now, takeover=takeover)
        try:
            link.source.push(data)
        except FrameRefusedError as exc:
            raise PhoneRefusedError(
                429 if exc.reason == "too-frequent" else 400, exc.reason, str(exc)
            ) from None
        with self._lock:
            link.used = now
            self._reap(now)
            return self._answer(key, link, device)

    def leave(self, key: str, device: str) -> bool:
        """`device` stops sending (its page closed or stopped); True if it held the table."""
        with self._lock:
            link = self._links.get(key)
            if link is None or link.sender is None or link.sender.device != device:
                return False
            link.sender = None
            return True

    def forget(self, key: str) -> None:
        """A deleted game's phone: its feed stops, its sender is told on the next frame."""
        with self._lock:
            link = self._links.pop(key, None)
        if link is not None:
            self._stop(link)

    def stop_all(self) -> None:
        with self._lock:
            links, self._links = list(self._links.values()), {}
        for link in links:
            self._stop(link)

    # --- inside ------------------------------------------------------------------------------

    def _check_table(self, key: str) -> None:
        if key == SERVER_TABLE:
            if not self.server_takes_a_phone:
                raise PhoneRefusedError(
                    404,
                    "no-phone-camera",
                    "this server's own camera is not a phone (start it with `dicetable serve "
                    "--source phone`), but every game's page can take one: open the game and "
                    "use its camera page",
                )
            return
        try:
            archived = self.session.store.get_game(key).archived
        except (UnknownGameError, InvalidGameIdError):
            self.forget(key)
            raise
        if archived:
            self.forget(key)  # a deleted game's phone: its feed stops
            raise PhoneRefusedError(
                404,
                "deleted",
                f"game {key!r} was deleted: this phone no longer films it (open another "
                "game's camera page)",
            )

    def _open_link(self, key: str) -> PhoneLink:
        if key == SERVER_TABLE:
            feed = self._server_feed
            assert feed is not None
            source = getattr(feed, "source")  # noqa: B009 - checked by server_takes_a_phone
            link = PhoneLink(source, feed, owned=False)
        else:
            if self._open_feed is None:
                raise PhoneRefusedError(
                    404,
                    "no-phone-camera",
                    "this server takes no phone camera (with --workers a phone's frames would "
                    "be split among its processes): film the table with `dicetable agent`, or "
                    "serve with one worker",
                )
            game = camera_game_of(self.session.store.get_game(key).game)
            source = PhoneSource(f"phone for game {key}")
            feed = self._open_feed(source, None if game == "none" else game)
            link = PhoneLink(source, feed, owned=True, memory=self._memory(key, feed))
            feed.subscribe(self._on_roll(key, link), corrections=self._on_fix(key, link))
            feed.start()
        self._links[key] = link
        return link

    def _claim(
        self, link: PhoneLink, device: str, label: str, now: float, *, takeover: bool
    ) -> None:
        held = link.sender
        if held is not None and held.device == device:
            link.sender = Sender(device, label, held.since, now)
            return
        if held is not None and now - held.seen < self._hold_s and not takeover:
            if device in link.taken_from:
                raise PhoneRefusedError(
                    409,
                    "taken-over",
                    f"{link.taken_from[device]} took over as this table's camera; this phone "
                    "stopped sending (take over again to send from here)",
                    sender=held.to_json(now),
                )
            raise PhoneRefusedError(
                409,
                "busy",
                f"{held.label} is already this table's camera (it sent a frame "
                f"{now - held.seen:.0f} s ago); take over to send from this phone instead",
                sender=held.to_json(now),
            )
        if held is not None and held.device != device:
            link.taken_from[held.device] = label
        link.taken_from.pop(device, None)
        link.sender = Sender(device, label, now, now)

    def _answer(self, key: str, link: PhoneLink | None, device: str | None) -> dict[str, Any]:
        now = self._clock()
        sender = None if link is None else link.sender
        if sender is not None and now - sender.seen >= self._hold_s:
            sender = None
        answer: dict[str, Any] = {
            "table": key or None,
            "sender": None if sender is None else sender.to_json(now),
            "sending": sender is not None and sender.device == device,
            "camera": None,
            "dice": [],
            "last_roll": None,
        }
        if key == SERVER_TABLE:
            answer["region"] = self._server_region()
        if link is None:
            if key == SERVER_TABLE:
                answer["last_roll"] = self._server_last_roll()
            return answer
        status = link.feed.status()
        answer["camera"] = {k: status.get(k) for k in ("camera", "state", "fps", "frames")}
        reading: DiceReading | None = link.feed.latest_reading()
        answer["dice"] = [] if reading is None else reading.to_json()
        answer["last_roll"] = link.last_roll if link.owned else self._server_last_roll()
        answer["rolls"] = link.rolls
        return answer

    def _server_region(self) -> list[list[float]] | None:
        """The server's table region (its active calibration profile's), as fractions of the
        frame, for the page to draw; None without a profile: the whole frame is read. A game's
        phone has none: the server's profile is its own camera's view, not the phone's."""
        now = self._clock()
        if self._region is not None and now - self._region[0] < REGION_S:
            return self._region[1]
        from calibration.errors import CalibrationError
        from calibration.storage import load_active

        try:
            profile = load_active(self.session.data_dir)
        except CalibrationError:
            profile = None
        found = None
        if profile is not None:
            w, h = profile.size_wh
            found = [[round(x / w, 4), round(y / h, 4)] for x, y in profile.table_region]
        self._region = (now, found)
        return found

    def _server_last_roll(self) -> dict[str, Any] | None:
        last = self.session.last_roll()
        return None if last is None else last.to_json()

    def _on_roll(self, key: str, link: PhoneLink) -> Callable[[SettledRoll], None]:
        def kept(roll: SettledRoll) -> None:
            # Runs on the feed's thread: a failure is logged, the camera goes on.
            roll_id = f"phone-{link.uid}-{roll.roll_id}"
            shown = roll.reading.to_json()
            size = roll.frame_size
            looks = None if link.memory is None else link.memory.desk.passed_over
            missed = missed_in(looks, roll, log.info)
            data = {
                # With their signatures where the phone's memory learns: "not a die" is offered.
                "dice": shown if link.memory is None else dice_json(roll.reading),
                "frame_index": roll.frame_index,
                "delay_ms": round(float(roll.delay_ms), 1),
                # The settled frame is kept at the phone's resolution, as an agent's is: players
                # check every die on it, numbered, and add from it one the camera missed.
                "frame_size": None if size is None else {"width": size[0], "height": size[1]},
                "missed": [d.to_json() for d in missed],
            }
            if link.memory is not None:  # before the session may take (and accept) it
                link.memory.remember(roll_id, roll.reading, missed)
            try:
                stored, new = self.agents.receive(
                    key,
                    roll_id,
                    data,
                    settled_at=utc_iso(datetime.now(UTC)),
                    thumbnail_jpeg=roll.frame_jpeg(MAX_THUMBNAIL_BYTES),
                )
            except Exception:
                log.exception("the phone's roll %s of game %s was not kept", roll_id, key)
                return
            with self._lock:
                link.roll_ids[roll.roll_id] = roll_id
                link.sent[stored.n] = roll_id
                while len(link.sent) > SENT_KEPT:
                    del link.sent[next(iter(link.sent))]
                if new:
                    link.rolls += 1
                link.last_roll = {
                    "n": stored.n,
                    "roll_id": roll_id,
                    "dice": shown,
                    "frame_wh": None if size is None else list(size),
                }

        return kept

    def _on_fix(self, key: str, link: PhoneLink) -> Callable[[RollCorrected], None]:
        def fix(correction: RollCorrected) -> None:
            with self._lock:
                roll_id = link.roll_ids.get(correction.roll_id)
            if roll_id is None:
                return
            if link.memory is not None:  # the dice as the players will see them
                link.memory.read_anew(roll_id, correction.reading)
            try:
                dice = correction.reading
                body = {"dice": dice.to_json() if link.memory is None else dice_json(dice)}
                self.agents.correct(key, roll_id, body)
            except CorrectionRefusedError as exc:
                log.info("the phone's correction of %s was not taken: %s", roll_id, exc)
            except Exception:
                log.exception("the phone's correction of %s failed", roll_id)

        return fix

    def _memory(self, key: str, feed: LiveFeed) -> PhoneMemory | None:
        """Game `key`'s phone's table memory, loaded into its feed's reader; None (the phone
        reads without one) where the reader cannot, or the memory's file cannot be read."""
        try:
            return PhoneMemory.open(self.session.data_dir, key, getattr(feed, "reader", None))
        except Exception:
            log.exception("game %s's phone reads without its table memory", key)
            return None

    # A die pointed at in a phone's roll (`companion.session.missed.RemoteCameras`): read by
    # that phone's reader, with its table's memory, and taught to that table by the lesson.

    def can_point(self, game_id: str, shot: CameraShot) -> bool:
        return self._sent(game_id, shot) is not None

    def read_at(
        self, game_id: str, shot: CameraShot, frame: npt.NDArray[np.uint8], at: tuple[float, float]
    ) -> Die | None:
        found = self._sent(game_id, shot)
        return None if found is None else found[0].desk.read_at(frame, at, shot.reading.dice)

    def keep_pointed(self, game_id: str, shot: CameraShot, die: Die) -> None:
        found = self._sent(game_id, shot)
        if found is not None:
            found[0].add_missed(found[1], die)

    def _sent(self, game_id: str, shot: CameraShot) -> tuple[PhoneMemory, str] | None:
        """The memory of the phone that sent roll `shot` of the game, and the roll's id there,
        while that phone remembers the roll."""
        with self._lock:
            link = self._links.get(game_id)
            roll_id = None if link is None else link.sent.get(-shot.roll_id)
        if link is None or link.memory is None or roll_id is None:
            return None
        return (link.memory, roll_id) if link.memory.remembers(roll_id) else None

    def camera_of(self, table: str) -> tuple[TableDesk, LiveFeed] | None:
        """The desk and feed of the running phone whose memory is table `table`, for
        registering its dice on `/tables`; None where no phone here reads with that table."""
        return self._cameras().get(table)

    def running_tables(self) -> frozenset[str]:
        """The tables of the phones reading here now."""
        return frozenset(self._cameras())

    def forget_table(self, table: str) -> int | None:
        """Forget table `table`'s dice where it is a running phone's (its reader drops them at
        once): how many; None where no running phone reads with that table."""
        found = self._cameras().get(table)
        return None if found is None else found[0].clear()

    def _cameras(self) -> dict[str, tuple[TableDesk, LiveFeed]]:
        """Each running phone's table memory's name: its desk and feed."""
        with self._lock:
            return {
                link.memory.desk.table: (link.memory.desk, link.feed)
                for link in self._links.values()
                if link.memory is not None
            }

    def _learn(self, pending: Pending) -> None:
        """A roll players accepted (a session listener): one this server's phone sent for its
        game (a kept camera roll: a roll id below 0) teaches that phone's memory."""
        if pending.camera is None or pending.camera.roll_id >= 0:
            return
        with self._lock:
            link = self._links.get(pending.game_id)
        if link is not None and link.memory is not None:
            game = pending.game_id
            link.memory.learn(lambda after: self.agents.lessons(game, after))

    def _reap(self, now: float) -> None:
        """Stop the feeds of games whose phone has been silent for `idle_s` (called locked)."""
        idle = [k for k, v in self._links.items() if v.owned and now - v.used > self._idle_s]
        for key in idle:
            link = self._links.pop(key)
            threading.Thread(target=self._stop, args=(link,), daemon=True).start()

    @staticmethod
    def _stop(link: PhoneLink) -> None:
        if not link.owned:
            return
        link.source.close()  # ends the read its grabber waits in
        link.feed.stop()
