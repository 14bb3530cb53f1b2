"""The pages offer only what can work, and say why not (issue #24 items 7 and 8): Undo and Redo
follow the game, the new-game form says how many players RYB takes, and lenient rules show no
second attempt in a turn."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser


def test_undo_and_redo_are_offered_only_when_they_can_work(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#players li.player")
    assert page.is_disabled("#undo") and page.is_disabled("#redo")
    assert page.get_attribute("#undo", "title") == "Nothing to undo yet"
    dashboard.post(f"/api/games/{game}/events", {"line": "Al: goal orange 7"})
    page.wait_for_selector("#undo:not([disabled])")
    assert page.get_attribute("#undo", "title") == "Take back “Al: goal orange 7 value 21”"
    assert page.is_disabled("#redo")
    page.click("#undo")
    page.wait_for_selector("#redo:not([disabled])")
    assert page.is_disabled("#undo")
    assert page.inner_text("#history .error") == ""


def test_the_new_game_form_says_how_many_players_ryb_takes(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#player-names input")
    assert page.locator("#player-names input").count() == 3
    page.click("#add-player")
    page.click("#add-player")
    assert page.locator("#player-names input").count() == 5
    assert page.is_disabled("#add-player")
    assert "2 to 5 players" in page.inner_text("#player-limit")
    page.click("#remove-player")
    assert not page.is_disabled("#add-player")
    assert page.inner_text("#player-limit") == ""


def test_lenient_rules_show_no_second_attempt(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {"rules": "lenient"}).game_id
    for line in ("Al: goal orange 7", "Al: attempt orange r3 y4", "Al: bank 2"):
        session.append(game, line)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#controls .control")
    assert page.locator("#control-attempt").count() == 0


def test_a_goal_card_is_picked_from_the_deck(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    page.select_option("select[name=goal-colour]", "orange")
    cards = page.locator("select[name=goal-card] option").all_inner_texts()
    assert cards[:2] == ["Orange 5 (worth 15)", "Orange 7 (worth 21)"]
    assert cards[-1] == "another card…"
    assert page.locator("input[name=goal-target]").is_hidden()
    page.select_option("select[name=goal-card]", "7")
    page.click("#control-goal-card button[type=submit]")
    page.wait_for_selector("#table-view[data-seq='1']")
    assert dashboard.session.history(game)[-1].line == "Al: goal orange 7 value 21"


def test_a_card_outside_the_deck_asks_for_its_value_in_words(
    page: Any, dashboard: Dashboard
) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    page.select_option("select[name=goal-colour]", "green")
    page.select_option("select[name=goal-card]", "other")
    page.fill("input[name=goal-target]", "10")
    page.click("#control-goal-card button[type=submit]")
    error = page.inner_text("#control-goal-card .error")
    assert error == "The deck has no Green 10: enter the value printed on the card."
    page.fill("input[name=goal-value]", "40")
    page.click("#control-goal-card button[type=submit]")
    page.wait_for_selector("#table-view[data-seq='1']")
    assert dashboard.session.history(game)[-1].line == "Al: goal green 10 value 40"
