"""The start page offers every game: choosing one shows its own player limits and options, and
starting it opens that game's table."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser


def test_the_start_page_creates_a_modifier_game(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#player-names input")
    assert page.is_visible('[data-option="edition"]')
    page.select_option("#game", "modifier")
    assert not page.is_visible('[data-option="edition"]')
    for _ in range(3):
        page.click("#add-player")
    assert page.locator("#player-names input").count() == 6
    assert page.is_disabled("#add-player")
    assert "2 to 6 players" in page.inner_text("#player-limit")
    page.click("#remove-player")
    page.click("#remove-player")
    page.click("#remove-player")
    for k, name in enumerate(("Ann", "Ben", "Cat")):
        page.locator("#player-names input").nth(k).fill(name)
    page.click("#start-game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#modifier-view")
    (game,) = dashboard.session.list_games()
    assert (game.game, game.players) == ("modifier", ("Ann", "Ben", "Cat"))


def test_the_games_list_names_each_game(page: Any, dashboard: Dashboard) -> None:
    dashboard.session.create_from_options(["Ann", "Ben"], {"game": "modifier", "title": "Friday"})
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#games .game-link")
    assert "Modifier dice game" in page.inner_text("#games li .game-kind")


def test_choosing_rgb_leaves_two_name_fields_and_keeps_names(
    page: Any, dashboard: Dashboard
) -> None:
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#player-names input")
    page.locator("#player-names input").nth(0).fill("Al")
    page.select_option("#game", "rgb")
    assert page.locator("#player-names input").count() == 2
    assert page.input_value("#player-names input >> nth=0") == "Al"
    assert page.is_disabled("#add-player") and page.is_disabled("#remove-player")
    assert "RGB is for 2 players" in page.inner_text("#player-limit")
    page.select_option("#game", "flyer")
    wait_until(page, "() => !document.querySelector('[data-option=covered]').closest('[hidden]')")
