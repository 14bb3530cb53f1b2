"""A round of the modifier dice game played by clicking on its table view: goal cards revealed,
every player's dice entered, cards played behind a die, the reveal with its winners and why, a
refused roll and the deck-selecting order; then the kid view and the overlay show the modified
die's arithmetic step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.api.support import OVERLAY
from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = pytest.mark.browser


def act(tab: Any, do: Callable[[], None]) -> None:
    """Do something that changes the game; return once the page shows the new event."""
    before = tab.get_attribute("#modifier-view", "data-seq")
    do()
    wait_until(
        tab,
        "(before) => document.querySelector('#modifier-view').dataset.seq !== before",
        arg=before,
    )


def roll(tab: Any, name: str, faces: str) -> None:
    tab.fill(f"#roll-{name} input[name=roll]", faces)
    act(tab, lambda: tab.click(f"#roll-{name} button[type=submit]"))


def test_a_round_played_by_clicking(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Ann", "Ben", "Cat"], "options": {"game": "modifier"}}
    )
    assert status == 201
    tab = page
    tab.goto(dashboard.url(f"/games/{view['id']}"))
    tab.select_option("#goals-form select[name=goal1]", "most-1s")
    tab.select_option("#goals-form select[name=goal2]", "highest-total")
    tab.select_option("#goals-form select[name=goal3]", "longest-run")
    act(tab, lambda: tab.click("#goals-form button[type=submit]"))
    roll(tab, "Ann", "4 1 3 4 5 6")
    roll(tab, "Ben", "2 2 2 2 2 2")
    tab.fill("#roll-Cat input[name=roll]", "6 6 6 5 5 9")
    tab.click("#roll-Cat button[type=submit]")
    wait_until(
        tab, "document.querySelector('#roll-Cat .error').textContent.includes('not \\'9\\'')"
    )
    roll(tab, "Cat", "6 6 6 5 5 1")
    tab.select_option("#cards-form select[name=player]", "Ann")
    tab.select_option("#cards-form select[name=die]", "1")
    tab.fill("#cards-form input[name=cards]", "+2 x2")
    act(tab, lambda: tab.click("#cards-form button[type=submit]"))
    assert tab.inner_text("[data-player=Ann] [data-die='1'] .mod-steps") == "4, +2 = 6, x2 = 12"
    act(tab, lambda: tab.click("#reveal"))
    goal = tab.locator("#mod-goals li[data-card=highest-total]")
    assert "Ann takes 6" in goal.inner_text() and "each" not in goal.inner_text()
    assert "total: Ann 31, Ben 12, Cat 29; the highest (31) takes it" in goal.inner_text()
    assert "Ann, Cat take 3 each" in tab.inner_text("#mod-goals li[data-card=most-1s]")
    assert tab.inner_text("#mod-players [data-player=Ann] .tokens") == "15 tokens"
    assert tab.inner_text("#order-line") == "Ben → Cat → Ann"
    screenshot(tab, "modifier-table")

    tab.goto(dashboard.url(f"/games/{view['id']}/kid"))
    wait_until(tab, "document.querySelector('#kid-view').dataset.state === 'roll'")
    assert tab.inner_text("#step-text") == "4"
    tab.click("#next-step")
    tab.click("#next-step")
    assert tab.inner_text("#step-text") == "4, +2 = 6, x2 = 12"
    assert tab.inner_text("#kid-who") == "Ann, die 1"

    tab.goto(dashboard.url(f"/overlay/{view['id']}?token={OVERLAY}"))
    wait_until(tab, "document.querySelector('#overlay').dataset.state === 'live'")
    assert "4, +2 = 6, x2 = 12" in tab.inner_text("#ov-roll")
    assert "Ann, Cat: 3 each" in tab.inner_text("#ov-goals")


def test_no_goal_card_is_chosen_for_the_players(page: Any, dashboard: Dashboard) -> None:
    """Issue 47 item 8: the three goal selects came preselected with the first three cards."""
    status, view = dashboard.post(
        "/api/games", {"players": ["Ann", "Ben"], "options": {"game": "modifier"}}
    )
    assert status == 201
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.wait_for_selector("#goals-form select[name=goal1]")
    chosen = [page.input_value(f"#goals-form select[name=goal{k}]") for k in (1, 2, 3)]
    assert chosen == ["", "", ""]
    page.select_option("#goals-form select[name=goal1]", "most-1s")
    page.click("#goals-form button[type=submit]")
    wait_until(page, "document.querySelector('#goals-form .error').textContent !== ''")
    assert page.inner_text("#goals-form .error") == "Choose the 2 goal cards drawn."
    assert dashboard.session.history(view["id"]) == []


def test_the_history_is_grouped_by_round_not_by_turn(page: Any, dashboard: Dashboard) -> None:
    """Everyone throws at once, so no line is anyone's turn (issue 47 item 8): each round is one
    group, its reveal in it, and each line names its own player."""
    session = dashboard.session
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    played = [
        "goals most-1s highest-total longest-run",
        "Ben: roll 2 2 2 2 2 2",
        "Ann: roll 1 1 3 4 5 6",
        "reveal",
        "goals most-2s most-pairs greatest-variety",
        "Ann: roll 1 2 3 4 5 6",
    ]
    for line in played:
        session.append(game, line)
    page.goto(dashboard.url(f"/games/{game}"))
    wait_until(page, "document.querySelectorAll('.history-list .turn-group').length === 2")
    heads = page.locator(".history-list .turn-head").all_inner_texts()
    assert [head.split(" · ")[0] for head in heads] == ["Round 2", "Round 1"]
    rounds = page.locator(".history-list .turn-group")
    assert rounds.nth(1).locator(".line").all_inner_texts() == played[3::-1]
    assert rounds.nth(0).locator(".line").all_inner_texts() == played[:3:-1]
