"""The append-only event store (`core.EventStore`), its connection pool, row helpers, schema and
values. See docs/storage.md. It keeps record lines and knows no game: it never imports the rules
or the session.
"""

from companion.errors import (
    ConflictError,
    NothingToRedoError,
    NothingToUndoError,
    StoreError,
    StoreValueError,
)
from companion.store.core import EventStore
from companion.store.values import GameId, GameInfo, StoredEvent

__all__ = [
    "ConflictError",
    "EventStore",
    "GameId",
    "GameInfo",
    "NothingToRedoError",
    "NothingToUndoError",
    "StoreError",
    "StoreValueError",
    "StoredEvent",
]
