"""Camera agents: a camera at each table of a club, run by `dicetable agent` where the camera
is, sending each settled roll to the server (docs/club.md).

`AgentDesk` gives each game its agent token (kept as a SHA-256 only), checks it, and takes the
rolls: each is kept in the store once (`EventStore.add_camera_roll`: the agent's roll id makes a
repeat harmless), then handed to this process's session as that game's pending camera roll, as
the dashboard's own camera hands its rolls over, and becomes the table's last roll. Another
server process hears of the roll from the store (`on_change`) and hands it to its own session,
so a pending attempt declared there takes it too.

A correction the agent's camera sends later (`vision.settle.RollCorrected`: a doubted die it
became sure of) names the roll by the agent's roll id and goes the way the local camera's does
(`Session.correct_camera_roll`): the pending roll showing or queueing that roll takes it, once.
A roll accepted or no longer pending refuses it (`CorrectionRefusedError`), changing nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from companion.errors import DicetableError, InvalidGameIdError
from companion.games import camera_dice, find_game
from companion.session.camera import CameraShot, corrected_dice
from companion.session.errors import FieldError, NoPendingError, PendingError
from companion.session.roll import make_last_roll
from companion.store.camera_rolls import AgentInfo, CameraRoll, check_roll_id
from companion.tokens import new_token
from vision.passed_over import OFFERED
from vision.types import DiceReading, Die

if TYPE_CHECKING:
    import numpy as np

    from companion.session import Session

log = logging.getLogger(__name__)

MAX_ROLL_DICE = 64


def token_sha256(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def shot_id(n: int) -> int:
    """The id the game's camera roll `n` goes by in the session (`CameraShot.roll_id`,
    `LastRoll.roll_id`), for the agent's later corrections: minus its number, so it never meets
    the ids a local camera's settle detector counts from 1."""
    return -n


class CorrectionRefusedError(DicetableError):
    """An agent's correction the game cannot take; nothing changed. `reason`: "unknown" (no
    roll kept with that id), "accepted" (a person accepted the roll first) or "not-pending"
    (the attempt was cancelled, moved past, or shows another roll now)."""

    def __init__(self, reason: str, message: str) -> None:
        self.reason = reason
        super().__init__(message)


def camera_game_of(kind: str) -> str:
    """How an agent's reader reads dice at a game of `kind` (`--game` of `dicetable serve`), as
    the game's rules say: "flyer" (colour-face dice), "none" (a game without dice) or "ryb"
    (pip dice by colour, RYB's palette: the one the agent's reader knows)."""
    return camera_dice(find_game(kind)).value


@dataclass(frozen=True)
class AgentRoll:
    """A settled roll as `SettledRoll` offers it to the session (no frame: the agent keeps
    its camera's frames)."""

    reading: DiceReading
    frame_index: int | None
    delay_ms: float
    thumbnail: bytes | None
    frame_bgr: np.ndarray | None = None
    roll_id: int = 0

    def thumbnail_jpeg(self) -> bytes | None:
        return self.thumbnail


def reading_of(data: Mapping[str, Any]) -> DiceReading:
    """The dice of a roll's JSON (`{"dice": [Die JSON...]}`); FieldError naming a bad one."""
    dice = data.get("dice")
    reading = _dice_of(dice, "dice", MAX_ROLL_DICE)
    assert isinstance(dice, list)
    signed = [signature_of(d.get("signature")) if isinstance(d, Mapping) else None for d in dice]
    if not any(signed):
        return reading
    return DiceReading(
        tuple(replace(die, signature=sig) for die, sig in zip(reading.dice, signed, strict=True))
    )


def missed_of(data: Mapping[str, Any]) -> tuple[Die, ...]:
    """What the agent's reader passed over in the roll's frame (`"missed": [Die JSON...]`, at
    most `OFFERED`), offered to players as dice it may have missed; FieldError naming a bad one."""
    return _dice_of(data.get("missed", []), "missed", OFFERED).dice


def _dice_of(found: object, field: str, most: int) -> DiceReading:
    """A list of at most `most` Die JSON under `field`; FieldError naming a bad one."""
    if not isinstance(found, list) or len(found) > most:
        raise FieldError(f"{field} must be a list of at most {most} dice", field)
    try:
        return DiceReading.from_json(found)
    except (KeyError, TypeError, ValueError) as exc:
        raise FieldError(f"bad die in {field}: {exc}", field) from None


