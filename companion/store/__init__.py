"""The append-only event store (`core.EventStore`), its connection pool, row helpers, schema and
values. See docs/storage.md.
"""

from companion.store.core import (
    ConflictError,
    EventStore,
    GameId,
    GameInfo,
    NothingToRedoError,
    NothingToUndoError,
    StoredEvent,
    StoreError,
    StoreValueError,
)

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
