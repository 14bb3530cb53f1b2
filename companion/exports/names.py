"""What a game's downloads are called: by its game and title, with its id so two games of one
title never share a name (`ryb-friday-final-k3x9q2m7wd.ryb`), and the record's suffix by game
(the suffixes of the golden records: `.ryb`, `.flyer`, `.rgb`, `.mod`). Only ASCII letters,
digits and dashes, so every browser and file system keeps the name as given."""

from __future__ import annotations

import re
import unicodedata

RECORD_SUFFIXES = {
    "ryb": "ryb",
    "flyer": "flyer",
    "rgb": "rgb",
    "modifier": "mod",
    "fivedice": "fivedice",
    "farkle": "farkle",
    "sheet": "sheet",
}
MAX_SLUG_CHARS = 48


def slug(title: str) -> str:
    """`Friday at the Café!` -> `friday-at-the-cafe`; "" when nothing ASCII is left."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return words[:MAX_SLUG_CHARS].rstrip("-")


def export_stem(game: str, title: str, game_id: str) -> str:
    words = slug(title)
    named = words == game or words.startswith(f"{game}-")  # "ryb game of 2026-11-27"
    return "-".join(part for part in ("" if named else game, words, game_id) if part)


def record_filename(game: str, title: str, game_id: str) -> str:
    return f"{export_stem(game, title, game_id)}.{RECORD_SUFFIXES.get(game, 'txt')}"
