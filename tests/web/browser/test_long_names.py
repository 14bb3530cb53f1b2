"""Long names on a phone (issue 47 item 9): a 38-letter name widened a 390 px page to 488 px
(RYB's and RGB's table views) and 590 px (RGB's kid view); headings and selects now wrap."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LONG = ["Maximiliana-Katharinavonundzuhohenberg", "Bartholomew-Cunningham-Fitzgerald"]


@pytest.mark.parametrize("game", ["ryb", "rgb"])  # the two that widened
def test_long_names_do_not_widen_a_phone_page(page: Any, dashboard: Dashboard, game: str) -> None:
    page.set_viewport_size(PHONE)
    status, view = dashboard.post("/api/games", {"players": LONG, "options": {"game": game}})
    assert status == 201
    for path in (f"/games/{view['id']}", f"/games/{view['id']}/kid"):
        page.goto(dashboard.url(path))
        page.wait_for_timeout(400)  # the page draws its first view from the API
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (path, width)
