"""The session's own exceptions: a bad field of a request, a missing pending attempt."""

from __future__ import annotations

from companion.errors import DicetableError, InvalidEventError


class FieldError(DicetableError, ValueError):
    """A value the caller gave is refused; `field` names it (`players`, `options.edition`...)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(message)


class PendingError(FieldError, InvalidEventError):
    """A change to the pending roll (or accepting it) is refused; nothing changed."""


class NoPendingError(DicetableError, LookupError):
    """The game has no declared attempt to change, accept or cancel."""
