"""A failed camera attempt, then a Do-Over read by the camera too: "Roll again with the camera"
under Other moves waits for the next settled roll, which the panel checks against the open
roll's dice and Accept records as the Do-Over."""

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

R, Y = Colour.RED, Colour.YELLOW


def test_a_do_over_is_read_by_the_camera(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = camera_waiting_on_orange(tab, dashboard)
    dashboard.session.offer_roll(
        settled((R, 1, False), (R, 1, False), (Y, 1, False), (Y, 2, False))
    )
    tab.wait_for_selector("#pending .check.ok")
    tab.click("#accept-roll")
    wait_until(tab, "!document.querySelector('#accept-roll')")

    tab.wait_for_selector("#control-other")
    tab.select_option("#control-other select[name=card]", "doover")
    tab.click("#camera-again")
    tab.wait_for_selector("#pending .waiting")
    assert tab.inner_text("#pending .pending-head") == (
        "Al's Do-Over on orange with the camera — roll 2 red, 2 yellow"
    )
    assert tab.locator("#camera-again").count() == 0  # one camera roll waits at a time
    dashboard.session.offer_roll(
        settled((R, 3, False), (R, 4, False), (Y, 4, False), (Y, 5, False))
    )
    tab.wait_for_selector("#pending .check.ok")
    screenshot(tab, "table-camera-doover")
    tab.click("#accept-roll")
    wait_until(tab, "!document.querySelector('#accept-roll')")
    lines = [e.line for e in dashboard.session.history(game)]
    assert lines[-2:] == ["Al: attempt #1 r1 r1 y1 y2", "Al: doover r3 r4 y4 y5"]
    assert dashboard.session.history(game)[-1].source == "camera"


def test_a_paid_re_roll_is_offered_the_camera(page: Any, dashboard: Dashboard) -> None:
    tab = page
    record = '[Players "Al, Bruce"]\n[Reroll "card"]\n'
    record += "Al: goal orange 7\nAl: attempt orange r1 r1 y1 y1\n"
    game = dashboard.session.import_record(record).game_id
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#live-status[data-state=live]")
    tab.select_option("#control-other select[name=card]", "reroll")
    assert tab.is_visible("#camera-again")
    tab.select_option("#control-other select[name=card]", "doover")
    tab.select_option("#control-other select[name=card]", "reroll")
    tab.click("#camera-again")
    tab.wait_for_selector("#pending .waiting")
    assert "paid re-roll on orange" in tab.inner_text("#pending .pending-head")
    pending = dashboard.session.pending(game)
    assert pending is not None and pending.verb == "reroll"
