"""The game side's exceptions. Every message names the bad value."""

from __future__ import annotations


class DicetableError(Exception):
    """Base of every error Dicetable raises on purpose."""


class InvalidEventError(DicetableError, ValueError):
    """The rules refuse an event; the state it was applied to is unchanged."""


class LineError(DicetableError, ValueError):
    """A text the user wrote cannot be read; the line it is on is named when known."""

    def __init__(self, message: str, line_no: int | None = None, line: str | None = None) -> None:
        self.reason = message
        self.line_no = line_no
        self.line = line
        where = f"line {line_no}: {line!r}: " if line_no is not None else ""
        super().__init__(f"{where}{message}")


class RecordError(LineError):
    """A game record (or one line of it) cannot be read."""


class FieldError(DicetableError, ValueError):
    """A value the caller gave is refused; `field` names it (`players`, `options.edition`...)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(message)


class PendingError(FieldError, InvalidEventError):
    """A change to the pending roll (or accepting it) is refused; nothing changed."""


class StoreError(DicetableError):
    """The event store cannot do what was asked."""


class StoreUnavailableError(StoreError):
    """The database cannot answer now (down, restarting, out of reach): the same request may
    succeed once it is back."""


class UnknownGameError(StoreError, LookupError):
    """No game has the given id."""


class NothingToUndoError(StoreError):
    """Undo was asked for on a game with no live events."""


class StoreValueError(StoreError, ValueError):
    """A value handed to the store is malformed (a line, a header, meta); nothing was stored."""


class InvalidGameIdError(StoreValueError):
    """A game id does not have the shape the store hands out."""


class UnknownEventError(StoreError, LookupError):
    """A game has no event with the given sequence number."""


class NothingToRedoError(StoreError):
    """Redo was asked for but no undo is waiting (or an event was appended since)."""


class ConflictError(StoreError):
    """The game changed since the caller read it; nothing was stored. Reload and retry."""

    def __init__(self, game_id: str, expected_seq: int, actual_seq: int) -> None:
        self.game_id = game_id
        self.expected_seq = expected_seq
        self.actual_seq = actual_seq
        super().__init__(
            f"game {game_id!r}: expected last live seq {expected_seq} but it is now "
            f"{actual_seq} (another client changed the game); reload and retry"
        )