def signature_of(value: object) -> tuple[float, ...] | None:
    """A die's signature as its agent's reader made it: the table's memory on the agent's
    machine learns from it, so players may say "not a die" of it here (FieldError when bad)."""
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not 0 < len(value) <= MAX_SIGNATURE
        or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)
        or not all(math.isfinite(x) for x in value)
    ):
        raise FieldError(f"a die's signature must be 1..{MAX_SIGNATURE} numbers", "dice")
    return tuple(float(x) for x in value)


def frame_size_of(data: Mapping[str, Any]) -> tuple[int, int] | None:
    """(width, height) of the settled frame an agent sent, as the server checked it; None for
    an older agent's thumbnail, on which the dice cannot be numbered."""
    size = data.get("frame_size")
    if not isinstance(size, Mapping):
        return None
    width, height = size.get("width"), size.get("height")
    return (width, height) if isinstance(width, int) and isinstance(height, int) else None


MAX_SIGNATURE = 4096


class AgentDesk:
    """The agents of one session's games, in this process."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._lock = threading.Lock()
        self._offered: dict[str, int] = {}  # the last roll n handed to this session, per game

    def issue_token(self, game_id: str) -> str:
        """A new agent token for the game (shown once; an older one stops working)."""
        gid = self.session.check_game(game_id)
        token = new_token()
        self.session.store.set_agent_token(gid, token_sha256(token))
        return token

    def token_matches(self, game_id: str, token: str | None) -> bool:
        if not token:
            return False
        try:
            expected = self.session.store.agent_token_sha256(game_id)
        except InvalidGameIdError:
            return False  # a database that cannot answer is a 503 (the agent waits), not a 401
        return expected is not None and hmac.compare_digest(expected, token_sha256(token))

    def hello(self, game_id: str, camera: str | None = None) -> dict[str, Any]:
        """What an agent asks before it starts (and then every few seconds, with its camera's
        state): the game, and how its reader reads the dice."""
        info = self.session.store.get_game(game_id)
        self.session.store.agent_seen(info.id, camera=camera)
        return {
            "game_id": info.id,
            "game": info.game,
            "title": info.title,
            "camera_game": camera_game_of(info.game),
        }

    def lessons(self, game_id: str, after: int) -> dict[str, Any]:
        """The game's camera rolls accepted after seq `after` that came from its agent, each
        with the agent's roll id and the corrections players made to it, for the agent to
        teach its table's memory (`companion.agent.lessons`); `last_seq`: the game's head."""
        store = self.session.store
        found = []
        events = store.events(game_id)
        for event in events:
            camera = event.meta.get("camera") if event.seq > after else None
            number = camera.get("roll_id") if isinstance(camera, Mapping) else None
            if not isinstance(number, int) or number >= 0:
                continue  # not a camera roll, or the server's own camera's
            roll = store.camera_roll(game_id, -number)
            corrections = event.meta.get("corrections", [])
            found.append({"seq": event.seq, "roll_id": roll.roll_id, "corrections": corrections})
        last = events[-1].seq if events else 0
        return {"lessons": found, "last_seq": max(after, last)}

    def agent_state(self, game_id: str) -> dict[str, Any] | None:
        found: AgentInfo | None = self.session.store.agent(game_id)
        return None if found is None else found.to_json(datetime.now(UTC))

    def receive(
        self,
        game_id: str,
        roll_id: str,
        data: Mapping[str, Any],
        *,
        settled_at: str,
        thumbnail_jpeg: bytes | None,
    ) -> tuple[CameraRoll, bool]:
        """Keep the roll (once) and hand it to this session; `(roll, new)`."""
        reading_of(data)  # refused before anything is kept
        missed_of(data)
        roll, new = self.session.store.add_camera_roll(
            game_id, roll_id, data, settled_at=settled_at, thumbnail_jpeg=thumbnail_jpeg
        )
        if new:
            self._hand_over(roll, thumbnail_jpeg)
        return roll, new

    def correct(
        self, game_id: str, roll_id: object, data: Mapping[str, Any]
    ) -> tuple[CameraRoll, bool]:
        """The agent's camera corrects the dice of its roll `roll_id` (`{"dice": [Die JSON]}`,
        the roll's dice in the same order and boxes, the cleared ones sure): the pending roll
        showing or queueing it takes the correction, and the table's last roll if it is that
        roll. `(roll, changed)`: a correction sent again after a lost answer changes nothing.
        CorrectionRefusedError when the game cannot take it; nothing changed then."""
        reading = reading_of(data)
        rid = check_roll_id(roll_id)
        roll = self.session.store.find_camera_roll(game_id, rid)
        if roll is None:
            raise CorrectionRefusedError(
                "unknown",
                f"game {game_id!r} kept no camera roll {rid!r}: a correction comes after the "
                "roll it corrects, and that roll never came (or was refused)",
            )
        shot = shot_id(roll.n)
        self.session.correct_last_roll(shot, reading)
        try:
            return roll, self.session.correct_camera_roll(roll.game_id, shot, reading)
        except (NoPendingError, PendingError) as exc:
            return roll, self._refused(roll, reading, exc)

    def _refused(self, roll: CameraRoll, reading: DiceReading, exc: Exception) -> bool:
        """Why roll `roll` is no longer pending, raised; False (nothing to change) when it was
        accepted with this correction already in it (the answer to it was lost)."""
        what = f"camera roll {roll.n} ({roll.roll_id!r}) of game {roll.game_id!r}"
        for event in reversed(self.session.store.events(roll.game_id)):
            shot = event.meta.get("camera")
            if event.source != "camera" or not isinstance(shot, Mapping):
                continue
            if shot.get("received_at") != roll.received_at:
                continue
            try:
                taken = DiceReading.from_json(shot.get("reading") or ()).dice
            except (KeyError, TypeError, ValueError):
                taken = ()
            if taken and corrected_dice(taken, taken, reading) == taken:
                return False
            raise CorrectionRefusedError(
                "accepted",
                f"{what} was accepted before this correction came (event {event.seq}: "
                f"{event.line!r}); the game is unchanged: undo that line to change its dice",
            )
        if isinstance(exc, NoPendingError):
            why = str(exc)
        else:
            why = "its attempt shows another roll now (a newer one, or dice entered by hand)"
        raise CorrectionRefusedError("not-pending", f"{what} is not waiting for a person: {why}")

    def on_change(self, game_id: str, what: str) -> None:
        """The store says a game changed, maybe in another process: a roll this session has
        not had yet is handed over."""
        kind, _, number = what.partition(" ")
        if kind != "roll" or getattr(self.session.table, "shared", False):
            return  # a shared table took the roll in the process that received it
        with self._lock:
            after = self._offered.get(game_id)
            if after is not None and number.isdigit() and int(number) <= after:
                return  # this process took that roll itself
            if not self._waiting_here(game_id):
                # No attempt waits for a roll in this process: nothing to hand over, and a
                # later attempt takes only rolls after this one. (The table's last roll is the
                # process that received it's; a club shows each table's on its card.)
                if number.isdigit():
                    self._offered[game_id] = int(number)
                return
        if after is None:  # this process never saw the game's rolls: start from the newest
            last = self.session.store.last_camera_roll(game_id)
            found = [] if last is None else [last]
        else:
            found = list(self.session.store.camera_rolls(game_id, after=after))
        for roll in found:
            jpeg = self.session.store.camera_roll_thumbnail(game_id, roll.n)
            self._hand_over(roll, jpeg)

    def _waiting_here(self, game_id: str) -> bool:
        """Whether this process holds a declared attempt for the game (read without the
        store: most rolls find none)."""
        return self.session.table.current(game_id, -1)[1] is not None

    def _hand_over(self, roll: CameraRoll, thumbnail: bytes | None) -> None:
        with self._lock:
            if self._offered.get(roll.game_id, 0) >= roll.n:
                return
            self._offered[roll.game_id] = roll.n
        try:
            self._offer(roll, thumbnail)
        except Exception:
            # The roll is kept in the store either way; the pending attempt can take it by hand.
            log.exception("could not hand camera roll %s of %s over", roll.n, roll.game_id)

    def _offer(self, roll: CameraRoll, thumbnail: bytes | None) -> None:
        """As `Session.offer_roll`, for the game the agent belongs to (not the latest
        declared attempt: every table has its own camera)."""
        session = self.session
        reading = reading_of(roll.data)
        frame_index = roll.data.get("frame_index")
        delay = roll.data.get("delay_ms")
        settled = AgentRoll(
            reading,
            frame_index if isinstance(frame_index, int) else None,
            float(delay) if isinstance(delay, int | float) else 0.0,
            thumbnail,
            roll_id=shot_id(roll.n),
        )
        target: str | None = roll.game_id
        if self._waiting_here(roll.game_id) and session.pending(roll.game_id) is not None:
            shot = CameraShot(
                reading, thumbnail, settled.frame_index, settled.delay_ms, roll.received_at,
                settled.roll_id, frame_size_of(roll.data), missed_of(roll.data),
            )  # fmt: skip
            take = session._shot_taker(roll.game_id, settled)  # type: ignore[arg-type]
            with contextlib.suppress(NoPendingError):
                session.table.update(roll.game_id, lambda p, rev: take(p, shot, rev))
        dice, at, rid = reading.dice, roll.received_at, settled.roll_id
        session.table.set_last_roll(lambda rev: make_last_roll(rev, dice, at, target, rid))
