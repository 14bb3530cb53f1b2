"""The camera read Bruce's blue die beside Al's roll: one tap on "Keep the dice this roll needs"
leaves Al's 2 red and 2 yellow, and the roll is accepted as his attempt."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import FakeCamera, settled
from tests.web.browser.conftest import (
    Dashboard,
    camera_waiting_on_orange,
    screenshot,
    wait_until,
)
from vision.types import Colour

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE


def test_one_tap_keeps_the_attempts_dice(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = camera_waiting_on_orange(tab, dashboard)
    dashboard.session.offer_roll(
        settled((R, 3, False), (B, 4, False), (R, 4, False), (Y, 4, False), (Y, 5, False))
    )
    tab.wait_for_selector("#keep-needed")
    assert tab.inner_text("#keep-needed") == "Keep the dice this roll needs (2 red, 2 yellow)"
    assert "removes die 2" in tab.inner_text("#pending .keep-note")
    assert "saw 2 red 2 yellow 1 blue" in tab.inner_text("#pending .check")
    screenshot(tab, "table-camera-keep-needed")

    tab.click("#keep-needed")
    tab.wait_for_selector("#pending .check.ok")
    assert tab.locator("#keep-needed").count() == 0
    wait_until(tab, "document.querySelectorAll('#pending .pending-dice .die-edit').length === 4")
    assert "removed die 2 (b4)" in tab.inner_text("#pending .summary")
    tab.click("#accept-roll")
    wait_until(tab, "!document.querySelector('#accept-roll')")
    assert dashboard.session.history(game)[-1].line == "Al: attempt #1 r3 r4 y4 y5"
