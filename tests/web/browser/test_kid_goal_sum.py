"""The kid view's goal step teaches the right sum (issue 32 item 11): the points banked toward
the goal before, plus this roll, against the target; and how many more when it falls short."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_kid import SPEECH_STUB, spoken, step_text

pytestmark = pytest.mark.browser

BANK_FOUR = (
    "Al: goal red 10 value 30",
    "Al: attempt red r2 r2",
    "Al: bank 4",
    "Al: pass",
    "Bruce: goal blue 12 value 30",
    "Bruce: attempt blue b1 b1",
    "Bruce: bank 2",
    "Bruce: pass",
    "Al: goal yellow 11 value 30",
)


@pytest.mark.parametrize(
    ("roll", "text", "speech"),
    [
        # Issue 47 item 8: "11 of 10" read as a fraction.
        ("r3 r4",
         "Al's goal is red 10: 4 banked + 7 this roll = 11: 11 is 10 or more. Goal complete!",
         "Al's goal is red 10: 4 banked plus 7 this roll makes 11, and 11 is 10 or more. "
         "Goal complete!"),
        ("r1 r2", "Al's goal is red 10: 4 banked + 3 this roll = 7 of 10: not enough yet, 3 more",
         "Al's goal is red 10: 4 banked plus 3 this roll makes 7, of 10. Not enough yet: 3 more."),
    ],
)  # fmt: skip
def test_the_goal_step_adds_what_was_banked(
    page: Any, dashboard: Dashboard, roll: str, text: str, speech: str
) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in (*BANK_FOUR, f"Al: attempt red {roll}"):
        session.append(game, line)
    page.add_init_script(SPEECH_STUB)
    page.goto(dashboard.url(f"/games/{game}/kid"))
    page.wait_for_selector("#kid-view[data-state=roll]")
    while not page.is_disabled("#next-step"):
        page.click("#next-step")
    assert step_text(page) == text
    assert spoken(page)[-1] == speech


def test_a_short_first_roll_says_how_many_more(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal red 10 value 30")
    session.append(game, "Al: attempt red r2 r2")
    page.goto(dashboard.url(f"/games/{game}/kid"))
    page.wait_for_selector("#kid-view[data-state=roll]")
    page.click("#next-step")
    assert step_text(page) == "Al's goal is red 10: 4 red points of 10: not enough yet, 6 more"
