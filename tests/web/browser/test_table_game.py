"""A whole short RYB game played by clicking only: new game, goal cards with high values, attempts
entered by hand and one through the camera (a settled roll offered to the session, corrected on
the page), banking, an action card, a refused line, undo, and the table view showing the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.api.support import FakeCamera, settled
from tests.web.browser.conftest import TABLET, Dashboard, screenshot, wait_until
from vision.types import Colour

pytestmark = [
    pytest.mark.browser,
    # a camera that gives frames: the table offers a camera roll only then
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]


def act(tab: Any, do: Callable[[], None]) -> None:
    """Do something that changes the game; return once the page shows the new event."""
    before = tab.get_attribute("#table-view", "data-seq")
    do()
    wait_until(
        tab, "(before) => document.querySelector('#table-view').dataset.seq !== before", arg=before
    )


def play_goal(tab: Any, colour: str, target: int, value: int) -> None:
    tab.select_option("select[name=goal-colour]", colour)
    tab.select_option("select[name=goal-card]", "other")
    tab.fill("input[name=goal-target]", str(target))
    tab.fill("input[name=goal-value]", str(value))
    act(tab, lambda: tab.click("#control-goal-card button[type=submit]"))


def end_turn(tab: Any) -> None:
    act(tab, lambda: tab.click("#control-turn-buttons .verb-pass"))


def score(tab: Any, player: str) -> str:
    return str(tab.inner_text(f"li.player[data-player={player}] .score"))


def start_game(tab: Any, dashboard: Dashboard) -> None:
    tab.goto(dashboard.url("/"))
    names = tab.locator("input[name=player]")
    names.nth(0).fill("Al")
    names.nth(1).fill("Bruce")
    tab.click("#remove-player")
    tab.fill("input[name=title]", "Friday game")
    screenshot(tab, "home")
    tab.click("#start-game")
    tab.wait_for_url("**/games/*")
    tab.wait_for_selector("#live-status[data-state=live]")
    assert "Friday game" in tab.inner_text("header h1")


def al_completes_red_by_hand(tab: Any) -> None:
    play_goal(tab, "red", 2, 40)
    assert tab.locator("li.goal[data-ref='#1']").inner_text().count("target 2") == 1
    tab.locator("#control-attempt .die-button").first.click()  # r1 -> r2
    act(tab, lambda: tab.click("#record-attempt"))
    assert score(tab, "Al") == "40 pts"
    assert "completed Red 2" in tab.inner_text("#last-roll")
    end_turn(tab)


def bruce_plays_gimme(tab: Any) -> None:
    assert "Bruce's turn" in tab.inner_text("#turn")
    act(tab, lambda: tab.click("#control-turn-buttons .verb-refill"))
    tab.select_option("#control-card select[name=card]", "gimme")
    tab.select_option("#control-card select[name=colour]", "yellow")
    act(tab, lambda: tab.click("#control-card > button.big"))
    assert tab.get_attribute("li.player[data-player=Al] .pool-die >> nth=1", "title") == "1 yellow"
    end_turn(tab)


def refused_line_changes_nothing(tab: Any) -> None:
    seq = tab.get_attribute("#table-view", "data-seq")
    tab.select_option("select[name=goal-colour]", "yellow")
    tab.select_option("select[name=goal-card]", "other")
    tab.fill("input[name=goal-target]", "150")
    tab.fill("input[name=goal-value]", "30")
    tab.click("#control-goal-card button[type=submit]")
    error = tab.locator("#control-goal-card .error")
    error.wait_for(state="visible")
    assert "150" in error.inner_text() and "1..99" in error.inner_text()
    assert tab.get_attribute("#table-view", "data-seq") == seq


def al_completes_yellow_by_hand(tab: Any) -> None:
    refused_line_changes_nothing(tab)
    play_goal(tab, "yellow", 1, 30)
    die = tab.locator("#control-attempt .die-button")
    assert die.count() == 1  # Bruce took one of Al's two yellow dice
    die.first.click()
    die.first.click()
    act(tab, lambda: tab.click("#record-attempt"))
    assert score(tab, "Al") == "70 pts"
    end_turn(tab)


def bruce_banks_then_undoes(tab: Any) -> None:
    play_goal(tab, "green", 30, 10)
    assert tab.locator("#control-attempt .die-edit").count() == 5  # 3 yellow, 2 blue
    act(tab, lambda: tab.click("#record-attempt"))
    assert "allowed: 0 to 2" in tab.inner_text("#control-bank")
    tab.fill("input[name=bank-points]", "2")
    act(tab, lambda: tab.click("#control-bank button[type=submit]"))
    assert "banked 2 / 30" in tab.inner_text("li.goal[data-ref='#1']")
    act(tab, lambda: tab.click("#undo"))
    assert "banked 0 / 30" in tab.inner_text("li.goal[data-ref='#1']")
    tab.locator("#history li.undone").wait_for()
    tab.fill("input[name=bank-points]", "1")
    act(tab, lambda: tab.click("#control-bank button[type=submit]"))
    assert "banked 1 / 30" in tab.inner_text("li.goal[data-ref='#1']")
    end_turn(tab)


def al_wins_with_the_camera(tab: Any, dashboard: Dashboard) -> None:
    play_goal(tab, "blue", 2, 40)
    tab.select_option("select[name=attempt-goal]", "#2")
    tab.click("#camera-attempt")
    tab.wait_for_selector("#pending .waiting")
    dashboard.session.offer_roll(
        settled((Colour.BLUE, 1, False), (Colour.BLUE, 4, True), (Colour.RED, 3, False))
    )
    tab.wait_for_selector("#pending .pending-roll")
    assert "expected 2 blue, saw 1 red 2 blue" in tab.inner_text("#pending .check")
    screenshot(tab, "table-camera-roll")
    tab.click("#pending .pending-roll .die-edit[data-index='2'] button.remove")
    wait_until(tab, "document.querySelectorAll('#pending .pending-roll .die-edit').length === 2")
    tab.click("#pending .unsure-note button")
    tab.wait_for_selector("#pending .check.ok")
    act(tab, lambda: tab.click("#accept-roll"))


def test_a_whole_game_by_clicking(page: Any, dashboard: Dashboard) -> None:
    tab = page
    start_game(tab, dashboard)
    assert [tab.inner_text(f"li.player >> nth={k} >> .name") for k in (0, 1)] == ["Al", "Bruce"]
    al_completes_red_by_hand(tab)
    bruce_plays_gimme(tab)
    al_completes_yellow_by_hand(tab)
    bruce_banks_then_undoes(tab)
    screenshot(tab, "table-mid-game")
    al_wins_with_the_camera(tab, dashboard)
    tab.wait_for_selector("#table-view[data-winner=Al]")
    assert "Al wins the game!" in tab.inner_text("#turn")
    assert score(tab, "Al") == "110 pts"
    assert "has won!" in tab.inner_text("li.player[data-player=Al]")
    tab.locator("#history li .note").first.wait_for()
    note = tab.inner_text("#history li >> nth=0")
    assert "camera" in note and "removed die 3 (r3)" in note and "confirmed die 2 as b4" in note
    assert tab.locator("#pending").is_hidden()
    screenshot(tab, "table-winner")
    tab.set_viewport_size(TABLET)
    screenshot(tab, "table-winner-tablet")
