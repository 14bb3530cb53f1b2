"""The register step in the browser: look at the dice, answer for a colour group, keep them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader
from tests.web.browser.conftest import LAPTOP, WAIT_MS, screenshot
from tests.web.test_api_support import OVERLAY, serving
from web.app import create_app
from web.config import WebConfig

pytestmark = pytest.mark.browser


def test_the_players_register_their_dice_group_by_group(chromium: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/tables", wait_until="domcontentloaded")
            tab.wait_for_selector("#memory-summary:has-text('remembers 0 dice')")
            tab.click("#look")
            tab.wait_for_selector("#register-groups select")
            first = tab.locator("#register-groups select").first
            read_as = first.get_attribute("name")
            first.select_option("none")
            screenshot(tab, "tables-register")
            tab.click("#keep-dice")
            tab.wait_for_selector("#memory-summary:has-text('Kept')")
            summary = tab.inner_text("#memory-summary")
            tab.close()
    finally:
        context.close()
        session.close()
    assert errors == []
    assert "not a die" in summary and read_as
    assert desk.summary()["counts"].get("not a die", 0) >= 1
