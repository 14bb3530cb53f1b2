"""Every game's table page is one frame (issue 32 item 1): the kid view and overlay links, the
overlay URL, the exports (record, rolls CSV where the game has dice, BG Stats), the game menu
(rename, rematch, delete) and the kid view PIN, for RYB, the flyer game, RGB and the modifier
game alike."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.api.support import OVERLAY
from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser

# (game, whether it throws dice, so offers a rolls CSV)
GAMES = [("ryb", True), ("flyer", True), ("rgb", False), ("modifier", True)]


def new_game(dashboard: Dashboard, game: str) -> str:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo", "Cy"][: 2 if game == "rgb" else 3],
                       "options": {"game": game}}
    )  # fmt: skip
    assert status == 201
    return str(view["id"])


def hrefs(tab: Any) -> list[str]:
    return [str(a.get_attribute("href")) for a in tab.query_selector_all(".topbar .links a")]


@pytest.mark.parametrize(("game", "dice"), GAMES)
def test_every_game_page_has_the_links_exports_and_overlay_url(
    page: Any, dashboard: Dashboard, game: str, dice: bool
) -> None:
    game_id = new_game(dashboard, game)
    page.goto(dashboard.url(f"/games/{game_id}"))
    page.wait_for_selector("#live-status[data-state=live]")
    links = hrefs(page)
    overlay = f"/overlay/{game_id}?token={OVERLAY}"
    assert f"/games/{game_id}/kid" in links
    assert any(link.endswith(overlay) for link in links)
    assert overlay in page.inner_text("#overlay-url")
    assert f"/api/games/{game_id}/record" in links
    assert f"/api/games/{game_id}/bgstats.json" in links
    assert (f"/api/games/{game_id}/rolls.csv" in links) is dice
    with page.expect_download() as download:
        page.click(f"a[href='/api/games/{game_id}/bgstats.json']")
    play = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [p["name"] for p in play["players"]] == [
        p["name"] for p in dashboard.session.view(game_id).to_json()["state"]["players"]
    ]


@pytest.mark.parametrize(("game", "dice"), GAMES)
def test_every_game_page_renames_and_starts_a_rematch(
    page: Any, dashboard: Dashboard, game: str, dice: bool
) -> None:
    game_id = new_game(dashboard, game)
    page.goto(dashboard.url(f"/games/{game_id}"))
    page.click("#game-menu summary")
    page.fill("#rename-form input[name=title]", "Friday final")
    page.click("#rename-form button")
    page.locator(".topbar h1", has_text="Friday final").wait_for()
    assert dashboard.session.view(game_id).title == "Friday final"
    page.click("#rematch")
    page.wait_for_url(lambda url: game_id not in url and "/games/" in url)
    rematch = page.url.rsplit("/", 1)[1]
    view = dashboard.session.view(rematch)
    assert view.to_json()["game"] == game
    assert [p["name"] for p in view.to_json()["state"]["players"]] == [
        p["name"] for p in dashboard.session.view(game_id).to_json()["state"]["players"]
    ]


@pytest.mark.parametrize(("game", "dice"), GAMES)
def test_every_game_page_deletes_and_sets_the_kid_pin(
    page: Any, dashboard: Dashboard, game: str, dice: bool
) -> None:
    game_id = new_game(dashboard, game)
    page.goto(dashboard.url(f"/games/{game_id}"))
    page.fill("#pin-form input[name=pin]", "123")
    page.click("#pin-form button")
    assert "A PIN is set" in page.inner_text("#pin-form .pin-note")
    page.click("#kid-link")
    page.wait_for_url(dashboard.url(f"/games/{game_id}/kid"))
    page.click("#leave")
    page.wait_for_selector(".pin-pad")
    for digit in "123":
        page.click(f".pin-key:text-is('{digit}')")
    page.wait_for_url(dashboard.url(f"/games/{game_id}"))
    page.click("#game-menu summary")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download() as download:
        page.click("#delete-game")
    assert Path(download.value.path()).read_text(encoding="utf-8") == (
        dashboard.session.export(game_id)
    )
    page.wait_for_url(dashboard.url("/"))
    assert dashboard.session.list_games() == []
