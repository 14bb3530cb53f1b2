"""The club: every table at a glance (`/club`), each table as one small card that changes when
its game, its camera roll or its agent's state does.

`ClubHub` wakes the streams waiting on a game when it changes: told by the store's listener
(PostgreSQL: a NOTIFY from whichever server process wrote) and by this process's own agent
rolls; SQLite has no listener, so the streams also look again every `poll_s`. A card is worked
out once per change and shared by every viewer of that table.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.errors import DicetableError, StoreError
from companion.session.camera import die_text

if TYPE_CHECKING:
    from companion.session import Session
    from companion.session.agents import AgentDesk

ALL = "*"
RETRY_S = 0.5  # how soon a stream asks a database that did not answer again


def leader(state: dict[str, Any], winner: str | None) -> str | None:
    """The winner, else the one player ahead on score (None when tied or scoreless)."""
    if winner:
        return winner
    scored: list[tuple[float, str]] = [
        (float(p["score"]), str(p.get("name")))
        for p in state.get("players", [])
        if isinstance(p, dict) and isinstance(p.get("score"), int | float)
    ]
    if not scored:
        return None
    best = max(score for score, _ in scored)
    ahead = [name for score, name in scored if score == best]
    return ahead[0] if len(ahead) == 1 and best > 0 else None


def table_card(session: Session, desk: AgentDesk, game_id: str) -> dict[str, Any]:
    """One table: game, players, whose turn, last camera roll, leader, agent state."""
    store = session.store
    info = store.get_game(game_id)
    rules, head, state = session.rules_state(info.id)
    shown = rules.state_json(state)
    winner = rules.winner(state)
    roll = store.last_camera_roll(info.id)
    agent = desk.agent_state(info.id)
    last = None
    if roll is not None:
        dice = roll.data.get("dice", [])
        last = {
            "n": roll.n,
            "roll_id": roll.roll_id,
            "dice": " ".join(die_text_of(d) for d in dice if isinstance(d, dict)),
            "settled_at": roll.settled_at,
            "received_at": roll.received_at,
        }
    connected = None if agent is None else f"{agent['connected']}.{agent.get('camera')}"
    return {
        "game_id": info.id,
        "title": info.title,
        "game": info.game,
        "seq": head,
        "players": [str(p.get("name")) for p in shown.get("players", []) if isinstance(p, dict)],
        "turn": rules.current_player(state),
        "winner": winner,
        "leader": leader(shown, winner),
        "last_roll": last,
        "agent": agent,
        "version": f"{head}.{0 if roll is None else roll.n}.{connected}",
    }


def die_text_of(die: dict[str, Any]) -> str:
    from vision.types import Colour

    try:
        return die_text(Colour.parse(str(die.get("colour"))), int(die.get("pips", 0)))
    except (TypeError, ValueError):
        return "?"


class ClubHub:
    """Per-game change counters with a wake-up each, and the latest card of each game."""

    def __init__(self, session: Session, desk: AgentDesk, poll_s: float) -> None:
        self.session = session
        self.desk = desk
        self.poll_s = poll_s
        self._lock = threading.Lock()
        self._ticks: dict[str, int] = {}
        self._total = 0
        self._waits: dict[str, threading.Condition] = {}
        self._everyone = threading.Condition(self._lock)
        self._cards: dict[str, tuple[int, float, dict[str, Any]]] = {}
        self._card_locks: dict[str, threading.Lock] = {}

    def changed(self, game_id: str) -> None:
        with self._lock:
            self._total += 1
            if game_id == ALL:
                for key in self._ticks:
                    self._ticks[key] += 1
                for cond in self._waits.values():
                    cond.notify_all()
            else:
                self._ticks[game_id] = self._ticks.get(game_id, 0) + 1
                waiting = self._waits.get(game_id)
                if waiting is not None:
                    waiting.notify_all()
            self._everyone.notify_all()

    def tick(self, game_id: str | None) -> int:
        with self._lock:
            return self._total if game_id is None else self._ticks.get(game_id, 0)

    def wait(self, game_id: str | None, seen_tick: int, timeout_s: float) -> None:
        """Until the game (None: any game) changes past `seen_tick`, or `timeout_s`."""
        with self._lock:
            if game_id is None:
                cond = self._everyone
            else:
                cond = self._waits.setdefault(game_id, threading.Condition(self._lock))
            deadline = time.monotonic() + timeout_s
            while True:
                now_tick = self._total if game_id is None else self._ticks.get(game_id, 0)
                remaining = deadline - time.monotonic()
                if now_tick != seen_tick or remaining <= 0 or self.session.closed:
                    return
                cond.wait(remaining)

    def card(self, game_id: str) -> dict[str, Any]:
        """The game's card as of its latest change (worked out once for every viewer); looked
        at again after `poll_s` (an agent falls silent with no change to tell of it)."""
        tick = self.tick(game_id)
        with self._lock:
            lock = self._card_locks.setdefault(game_id, threading.Lock())
        with lock:
            found = self._cards.get(game_id)
            if found is not None and found[0] == tick and time.monotonic() - found[1] < self.poll_s:
                return found[2]
            made = table_card(self.session, self.desk, game_id)
            self._cards[game_id] = (tick, time.monotonic(), made)
            return made

    def cards(self) -> list[dict[str, Any]]:
        """Every table's card, in a stable order (by title, "Table 2" before "Table 10", then
        when the game began), so a TV showing them does not reshuffle at every roll; one the
        rules cannot read shows its error, not the others'."""
        out = []
        games = sorted(
            self.session.store.list_games(), key=lambda g: (title_key(g.title), g.created_at, g.id)
        )
        for info in games:
            try:
                out.append(self.card(info.id))
            except DicetableError as exc:
                out.append(
                    {"game_id": info.id, "title": info.title, "game": info.game, "error": str(exc),
                     "players": [], "turn": None, "winner": None, "leader": None,
                     "last_roll": None, "agent": None, "version": f"error.{info.updated_at}"}
                )  # fmt: skip
        return out

    def follow_card(self, game_id: str, timeout_s: float) -> Callable[[str], Any]:
        """`wait(after_version)` for `web.sse.follow`: the card once its version differs."""

        def wait(after: str) -> tuple[str, Any] | None:
            deadline = time.monotonic() + timeout_s
            while not self.session.closed:
                tick = self.tick(game_id)
                try:
                    card = self.card(game_id)
                except StoreError:
                    # The database restarts: the viewer keeps its stream and gets the card
                    # once it answers again (a heartbeat meanwhile).
                    if time.monotonic() >= deadline:
                        return None
                    self.wait(game_id, tick, min(RETRY_S, self.poll_s))
                    continue
                if card["version"] != after:
                    return card["version"], card
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.wait(game_id, tick, min(remaining, self.poll_s))
            return None

        return wait

    def follow_club(self, timeout_s: float) -> Callable[[str], Any]:
        def wait(after: str) -> tuple[str, Any] | None:
            deadline = time.monotonic() + timeout_s
            while not self.session.closed:
                tick = self.tick(None)
                try:
                    tables = self.cards()
                except StoreError:
                    if time.monotonic() >= deadline:
                        return None
                    self.wait(None, tick, min(RETRY_S, self.poll_s))
                    continue
                version = club_version(tables)
                if version != after:
                    return version, {"tables": tables}
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.wait(None, tick, min(remaining, self.poll_s))
            return None

        return wait


def title_key(title: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order: runs of digits compare as numbers."""
    parts = re.split(r"(\d+)", title.casefold())
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


def club_version(tables: list[dict[str, Any]]) -> str:
    return ";".join(f"{t['game_id']}:{t['version']}" for t in tables) or "empty"
