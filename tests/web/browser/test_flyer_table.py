"""The flyer game played by clicking on its table view: the colour values thrown, a roll of
colour dice entered, a space's markers moved with the dice the page offers, and undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = pytest.mark.browser


def act(tab: Any, do: Callable[[], None]) -> None:
    before = tab.get_attribute("#flyer-view", "data-seq")
    do()
    wait_until(
        tab,
        "(before) => document.querySelector('#flyer-view').dataset.seq !== before",
        arg=before,
    )


def test_values_a_roll_and_a_move_by_clicking(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": "flyer"}}
    )
    assert status == 201
    tab = page
    tab.goto(dashboard.url(f"/games/{view['id']}"))
    for k, throw in enumerate("314156", start=1):
        tab.fill(f"#values-form input[name=throw{k}]", throw)
    act(tab, lambda: tab.click("#values-form button[type=submit]"))
    assert tab.inner_text("[data-value=white]") == "6 points"
    for k, colour in enumerate(["red", "red", "blue", "yellow", "white"], start=1):
        tab.select_option(f"#roll-form select[name=die{k}]", colour)
    act(tab, lambda: tab.click("#roll-form button[type=submit]"))
    assert len(tab.query_selector_all("#flyer-dice .flyer-chip")) == 5
    assert "from" in str(tab.get_attribute("[data-space=centre]", "class"))
    tab.click("[data-space=centre]")
    act(tab, lambda: tab.click("[data-move='yellow blue red to n']"))
    label = str(tab.get_attribute("[data-space=n]", "aria-label"))
    assert "red, blue, yellow (bottom to top)" in label  # they land reversed
    assert [c.inner_text() for c in tab.query_selector_all("#flyer-dice .flyer-chip")] == ["white"]
    assert "Bo rolls next" in tab.inner_text("#flyer-status")
    screenshot(tab, "flyer-table")
    act(tab, lambda: tab.click("#undo"))
    assert "no markers" in str(tab.get_attribute("[data-space=n]", "aria-label"))
