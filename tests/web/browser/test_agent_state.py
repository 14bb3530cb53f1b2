"""Each table page tells its camera agent's state live (issue 31): nothing while the table has
no agent, then "never heard from", "silent for N min" or "connected" as the agent comes and
goes, with no reload; and the start page links to the club page."""

from __future__ import annotations

import json
import urllib.request
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser

POLL_WAIT_MS = 10_000  # the page asks every 3 s


def hello(dashboard: Dashboard, game: str, token: str) -> None:
    request = urllib.request.Request(
        dashboard.url(f"/api/agent/games/{game}"), headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        json.load(answer)


def wait_for_agent(page: Any, state: str, text: str) -> None:
    wait_until(
        page,
        "([state, text]) => { const n = document.getElementById('agent-status');"
        " return n.dataset.state === state && n.textContent === text; }",
        [state, text],
        timeout=POLL_WAIT_MS,
    )


def test_the_table_page_follows_its_agent(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#agent-status[data-state=none]", state="attached")
    assert page.is_hidden("#agent-status")
    status, answer = dashboard.post(f"/api/games/{game}/agent-token", {})
    assert status == 201
    wait_for_agent(page, "silent", "camera agent never heard from")
    assert page.is_visible("#agent-status")
    store = dashboard.session.store
    long_ago, clock = datetime.now(UTC) - timedelta(minutes=5), store._clock
    store._clock = lambda: long_ago  # the agent's hello as the store heard it 5 min ago
    try:
        hello(dashboard, game, answer["token"])
    finally:
        store._clock = clock
    wait_for_agent(page, "silent", "camera agent silent for 5 min")
    hello(dashboard, game, answer["token"])
    wait_for_agent(page, "connected", "camera agent connected")


def test_the_start_page_links_to_the_club(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url("/"))
    page.click("#club-link")
    page.wait_for_url(dashboard.url("/club"))
    page.wait_for_selector("#club-page")
