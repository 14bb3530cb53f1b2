"""Table names: what a player types, checked before it reaches the store."""

from __future__ import annotations

import re
from pathlib import Path

from companion.session.errors import FieldError

DEFAULT_TABLE = "default"
MAX_NAME = 40
_ALLOWED = re.compile(r"[\w\- ]+")


class TableNameError(FieldError):
    """A table name the store refuses."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "table")


def check_table_name(name: object) -> str:
    """The name, trimmed, or TableNameError saying why it cannot name a table."""
    if not isinstance(name, str) or not name.strip():
        raise TableNameError("a table needs a name, for example 'kitchen'")
    text = name.strip()
    if len(text) > MAX_NAME:
        raise TableNameError(f"a table name is at most {MAX_NAME} characters, got {len(text)}")
    if not _ALLOWED.fullmatch(text):
        raise TableNameError(
            f"table name {text!r} may hold letters, digits, spaces, '-' and '_' only"
        )
    return text


def table_for(data_dir: Path | None) -> str:
    """The table a live camera reads at: the active calibration profile's name, else default."""
    if data_dir is None:
        return DEFAULT_TABLE
    from calibration.storage import active_name

    return active_name(data_dir) or DEFAULT_TABLE
