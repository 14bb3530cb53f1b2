"""The start page says what to do first: the camera's state, the demo game one button away while
the camera plays the demo recording (and the dice of the table otherwise), and a link to the
first-game guide, whose pictures load. The demo game's first camera roll is its own throw."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from vision.live import DEMO_VIDEO
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.browser

THROWS = [s["dice"] for s in json.loads(DEMO_VIDEO.with_suffix(".json").read_text())["still"]]
THROWS = [dice for dice in THROWS if dice]


class DemoCamera(FakeCamera):
    """The bundled recording, as `open_live_feed(None)` marks it."""

    demo = True


def throw(k: int) -> SettledRoll:
    dice = [
        Die(Colour.parse(c), pips, 0.97, (60 * n + 10, 20, 60 * n + 50, 60))
        for n, (c, pips) in enumerate(THROWS[k])
    ]
    return SettledRoll(2000.0, 1700.0, k, np.full((90, 420, 3), 90, np.uint8), DiceReading.of(dice))


@pytest.mark.parametrize("dashboard", [{"camera": DemoCamera()}], indirect=True)
def test_the_demo_game_from_the_start_page(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.goto(dashboard.url("/"))
    tab.wait_for_selector("#camera-line[data-state=ok]")
    assert tab.inner_text("#camera-line") == "Camera: playing the demo recording · 15.0 frames/s"
    shown = tab.eval_on_selector_all("#first-steps li", "ls => ls.filter(l => !l.hidden).length")
    assert shown == 3
    assert tab.is_visible("#open-demo") and not tab.is_visible("#step-tables")
    screenshot(tab, "home-first-steps", full_page=False)

    tab.click("#open-demo")
    tab.wait_for_selector("#camera-attempt")
    assert "Demo: the recording's game" in tab.inner_text("header h1")
    tab.click("#camera-attempt")
    tab.wait_for_selector("#pending .waiting")
    assert tab.inner_text("#pending .demo-wait") == (
        "The demo recording throws six rolls in turn: this attempt takes the one with 1 red, "
        "3 yellow, 2 blue (within half a minute)."
    )
    dashboard.session.offer_roll(throw(1))  # the recording's second throw: Bruce's table's
    tab.wait_for_timeout(300)
    assert tab.locator("#pending .waiting").count() == 1
    dashboard.session.offer_roll(throw(0))
    tab.wait_for_selector("#pending .check.ok")
    assert "expected 1 red 3 yellow 2 blue, saw 1 red 3 yellow 2 blue" in tab.inner_text(
        "#pending .check"
    )


@pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)
def test_a_real_camera_points_at_the_tables_dice_and_the_guide(
    page: Any, dashboard: Dashboard
) -> None:
    tab = page
    tab.goto(dashboard.url("/"))
    tab.wait_for_selector("#camera-line[data-state=ok]")
    assert tab.inner_text("#camera-line") == "Camera on · 15.0 frames/s"
    assert tab.is_visible("#step-tables") and not tab.is_visible("#open-demo")
    tab.click("#guide-link")
    tab.wait_for_selector("main.guide img")
    assert tab.inner_text("header h1").strip() == "Your first game"
    assert tab.locator("main.guide h2").count() >= 4
    # Each picture has arrived (or failed) before it is judged: on a busy machine CI looked
    # while two of four were still on their way.
    wait_until(
        tab, "() => Array.from(document.querySelectorAll('main.guide img')).every(i => i.complete)"
    )
    loaded = tab.eval_on_selector_all(
        "main.guide img", "is => is.map(i => i.complete && i.naturalWidth > 0)"
    )
    assert loaded and all(loaded)


@pytest.mark.parametrize("dashboard", [{"camera": None}], indirect=True)
def test_no_camera_is_said_on_the_start_page(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.goto(dashboard.url("/"))
    tab.wait_for_selector("#camera-line[data-state=off]")
    assert tab.inner_text("#camera-line") == "No camera: the dashboard was started without one."
