"""The club page in a real browser: a card per table, redrawn live when the table's camera
agent posts a roll, and the agent's state."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser

AT = "2026-11-27T01:02:03.000000Z"
DIE = {"colour": "yellow", "pips": 5, "confidence": 0.95, "box_xyxy": [5, 10, 40, 45]}


def post_roll(dashboard: Dashboard, game: str, token: str, roll_id: str) -> None:
    body = {"roll_id": roll_id, "dice": [DIE], "settled_at": AT}
    request = urllib.request.Request(
        dashboard.url(f"/api/agent/games/{game}/rolls"),
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 201


def test_a_card_per_table_redrawn_live(page: Any, dashboard: Dashboard) -> None:
    first = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    second = dashboard.session.create_from_options(["Cy", "Di"], {}).game_id
    status, answer = dashboard.post(f"/api/games/{first}/agent-token", {})
    assert status == 201
    page.goto(dashboard.url("/club"))
    card = page.locator(f'li[data-game-id="{first}"]')
    card.wait_for()
    assert page.locator(f'li[data-game-id="{second}"] .agent').text_content() == (
        "no camera agent yet"
    )
    assert card.locator(".players").text_content() == "Al, Bruce"
    assert card.locator(".roll").text_content() == "none yet"
    post_roll(dashboard, first, answer["token"], "roll-00001")
    wait_until(
        page,
        "id => document.querySelector(`li[data-game-id='${id}'] .roll`).textContent === '#1 y5'",
        first,
    )
    assert card.locator(".agent").text_content() == "camera agent connected"
    assert card.locator("a.kid").get_attribute("href") == f"/games/{first}/kid"


def test_the_agent_command_is_copied_and_its_token_hidden(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.on("dialog", lambda dialog: dialog.accept())  # "a new token stops the old one"
    page.goto(dashboard.url("/club"))
    card = page.locator(f'li[data-game-id="{game}"]')
    card.locator("button.token").click()
    command = card.locator("code.agent-command")
    command.wait_for()
    shown = command.text_content() or ""
    assert shown.startswith(f"dicetable agent {dashboard.url('/games/')}{game} --token ")
    token = shown.split("--token ")[1].split()[0]
    card.locator("button.copy-command").click()
    wait_until(
        page, "() => document.querySelector('code.agent-command').textContent.includes('••')"
    )
    assert token not in (command.text_content() or "")
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    assert "Copied" in (card.locator(".copy-note").text_content() or "")


def test_the_club_on_a_tv(page: Any, dashboard: Dashboard) -> None:
    """A TV's page: the tables in a stable order by title, filling the screen; finished games
    left out unless asked for; with no table playing, what to do."""
    from pathlib import Path

    from tests.web.browser.conftest import screenshot

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(dashboard.url("/club"))
    page.locator("#club-empty").wait_for()
    assert "Start a game for each table" in (page.locator("#club-empty").text_content() or "")
    screenshot(page, "club-empty-1920", full_page=False)
    session = dashboard.session
    ids = {}
    for title in ("Table 10", "Table 2", "Table 1"):
        game = session.create_from_options(["Al", "Bruce"], {}).game_id
        session.rename_game(game, title)
        ids[title] = game
    golden = Path(__file__).parents[2] / "companion" / "golden" / "sheet-end.sheet"
    done = session.import_record(golden.read_text(encoding="utf-8")).game_id
    session.rename_game(done, "Table 0")
    page.locator(f'li[data-game-id="{ids["Table 10"]}"]').wait_for()
    order = page.eval_on_selector_all("#club-tables li", "ls => ls.map(l => l.dataset.gameId)")
    assert order == [ids["Table 1"], ids["Table 2"], ids["Table 10"]]  # Table 0 is over
    assert page.locator("#club-hidden").text_content() == "(1 finished hidden)"
    session.append(ids["Table 2"], "Al: goal orange 7")  # a change keeps the order
    page.wait_for_timeout(500)
    again = page.eval_on_selector_all("#club-tables li", "ls => ls.map(l => l.dataset.gameId)")
    assert again == order
    boxes = [page.locator(f'li[data-game-id="{g}"]').bounding_box() for g in order]
    grid = page.locator("#club-tables").bounding_box()
    assert grid is not None and all(b is not None for b in boxes)
    covered = sum(b["width"] * b["height"] for b in boxes if b is not None)
    assert grid["y"] + grid["height"] > 1000  # down to the bottom of the screen
    assert covered > 0.6 * grid["width"] * grid["height"]  # the cards fill it
    screenshot(page, "club-tv-1920", full_page=False)
    page.check("#club-finished")
    page.locator(f'li[data-game-id="{done}"]').wait_for()
    assert page.locator("#club-tables li").count() == 4
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    screenshot(page, "club-phone-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
