"""The camera roll reviewed on a phone (issue 47 item 4): the picture as wide as the screen, one
compact row per die, the verdict and Accept in sight beside the dice, and a new roll scrolled
into view. Before, the picture was 142x80 and Accept sat 1,600 px below it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import (
    Dashboard,
    camera_waiting_on_orange,
    screenshot,
    wait_until,
)
from tests.web.browser.test_camera_frame import _roll

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]
PHONE = {"width": 390, "height": 844}

_BOX = """(s) => { const b = document.querySelector(s).getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, width: b.width, height: b.height}; }"""


def test_the_roll_fits_a_phone(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.set_viewport_size(PHONE)
    camera_waiting_on_orange(tab, dashboard)
    tab.evaluate("window.scrollTo(0, 0)")
    dashboard.session.offer_roll(_roll())
    tab.wait_for_selector("#pending .frame-view .frame-img")
    wait_until(tab, "document.querySelector('#pending .frame-img').naturalWidth > 0")
    # The new roll was scrolled to: the panel starts on screen.
    wait_until(tab, "document.querySelector('#pending').getBoundingClientRect().top >= -1")
    wait_until(tab, "document.querySelector('#pending').getBoundingClientRect().top < 300")
    picture = tab.evaluate(_BOX, "#pending .frame-img")
    assert picture["width"] >= 0.8 * PHONE["width"]
    rows = tab.evaluate(
        "() => [...document.querySelectorAll('#pending .pending-dice .die-edit')]"
        ".map(d => d.getBoundingClientRect().height)"
    )
    assert len(rows) == 3 and max(rows) <= 70  # one compact row per die
    # The verdict and Accept are on screen with the picture, and while the dice are looked at.
    screenshot(tab, "camera-roll-phone", full_page=False)
    for first in ("#pending", "#pending .die-edit[data-index='2']"):
        tab.evaluate("(s) => document.querySelector(s).scrollIntoView()", first)
        for part in ("#pending .check", "#accept-roll"):
            box = tab.evaluate(_BOX, part)
            assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], (first, part)
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
