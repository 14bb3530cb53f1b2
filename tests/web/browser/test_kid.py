"""The kid view: the sum built step by step, big buttons, and the browser's speech behind a
visible switch that is remembered; the table's last roll live; the PIN keypad to leave."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import settled
from tests.web.browser.conftest import TABLET, Dashboard, screenshot
from vision.types import Colour

pytestmark = pytest.mark.browser

# Records what the page asks the browser to say instead of saying it.
SPEECH_STUB = """
window.__spoken = [];
class FakeUtterance { constructor(text) { this.text = text; } }
const fake = { speak: (u) => window.__spoken.push(u.text), cancel: () => {} };
Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
window.SpeechSynthesisUtterance = FakeUtterance;
"""
STEPS = [
    "4 + 4 = 8 red",
    "3 + 4 = 7 yellow",
    "the smaller of 8 red and 7 yellow is 7: orange 7",
    "Al's goal is orange 7: 7 orange points of 7. Goal complete!",
]


def spoken(tab: Any) -> list[str]:
    said: list[str] = tab.evaluate("window.__spoken")
    return said


def step_text(tab: Any) -> str:
    return str(tab.inner_text("#step-text"))


def orange_roll(dashboard: Dashboard) -> str:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    dashboard.session.append(game, "Al: goal orange 7")
    dashboard.session.append(game, "Al: attempt orange r4 r4 y3 y4")
    return game


def test_steps_and_the_speech_switch(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.add_init_script(SPEECH_STUB)
    game = orange_roll(dashboard)
    tab.goto(dashboard.url(f"/games/{game}/kid"))
    tab.wait_for_selector("#kid-view[data-state=roll]")
    assert tab.locator("#kid-dice .die").count() == 4
    assert "Red 4" in tab.inner_text("#kid-dice figure >> nth=0")
    seen = [step_text(tab)]
    for _ in STEPS[1:]:
        tab.click("#next-step")
        seen.append(step_text(tab))
    assert seen == STEPS
    assert tab.is_disabled("#next-step")
    assert spoken(tab) == [
        "4 plus 4 equals 8 red.",
        "3 plus 4 equals 7 yellow.",
        f"{STEPS[2]}.",
        STEPS[3],
    ]
    screenshot(tab, "kid-game", full_page=False)

    tab.click("#speech-switch")
    assert tab.get_attribute("#speech-switch", "aria-checked") == "false"
    assert tab.is_disabled("#read-aloud")
    tab.click("#prev-step")
    assert step_text(tab) == STEPS[2]
    assert len(spoken(tab)) == 4  # silent while the switch is off
    tab.reload()
    tab.wait_for_selector("#kid-view[data-state=roll]")
    assert tab.get_attribute("#speech-switch", "aria-checked") == "false"  # remembered
    assert spoken(tab) == []
    tab.click("#speech-switch")
    tab.click("#read-aloud")
    assert spoken(tab) == ["4 plus 4 equals 8 red."]


def test_table_kid_view_follows_the_camera(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.add_init_script(SPEECH_STUB)
    tab.goto(dashboard.url("/kid"))
    tab.wait_for_selector("#live-status[data-state=live]")
    assert step_text(tab) == "Roll the dice!"
    dashboard.session.offer_roll(
        settled((Colour.BLUE, 6, False), (Colour.YELLOW, 2, False), (Colour.BLUE, 1, False))
    )
    tab.wait_for_selector("#kid-view[data-state=roll]")
    assert step_text(tab) == "one yellow die: 2 yellow"
    tab.click("#next-step")
    assert step_text(tab) == "6 + 1 = 7 blue"
    tab.click("#next-step")
    assert step_text(tab) == "the smaller of 2 yellow and 7 blue is 2: green 2"
    tab.set_viewport_size(TABLET)
    screenshot(tab, "kid-table-tablet", full_page=False)


def test_pin_set_on_the_table_view_guards_leaving(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = orange_roll(dashboard)
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.fill("#pin-form input", "2468")
    tab.click("#pin-form button")
    assert "A PIN is set" in tab.inner_text("#pin-form")
    tab.goto(dashboard.url(f"/games/{game}/kid"))
    tab.click("#leave")
    for digit in "1111":
        tab.click(f".pin-key:text-is('{digit}')")
    assert tab.inner_text(".pin-shown") == "try again"
    screenshot(tab, "kid-pin", full_page=False)
    for digit in "2468":
        tab.click(f".pin-key:text-is('{digit}')")
    tab.wait_for_url(f"**/games/{game}")


def test_the_browsers_back_button_asks_the_pin_too(page: Any, dashboard: Dashboard) -> None:
    """Issue 47 item 12: Back left the kid view without the PIN."""
    tab = page
    game = orange_roll(dashboard)
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.fill("#pin-form input", "2468")
    tab.click("#pin-form button")
    tab.goto(dashboard.url(f"/games/{game}/kid"))
    tab.wait_for_selector("#leave")
    tab.go_back()
    tab.wait_for_selector(".pin-pad")
    assert tab.url.endswith(f"/games/{game}/kid")
    screenshot(tab, "kid-pin-back", full_page=False)
    tab.click(".pin-cancel")  # the child stays; Back asks again
    tab.go_back()
    tab.wait_for_selector(".pin-pad")
    assert tab.locator(".pin-pad").count() == 1
    for digit in "2468":
        tab.click(f".pin-key:text-is('{digit}')")
    tab.wait_for_url(f"**/games/{game}")


def test_a_child_keeps_the_roll_they_are_working_through(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.add_init_script(SPEECH_STUB)
    tab.goto(dashboard.url("/kid"))
    tab.wait_for_selector("#live-status[data-state=live]")
    dashboard.session.offer_roll(
        settled((Colour.BLUE, 6, False), (Colour.YELLOW, 2, False), (Colour.BLUE, 1, False))
    )
    tab.wait_for_selector("#kid-view[data-state=roll]")
    assert tab.locator("#new-roll").is_hidden()
    tab.click("#next-step")
    assert step_text(tab) == "6 + 1 = 7 blue"
    dashboard.session.offer_roll(settled((Colour.RED, 5, False), (Colour.RED, 2, False)))
    tab.wait_for_selector("#new-roll", state="visible")
    assert step_text(tab) == "6 + 1 = 7 blue"  # still the roll being worked through
    assert tab.locator("#kid-dice figure").count() == 3
    tab.click("#new-roll")
    assert tab.locator("#kid-dice figure").count() == 2
    assert step_text(tab) == "5 + 2 = 7 red"
    assert tab.locator("#new-roll").is_hidden()
