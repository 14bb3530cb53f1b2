"""The shared frame's game menu on a phone (issue 32 item 1): opened on any game's page it lies
inside the screen, whatever row its summary wrapped to, and its words are readable."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_game_frame import new_game

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("game", ["ryb", "flyer", "rgb", "modifier"])
def test_the_open_menu_is_on_the_screen(page: Any, dashboard: Dashboard, game: str) -> None:
    game_id = new_game(dashboard, game)
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{game_id}"))
    page.click("#game-menu summary")
    for part in ("#rename-form input", "#rename-form button", "#rematch", "#delete-game"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0, (part, box)
        assert box["x"] + box["width"] <= PHONE["width"], (part, box)
    label = page.eval_on_selector("#rename-form label", "e => getComputedStyle(e).color")
    assert label == "rgb(27, 27, 27)"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
