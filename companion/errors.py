"""The game side's exceptions. Every message names the bad value."""

from __future__ import annotations


class DicetableError(Exception):
    """Base of every error Dicetable raises on purpose."""


class InvalidEventError(DicetableError, ValueError):
    """The rules refuse an event; the state it was applied to is unchanged."""


class RecordError(DicetableError, ValueError):
    """A game record (or one line of it) cannot be read."""

    def __init__(self, message: str, line_no: int | None = None, line: str | None = None) -> None:
        self.reason = message
        self.line_no = line_no
        self.line = line
        where = f"line {line_no}: {line!r}: " if line_no is not None else ""
        super().__init__(f"{where}{message}")


class StoreError(DicetableError):
    """The event store cannot do what was asked."""


class UnknownGameError(StoreError, LookupError):
    """No game has the given id."""


class NothingToUndoError(StoreError):
    """Undo was asked for on a game with no live events."""
