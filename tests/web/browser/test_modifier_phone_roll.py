"""Typing a modifier roll on a phone (issue 32 item 4): the number pad has no space key, so six
digits are taken written together, with commas or with dots, and six big dice can be tapped
instead; what is still wrong is refused with the value named."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until
from tests.web.browser.test_modifier_table import act

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def in_play(page: Any, dashboard: Dashboard) -> str:
    status, view = dashboard.post(
        "/api/games", {"players": ["Ann", "Ben"], "options": {"game": "modifier"}}
    )
    assert status == 201
    dashboard.session.append(view["id"], "goals most-1s highest-total longest-run")
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.wait_for_selector("#roll-Ann input[name=roll]")
    return str(view["id"])


def last_line(dashboard: Dashboard, game: str) -> str:
    return dashboard.session.history(game)[-1].line


@pytest.mark.parametrize("typed", ["123456", "1,2,3,4,5,6", "1.2.3.4.5.6", " 1 2  3 4 5 6 "])
def test_six_digits_in_any_spelling(page: Any, dashboard: Dashboard, typed: str) -> None:
    game = in_play(page, dashboard)
    mode = page.get_attribute("#roll-Ann input[name=roll]", "inputmode")
    assert mode == "decimal"  # a pad with a separator key
    page.fill("#roll-Ann input[name=roll]", typed)
    act(page, lambda: page.click("#roll-Ann button[type=submit]"))
    assert last_line(dashboard, game) == "Ann: roll 1 2 3 4 5 6"


def test_six_dice_to_tap(page: Any, dashboard: Dashboard) -> None:
    game = in_play(page, dashboard)
    dice = page.locator("#roll-Ben .tap-die")
    assert dice.count() == 6
    box = dice.nth(0).bounding_box()
    assert box is not None and box["width"] >= 40 and box["height"] >= 40
    for k, taps in enumerate([3, 1, 6, 2, 2, 5]):
        for _ in range(taps):
            dice.nth(k).click()
    assert page.input_value("#roll-Ben input[name=roll]") == "3 1 6 2 2 5"
    dice.nth(2).click()  # a 6 turns back to 1
    act(page, lambda: page.click("#roll-Ben button[type=submit]"))
    assert last_line(dashboard, game) == "Ben: roll 3 1 1 2 2 5"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]


@pytest.mark.parametrize("typed", ["12345", "1234567", "1,2,3,4,5,9"])
def test_what_is_still_wrong_is_named(page: Any, dashboard: Dashboard, typed: str) -> None:
    game = in_play(page, dashboard)
    page.fill("#roll-Ann input[name=roll]", typed)
    page.click("#roll-Ann button[type=submit]")
    wait_until(page, "document.querySelector('#roll-Ann .error').textContent !== ''")
    assert "not '" in page.inner_text("#roll-Ann .error")
    assert dashboard.session.history(game)[-1].line.startswith("goals")
