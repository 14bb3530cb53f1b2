"""The session's own exceptions: a bad field of a request, a missing pending attempt.

FieldError and PendingError are defined in `companion.errors` (the table roll raises them
without importing the session) and named here too, where the session's callers import them.
"""

from __future__ import annotations

from companion.errors import DicetableError
from companion.errors import FieldError as FieldError
from companion.errors import PendingError as PendingError


class NoPendingError(DicetableError, LookupError):
    """The game has no declared attempt to change, accept or cancel."""
