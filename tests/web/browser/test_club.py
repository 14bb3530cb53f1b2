"""The club page in a real browser: a card per table, redrawn live when the table's camera
agent posts a roll, and the agent's state."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard

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
    page.wait_for_function(
        "id => document.querySelector(`li[data-game-id='${id}'] .roll`).textContent === '#1 y5'",
        arg=first,
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
    page.wait_for_function(
        "() => document.querySelector('code.agent-command').textContent.includes('••')"
    )
    assert token not in (command.text_content() or "")
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    assert "Copied" in (card.locator(".copy-note").text_content() or "")
