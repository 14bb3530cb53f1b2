"""The values the session hands to the web and the CLI: a game's view, its history, the table's
last roll. All frozen; `to_json()` gives the shapes documented in docs/api.md.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from companion.session.camera import Pending
from companion.store.values import StoredEvent, utc_iso
from vision.types import Die


def now_iso() -> str:
    """The time now, as the store writes its times."""
    return utc_iso(datetime.now(UTC))


def version_token(seq: int, pending_rev: int) -> str:
    """The SSE id of a game's view: the head seq, then the pending attempt's revision.

    The head seq alone fixes the live events (docs/storage.md); the revision covers the pending
    camera roll, which lives in the session, not the log.
    """
    return f"{seq}.{pending_rev}"


@dataclass(frozen=True, slots=True)
class Cleared:
    """A declared attempt the game moved past before its roll was accepted, and why."""

    player: str
    goal: str
    cause: str  # "append", "undo", "redo", or "changed" (by another process)
    reason: str
    seq: int  # the game's head seq when it was cleared

    def describe(self) -> str:
        return f"{self.player}'s attempt on {self.goal} was cleared: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "goal": self.goal,
            "cause": self.cause,
            "reason": self.reason,
            "seq": self.seq,
        }


@dataclass(frozen=True, slots=True)
class GameView:
    """One game as a client sees it: the rules' state JSON after the live events."""

    game_id: str
    game: str
    seq: int
    version: str
    title: str
    header: Mapping[str, str]
    state: Mapping[str, Any]
    pending: Pending | None
    pending_cleared: Cleared | None
    created_at: str
    updated_at: str
    undo: Step | None = None  # the event undo would take back
    redo: Step | None = None  # the event redo would bring back

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "game": self.game,
            "seq": self.seq,
            "version": self.version,
            "title": self.title,
            "header": dict(self.header),
            "state": copy.deepcopy(dict(self.state)),
            "pending": None if self.pending is None else self.pending.to_json(),
            "pending_cleared": None
            if self.pending_cleared is None
            else self.pending_cleared.to_json(),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "undo": None if self.undo is None else self.undo.to_json(),
            "redo": None if self.redo is None else self.redo.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Step:
    """An event undo or redo would move: its seq and its line."""

    seq: int
    line: str

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "line": self.line}


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A line of the games list."""

    game_id: str
    game: str
    title: str
    seq: int
    players: tuple[str, ...]
    current_player: str | None
    winner: str | None
    created_at: str
    updated_at: str
    scores: tuple[int | None, ...] = ()  # by seat; None where the game keeps no score
    lowest_wins: bool = False  # the lowest score leads (a game's state JSON says `lowest_wins`)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "game": self.game,
            "title": self.title,
            "seq": self.seq,
            "players": list(self.players),
            "current_player": self.current_player,
            "winner": self.winner,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "scores": list(self.scores),
            "lowest_wins": self.lowest_wins,
        }


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One stored event with its place in the history; `note` explains a camera roll."""

    seq: int
    line: str
    source: str
    undone: bool
    undone_at: str | None
    created_at: str
    has_thumbnail: bool
    meta: Mapping[str, Any]

    @classmethod
    def of(cls, event: StoredEvent) -> HistoryEntry:
        return cls(
            seq=event.seq,
            line=event.line,
            source=event.source,
            undone=event.undone,
            undone_at=event.undone_at,
            created_at=event.created_at,
            has_thumbnail=event.has_thumbnail,
            meta=event.meta,
        )

    @property
    def note(self) -> str | None:
        summary = self.meta.get("summary")
        return summary if isinstance(summary, str) else None

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "line": self.line,
            "source": self.source,
            "undone": self.undone,
            "undone_at": self.undone_at,
            "created_at": self.created_at,
            "has_thumbnail": self.has_thumbnail,
            "note": self.note,
            "meta": copy.deepcopy(dict(self.meta)),
        }


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The table's last settled roll (any game), for the kid view and the overlay."""

    rev: int
    dice: tuple[Die, ...]
    totals: Mapping[str, int]
    ignored: tuple[int, ...]
    received_at: str
    game_id: str | None
    # The settle detector's, for its later corrections (0: typed by hand; an agent's roll:
    # `companion.session.agents.shot_id`).
    roll_id: int = 0

    @property
    def unsure(self) -> tuple[int, ...]:
        return tuple(k for k, die in enumerate(self.dice) if die.unsure)

    def to_json(self) -> dict[str, Any]:
        return {
            "rev": self.rev,
            "dice": [dict(die.to_json(), index=k) for k, die in enumerate(self.dice)],
            "totals": dict(self.totals),
            "ignored": list(self.ignored),
            "unsure": list(self.unsure),
            "needs_review": bool(self.unsure),
            "received_at": self.received_at,
            "game_id": self.game_id,
        }
