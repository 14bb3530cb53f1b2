"""A browser opening a guarded table gets the login page, logs in by typing the control token,
lands on the page it asked for, and the token never appears in a URL or the server's log."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.web.api.support import CONTROL
from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"control_token": CONTROL}], indirect=True),
]


def test_log_in_through_the_form(
    page: Any, dashboard: Dashboard, caplog: pytest.LogCaptureFixture
) -> None:
    tab = page
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    urls: list[str] = []
    tab.on("request", lambda req: urls.append(req.url))
    with caplog.at_level(logging.INFO, logger="werkzeug"):
        answer = tab.goto(dashboard.url(f"/games/{game}"))
        assert answer is not None and answer.status == 401
        assert "enter its control token" in tab.inner_text("main")
        screenshot(tab, "login")
        tab.fill("input[name=token]", CONTROL)
        tab.click("#log-in")
        tab.wait_for_url(f"**/games/{game}")
        tab.wait_for_selector("#live-status[data-state=live]")
        assert "Al" in tab.inner_text("#players")
        tab.select_option("select[name=goal-colour]", "orange")
        tab.select_option("select[name=goal-card]", "7")
        tab.click("#control-goal-card button[type=submit]")
        wait_until(tab, "document.querySelector('#table-view').dataset.seq === '1'")
    logged = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert any("POST /login" in line for line in logged)
    assert not [line for line in logged + urls if CONTROL in line]
