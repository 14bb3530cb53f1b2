"""A game's downloads carry its current title and are named by game and title (issue 32 item
12): a rename reaches the record's `[Title]`, the record a delete hands back is the renamed one,
and each game's record has its own suffix, not `.ryb` for all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_game_frame import new_game

pytestmark = pytest.mark.browser

SUFFIXES = [("ryb", "ryb"), ("flyer", "flyer"), ("rgb", "rgb"), ("modifier", "mod")]


def rename(page: Any, title: str) -> None:
    page.click("#game-menu summary")
    page.fill("#rename-form input[name=title]", title)
    page.click("#rename-form button")
    page.locator(".topbar h1", has_text=title).wait_for()


@pytest.mark.parametrize(("game", "suffix"), SUFFIXES)
def test_the_exports_follow_a_rename(
    page: Any, dashboard: Dashboard, game: str, suffix: str
) -> None:
    game_id = new_game(dashboard, game)
    page.goto(dashboard.url(f"/games/{game_id}"))
    rename(page, "Friday Final at the Café")
    stem = f"{game}-friday-final-at-the-cafe-{game_id}"
    with page.expect_download() as record:
        page.click(f"a[href='/api/games/{game_id}/record']")
    assert record.value.suggested_filename == f"{stem}.{suffix}"
    text = Path(record.value.path()).read_text(encoding="utf-8")
    assert '[Title "Friday Final at the Café"]' in text
    with page.expect_download() as play:
        page.click(f"a[href='/api/games/{game_id}/bgstats.json']")
    assert play.value.suggested_filename == f"{stem}.bgsplay"
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download() as kept:
        page.click("#delete-game")
    assert kept.value.suggested_filename == f"{stem}.{suffix}"
    assert Path(kept.value.path()).read_text(encoding="utf-8") == text


def test_a_renamed_record_imports_back_with_its_new_title(dashboard: Dashboard) -> None:
    session = dashboard.session
    game_id = new_game(dashboard, "ryb")
    session.rename_game(game_id, "Friday final")
    again = session.import_record(session.export(game_id))
    assert again.title == "Friday final"
    assert session.export(again.game_id).count("[Title ") == 1
