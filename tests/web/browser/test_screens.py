"""Screenshots of the pages not covered elsewhere, at a laptop's 1280x720 and a tablet's size,
for people to look at (test-output/screenshots/), with the checks that they fit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import LAPTOP, TABLET, Dashboard, screenshot

pytestmark = pytest.mark.browser
GOLDEN = Path(__file__).parents[2] / "companion" / "golden" / "example3.ryb"


def test_home_table_and_error_pages(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = dashboard.session.import_record(GOLDEN.read_text(encoding="utf-8")).game_id
    tab.goto(dashboard.url("/"))
    tab.wait_for_selector("#games a.game-link")
    assert "Catherine to play" in tab.inner_text("#games")
    screenshot(tab, "home-with-games")

    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#live-status[data-state=live]")
    assert tab.locator("li.goal").count() == 2
    assert "banked 7 / 18" in tab.inner_text("li.goal[data-ref='#2']")
    for size, name in ((LAPTOP, "table-laptop"), (TABLET, "table-tablet")):
        tab.set_viewport_size(size)
        # Nothing sticks out sideways: the page scrolls down only.
        assert tab.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(tab, name, full_page=False)

    answer = tab.goto(dashboard.url("/games/x0000000000"))
    assert answer is not None and answer.status == 404
    screenshot(tab, "not-found")
