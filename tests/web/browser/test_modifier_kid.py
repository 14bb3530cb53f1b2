"""The modifier game's kid view walks one modified die at a time with the same big buttons and
speech switch as the RYB kid view (both from static/js/kid-steps.js): back and next stop at the
ends, each step is read aloud once while the switch is on (the stream connecting does not send
the child back to step 1), and the switch silences it and is kept."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until
from tests.web.browser.test_kid import SPEECH_STUB, spoken, step_text

pytestmark = pytest.mark.browser

STEPS = ["4", "4, +2 = 6", "4, +2 = 6, x2 = 12"]
SAID = ["Ann, die 1 shows 4.", "plus 2: 6.", "double it: 12."]


def modified_die(dashboard: Dashboard) -> str:
    session = dashboard.session
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    for line in (
        "goals most-1s highest-total longest-run",
        "Ann: roll 4 1 3 4 5 6",
        "Ben: roll 2 2 2 2 2 2",
        "Ann: mod 1 +2 x2",
    ):
        session.append(game, line)
    return game


def open_live(tab: Any, url: str) -> None:
    tab.goto(url)
    tab.wait_for_selector("#kid-view[data-state=roll]")
    wait_until(tab, "document.querySelector('#live-status').dataset.state === 'live'")
    tab.wait_for_timeout(300)  # the stream's snapshot, drawn


def test_the_steps_and_the_speech_switch(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.add_init_script(SPEECH_STUB)
    url = dashboard.url(f"/games/{modified_die(dashboard)}/kid")
    open_live(tab, url)
    assert spoken(tab) == SAID[:1]
    assert (tab.inner_text("#kid-who"), tab.inner_text("#step-count")) == (
        "Ann, die 1",
        "step 1 of 3",
    )
    assert tab.is_disabled("#prev-step") and not tab.is_disabled("#next-step")
    seen = [step_text(tab)]
    for _ in STEPS[1:]:
        tab.click("#next-step")
        seen.append(step_text(tab))
    assert (seen, spoken(tab)) == (STEPS, SAID)
    assert tab.inner_text("#step-count") == "step 3 of 3"
    assert tab.is_disabled("#next-step") and not tab.is_disabled("#prev-step")

    tab.click("#speech-switch")
    assert tab.inner_text("#speech-switch .switch-text") == "Sound off"
    tab.click("#prev-step")
    assert (step_text(tab), len(spoken(tab))) == (STEPS[1], 3)  # silent with the sound off
    open_live(tab, url)
    assert (tab.is_disabled("#read-aloud"), spoken(tab)) == (True, [])  # the switch is kept
