"""The checks every game's golden records share: a record replays to the `.json` beside it (key
order included), and its export replays to the same state.

Regenerate the `.json` files after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest
tests/companion/<game>/test_golden.py`, then review the diff.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.exports.record import format_record, parse_record, replay, replay_steps


def assert_matches_golden(path: Path, got: dict[str, Any]) -> None:
    """`got` (the replayed state's JSON) equals the `.json` beside `path`, keys in its order."""
    expected_path = path.with_suffix(".json")
    if os.environ.get("DICETABLE_REGEN_GOLDEN") == "1":
        expected_path.write_text(json.dumps(got, indent=2) + "\n", encoding="utf-8")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert got == expected
    assert list(got) == list(expected)  # key order is part of the shape


def assert_export_replays(path: Path, format_event: Callable[[Any], str]) -> str:
    """The record re-written from its replayed events replays to the same state; returns it."""
    text = path.read_text(encoding="utf-8")
    steps = list(replay_steps(text))
    exported = format_record(parse_record(text).header, [format_event(s.event) for s in steps])
    assert replay(exported) == steps[-1].state
    return exported
