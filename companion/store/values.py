"""The event store's values and the checks every value passes before it is stored.

Pure (no SQLite): the limits live here so that docs, tests and callers quote one place.
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

from companion.errors import InvalidGameIdError, StoreValueError

GameId = str

# Crockford-style alphabet: lower case, no i/l/o/u, so an id read aloud or typed is unambiguous,
# and no leading "-" that a command line would take for an option.
ID_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
ID_LENGTH = 10  # 50 random bits
GAME_ID_RE = re.compile(rf"[{ID_ALPHABET}]{{{ID_LENGTH}}}")
NAME_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")  # game kinds and event sources

MAX_LINE_CHARS = 1000
MAX_HEADER_ITEMS = 64
MAX_HEADER_KEY_CHARS = 64
MAX_HEADER_VALUE_CHARS = 1000
MAX_TITLE_CHARS = 200
MAX_META_JSON_CHARS = 16_384
MAX_THUMBNAIL_BYTES = 512 * 1024
JPEG_MAGIC = b"\xff\xd8\xff"

# Control characters (tab, CR, LF, NEL...), line/paragraph separators and lone surrogates: any
# of them would split a record line on export or fail to encode as UTF-8.
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def new_game_id() -> GameId:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def check_game_id(value: object) -> GameId:
    if not isinstance(value, str) or GAME_ID_RE.fullmatch(value) is None:
        raise InvalidGameIdError(
            f"invalid game id {_show(value)}: expected {ID_LENGTH} characters of {ID_ALPHABET!r}"
        )
    return value


def check_name(what: str, value: object) -> str:
    if not isinstance(value, str) or NAME_RE.fullmatch(value) is None:
        raise StoreValueError(
            f"invalid {what} {_show(value)}: expected a lower-case letter then up to 31 of "
            "a-z, 0-9, '_', '-'"
        )
    return value


def check_seq(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StoreValueError(f"invalid seq {_show(value)}: expected an int >= 0")
    return value


def check_text(what: str, value: object, max_chars: int) -> str:
    """One line of text: non-blank, no surrounding spaces, no line breaks or control chars."""
    if not isinstance(value, str):
        raise StoreValueError(f"{what} must be a str, got {type(value).__name__}")
    if not value.strip():
        raise StoreValueError(f"{what} must not be empty or blank, got {value!r}")
    if len(value) > max_chars:
        raise StoreValueError(
            f"{what} is {len(value)} characters, over the limit of {max_chars}: {_show(value)}"
        )
    if value != value.strip():
        raise StoreValueError(f"{what} must not start or end with whitespace: {_show(value)}")
    bad = next((c for c in value if unicodedata.category(c) in _FORBIDDEN_CATEGORIES), None)
    if bad is not None:
        raise StoreValueError(
            f"{what} must be one line without control characters; found {bad!r} in {_show(value)}"
        )
    return value


def check_line(value: object) -> str:
    return check_text("line", value, MAX_LINE_CHARS)


def check_header(header: object) -> dict[str, str]:
    if not isinstance(header, Mapping):
        raise StoreValueError(f"header must be a mapping of str to str, got {_show(header)}")
    if len(header) > MAX_HEADER_ITEMS:
        raise StoreValueError(
            f"header has {len(header)} items, over the limit of {MAX_HEADER_ITEMS}"
        )
    checked: dict[str, str] = {}
    for key, value in header.items():
        name = check_text("header key", key, MAX_HEADER_KEY_CHARS)
        checked[name] = check_text(f"header value of {name!r}", value, MAX_HEADER_VALUE_CHARS)
    return checked


def check_meta(meta: object) -> str:
    """The meta mapping as compact JSON text (finite numbers only)."""
    if meta is None:
        return "{}"
    if not isinstance(meta, Mapping) or not all(isinstance(k, str) for k in meta):
        raise StoreValueError(f"meta must be a mapping with str keys, got {_show(meta)}")
    try:
        text = json.dumps(dict(meta), allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise StoreValueError(f"meta is not JSON-serialisable ({exc}): {_show(meta)}") from None
    if len(text) > MAX_META_JSON_CHARS:
        raise StoreValueError(
            f"meta is {len(text)} characters of JSON, over the limit of {MAX_META_JSON_CHARS}"
        )
    return text


def check_thumbnail(jpeg: object) -> bytes | None:
    if jpeg is None:
        return None
    if not isinstance(jpeg, bytes | bytearray | memoryview):
        raise StoreValueError(f"thumbnail_jpeg must be bytes, got {type(jpeg).__name__}")
    data = bytes(jpeg)
    if len(data) > MAX_THUMBNAIL_BYTES:
        raise StoreValueError(
            f"thumbnail_jpeg is {len(data)} bytes, over the limit of {MAX_THUMBNAIL_BYTES}"
        )
    if not data.startswith(JPEG_MAGIC):
        raise StoreValueError(f"thumbnail_jpeg is not a JPEG (starts with {data[:4]!r})")
    return data


def default_title(kind: str, header: Mapping[str, str], created_at: str) -> str:
    """The header's title (any case of the key), else the kind and creation date."""
    for key, value in header.items():
        if key.casefold() == "title":
            return value[:MAX_TITLE_CHARS]
    return f"{kind} game of {created_at[:10]}"


def utc_iso(moment: datetime) -> str:
    """ISO 8601 in UTC with microseconds and a Z, so the text sorts in time order."""
    if moment.tzinfo is None:
        raise StoreValueError(f"clock returned a naive datetime {moment!r}; it must be aware")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A stored game: its id, kind ("ryb"), immutable header and bookkeeping."""

    id: GameId
    game: str
    header: Mapping[str, str]
    title: str
    created_at: str
    updated_at: str
    archived: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "header": dict(self.header),
            "title": self.title,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "archived": self.archived,
        }


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """One game-record line as stored, with its place in the game's history."""

    game_id: GameId
    seq: int
    line: str
    created_at: str
    source: str
    undone: bool
    undone_at: str | None
    has_thumbnail: bool
    meta: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "seq": self.seq,
            "line": self.line,
            "created_at": self.created_at,
            "source": self.source,
            "undone": self.undone,
            "undone_at": self.undone_at,
            "has_thumbnail": self.has_thumbnail,
            "meta": dict(self.meta),
        }


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event's input fields, each checked, ready to insert."""

    line: str
    source: str
    meta_json: str
    thumbnail_jpeg: bytes | None

    @classmethod
    def checked(
        cls, line: object, source: object, meta: object, thumbnail_jpeg: object
    ) -> NewEvent:
        return cls(
            line=check_line(line),
            source=check_name("source", source),
            meta_json=check_meta(meta),
            thumbnail_jpeg=check_thumbnail(thumbnail_jpeg),
        )


def frozen_mapping(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(data))
