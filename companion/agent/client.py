"""The agent's HTTP client: hello, and posting rolls and their corrections, with the game's
agent token. Standard library only (a small board with a webcam needs no more)."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlsplit

GAME_URL_RE = re.compile(r"(?P<base>https?://[^/]+(?:/[^?#]*?)?)/games/(?P<game>[0-9a-z]{10})/?")
TIMEOUT_S = 10.0


class AgentError(Exception):
    """A problem the agent cannot get past by waiting (a bad URL or token); the message says
    what to fix."""


class ServerDownError(Exception):
    """No answer, or an answer that says to try later (5xx): the roll waits and is sent again."""


@dataclass(frozen=True)
class GameAddress:
    base: str  # http://host:port
    game_id: str

    @classmethod
    def parse(cls, url: str) -> GameAddress:
        """`http://SERVER/games/GAME_ID` (the game's page on the dashboard)."""
        found = GAME_URL_RE.fullmatch(url.strip())
        if found is None or urlsplit(url).scheme not in ("http", "https"):
            raise AgentError(
                f"expected the game's address, like http://SERVER:8000/games/GAME_ID, got {url!r}"
            )
        return cls(found["base"], found["game"])


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict[str, Any]


class AgentClient:
    def __init__(self, address: GameAddress, token: str, timeout_s: float = TIMEOUT_S) -> None:
        self.address = address
        self._token = token
        self._timeout_s = timeout_s
        # How the agent's camera is ("ok", "ended": `vision.sources.SourceState`), told with
        # each hello once the camera runs, so the club's card says when it stopped.
        self.camera_state: Callable[[], str | None] = lambda: None

    def hello(self) -> dict[str, Any]:
        """The game and how to read its dice (`camera_game`); also tells the server the agent
        is alive, and how its camera is."""
        state = self.camera_state()
        query = "" if state is None else f"?camera={quote(state)}"
        return self._call("GET", f"/api/agent/games/{self.address.game_id}{query}", None).body

    def lessons(self, after: int) -> dict[str, Any]:
        """The rolls players accepted since game seq `after`, with their corrections."""
        path = f"/api/agent/games/{self.address.game_id}/lessons?after={after:d}"
        return self._call("GET", path, None).body

    def post_roll(self, body: dict[str, Any]) -> Answer:
        """201: kept; 200: kept before (a repeat); 4xx other than 401/403/404 comes back for
        the caller to note (the server will never keep that roll)."""
        return self._call("POST", f"/api/agent/games/{self.address.game_id}/rolls", body)

    def post_correction(self, body: dict[str, Any]) -> Answer:
        """200: taken (`changed` false when taken before); 409: the roll was accepted or is no
        longer pending, and the server will never take this correction; 400 as for a roll."""
        return self._call("POST", f"/api/agent/games/{self.address.game_id}/corrections", body)

    def _call(self, method: str, path: str, body: dict[str, Any] | None) -> Answer:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.address.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self._token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout_s) as response:
                return Answer(response.status, _json(response.read()))
        except urllib.error.HTTPError as exc:
            answer = Answer(exc.code, _json(exc.read()))
            exc.close()
        except (OSError, urllib.error.URLError) as exc:
            raise ServerDownError(f"{self.address.base}: {exc}") from None
        if answer.status >= 500 or answer.status == 429:
            raise ServerDownError(
                f"{self.address.base}: {answer.status} {answer.body.get('error')}"
            )
        if answer.status in (401, 403, 404):
            raise AgentError(
                f"the server refused the agent ({answer.status}): {answer.body.get('error')}; "
                "check the game address and its agent token"
            )
        return answer


def _json(raw: bytes) -> dict[str, Any]:
    try:
        found = json.loads(raw)
    except ValueError:
        return {"error": raw[:200].decode("utf-8", "replace")}
    return found if isinstance(found, dict) else {"error": repr(found)[:200]}
