"""The dashboard's settings (`WebConfig`), the overlay token kept in the data folder, and the
services every view reaches through `services()`: the session, the live feed, the tokens.
"""

from __future__ import annotations

import ipaddress
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from flask import current_app

from companion.tokens import new_token

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.session import Session
    from companion.session.agents import AgentDesk
    from companion.session.missed import MissedDice
    from companion.tables.desk import TableDesk
    from vision.settle import RollCorrected, SettledRoll
    from vision.types import DiceReading
    from web.club import ClubHub
    from web.phone import PhoneDesk

OVERLAY_TOKEN_FILE = "overlay-token"
CONTROL_TOKEN_FILE = "control-token"
TOKEN_RE = re.compile(r"[A-Za-z0-9_\-.~]{16,128}")
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
EXTENSION = "dicetable"


class LiveFeed(Protocol):
    """The camera pipeline as the web sees it (`vision.live.LivePipeline` is one)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def latest_jpeg(self) -> bytes | None: ...

    def latest_reading(self) -> DiceReading | None: ...

    def status(self) -> dict[str, object]: ...

    def subscribe(
        self,
        callback: Callable[[SettledRoll], None],
        *,
        corrections: Callable[[RollCorrected], None] | None = None,
    ) -> None: ...


class WebConfigError(ValueError):
    """A setting that would make the dashboard unsafe or unusable; the message says which."""


def is_loopback(host: str) -> bool:
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def check_token(what: str, token: str) -> str:
    if TOKEN_RE.fullmatch(token) is None:
        raise WebConfigError(
            f"{what} must be 16-128 characters of letters, digits and - _ . ~ "
            f"(got {len(token)} characters)"
        )
    return token


@dataclass(frozen=True)
class WebConfig:
    """`control_token` guards every change; without one, only loopback hosts are allowed.
    `overlay_token` None means the data folder's stable one (`load_overlay_token`)."""

    host: str = "127.0.0.1"
    port: int = 8000
    control_token: str | None = None
    overlay_token: str | None = None
    data_dir: Path = field(default_factory=lambda: Path("data"))
    max_body_bytes: int = 1024 * 1024
    heartbeat_s: float = 15.0
    mjpeg_fps: float = 10.0
    allowed_hosts: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise WebConfigError(f"port must be 0..65535, got {self.port}")
        if self.control_token is not None:
            check_token("the control token", self.control_token)
        if self.overlay_token is not None:
            check_token("the overlay token", self.overlay_token)
            if self.overlay_token == self.control_token:
                raise WebConfigError("the overlay token must differ from the control token")
        if self.max_body_bytes < 1024:
            raise WebConfigError(f"max_body_bytes must be at least 1024, got {self.max_body_bytes}")
        if not (self.heartbeat_s > 0 and self.mjpeg_fps > 0):
            raise WebConfigError("heartbeat_s and mjpeg_fps must be positive")

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    def check_safe(self) -> None:
        """A host other than loopback needs a control token: anyone on the network could
        otherwise change the games."""
        if not self.loopback and self.control_token is None:
            raise WebConfigError(
                f"serving on {self.host!r} (not loopback) needs a control token; "
                "give --token or let `dicetable serve` generate one"
            )


def load_overlay_token(data_dir: Path) -> str:
    """The overlay's read-only token, created once per data folder and kept in it, so an OBS
    browser source URL keeps working across restarts."""
    return _kept_token(Path(data_dir) / OVERLAY_TOKEN_FILE)[0]


def load_control_token(data_dir: Path, *, renew: bool = False) -> tuple[str, bool]:
    """(the control token, whether it was made just now): kept in the data folder (owner-only)
    so every logged-in device stays logged in across restarts; `renew` makes a new one, which
    logs every device out."""
    path = Path(data_dir) / CONTROL_TOKEN_FILE
    if renew:
        path.unlink(missing_ok=True)
    return _kept_token(path)


def _kept_token(path: Path) -> tuple[str, bool]:
    try:
        return check_token(f"the token in {path}", path.read_text(encoding="ascii").strip()), False
    except FileNotFoundError:
        pass
    except (OSError, UnicodeDecodeError) as exc:
        raise WebConfigError(f"cannot read {path}: {exc}") from None
    token = new_token()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written whole under another name (owner-only, as `mkstemp` makes it), then linked into
    # place: a server process starting at the same moment never reads the file empty, as it
    # could between another's create and write.
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(token + "\n")
        try:
            os.link(temp, path)
        except FileExistsError:
            return _kept_token(path)[0], False  # another process made it first: use theirs
    finally:
        Path(temp).unlink()
    return token, True


@dataclass(frozen=True)
class Services:
    """What `create_app` wires together; views reach it through `services()`."""

    config: WebConfig
    session: Session
    live: LiveFeed | None
    overlay_token: str
    tables: TableDesk | None = None  # the camera table's memory, where the camera's reader learns
    agents: AgentDesk | None = None  # the camera agents of a club's tables (docs/club.md)
    club: ClubHub | None = None
    phones: PhoneDesk | None = None  # phones as the tables' cameras (web.phone)
    missed: MissedDice | None = None  # the camera's missed dice, looked for again

    @property
    def control_token(self) -> str | None:
        return self.config.control_token


def services() -> Services:
    found = current_app.extensions[EXTENSION]
    assert isinstance(found, Services)
    return found
