"""Download names by game and title (companion.exports.names)."""

from __future__ import annotations

import pytest

from companion.exports.names import export_stem, record_filename, slug


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Friday at the Café!", "friday-at-the-cafe"),
        ("  --  ", ""),
        ("日本語", ""),
        ("a/b\\c:d", "a-b-c-d"),
        ("x" * 80, "x" * 48),
        ("Round 2 — the rematch", "round-2-the-rematch"),
    ],
)
def test_slug(title: str, expected: str) -> None:
    assert slug(title) == expected


@pytest.mark.parametrize(
    ("game", "title", "expected"),
    [
        ("ryb", "Friday", "ryb-friday-k3x9q2m7wd.ryb"),
        ("modifier", "Friday", "modifier-friday-k3x9q2m7wd.mod"),
        ("flyer", "", "flyer-k3x9q2m7wd.flyer"),
        ("rgb", "rgb game of 2026-11-27", "rgb-game-of-2026-11-27-k3x9q2m7wd.rgb"),
        ("rgb", "RGB", "rgb-k3x9q2m7wd.rgb"),
    ],
)
def test_record_filename(game: str, title: str, expected: str) -> None:
    assert record_filename(game, title, "k3x9q2m7wd") == expected
    assert expected.startswith(export_stem(game, title, "k3x9q2m7wd") + ".")
