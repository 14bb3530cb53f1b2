"""The append-only event store (`core.EventStore`), its connection pool, row helpers, schema and
values. See docs/storage.md.
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
