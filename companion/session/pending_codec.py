"""A pending attempt (`companion.session.camera.Pending`) as JSON and back, exactly: every field
of every dataclass in it, by its type hints (so a field added later travels too), bytes as
base64, enums by value. Used to keep pending attempts in the store when several server
processes share them (`companion.session.shared_table`)."""

from __future__ import annotations

import base64
import dataclasses
import enum
import json
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.session.camera import Pending
from companion.session.values import Cleared


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bytes | bytearray | memoryview):
        return {"base64": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return [[encode(k), encode(v)] for k, v in value.items()]
    if isinstance(value, float | int | str | bool) or value is None:
        return value
    if hasattr(value, "item"):  # a numpy scalar
        return value.item()
    raise TypeError(f"cannot keep a {type(value).__name__} of a pending attempt")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(hint: Any, data: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return decode(inner, data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], item) for item in data)
        return tuple(decode(a, item) for a, item in zip(args, data, strict=True))
    if origin in (Mapping, dict) or (origin is not None and issubclass(origin, Mapping)):
        key, value = args
        return {decode(key, k): decode(value, v) for k, v in data}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        # A field added since the record was kept takes its default.
        fields = [f for f in dataclasses.fields(hint) if f.name in data]
        return hint(**{f.name: decode(hints[f.name], data[f.name]) for f in fields})
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if hint is bytes:
        return base64.b64decode(data["base64"])
    if hint is float:
        return float(data)
    return data


def pending_text(pending: Pending) -> str:
    return json.dumps(encode(pending), separators=(",", ":"))


def pending_of(text: str) -> Pending:
    found = decode(Pending, json.loads(text))
    assert isinstance(found, Pending)
    return found


def cleared_text(cleared: Cleared) -> str:
    return json.dumps(encode(cleared), separators=(",", ":"))


def cleared_of(text: str) -> Cleared:
    found = decode(Cleared, json.loads(text))
    assert isinstance(found, Cleared)
    return found
