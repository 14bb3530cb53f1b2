"""/tables on a phone (#32 item 21): the camera picture fits the screen, and once the dice are
looked at, the frozen frame the groups were made from stands in for the live video."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader
from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import WAIT_MS, screenshot, wait_until
from web.app import create_app
from web.config import WebConfig

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
RIGHT_EDGE = "el => el.getBoundingClientRect().right"
TOP_EDGE = "el => el.getBoundingClientRect().top"
LIVE_AGAIN = "el => !el.hidden && el.src.endsWith('/video.mjpeg')"


def test_the_phone_sees_the_frozen_look_in_place_of_the_live_video(
    chromium: Any, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader, data)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    context = chromium.new_context(viewport=PHONE)
    context.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/tables", wait_until="domcontentloaded")
            tab.wait_for_selector("#memory-summary:has-text('remembers 0 dice')")
            before = {
                "page": tab.evaluate("document.documentElement.scrollWidth"),
                "live": tab.eval_on_selector("#live-view", RIGHT_EDGE),
            }
            tab.click("#look")
            tab.wait_for_selector("#register-groups select")
            wait_until(tab, "document.getElementById('register-picture').naturalWidth > 0")
            looked = {
                "page": tab.evaluate("document.documentElement.scrollWidth"),
                "frozen": tab.eval_on_selector("#register-picture", RIGHT_EDGE),
            }
            live_hidden = tab.eval_on_selector("#live-view", "el => el.hidden")
            live_src = tab.get_attribute("#live-view", "src")
            frozen_src = tab.get_attribute("#register-picture", "src") or ""
            caption = tab.inner_text("#register-caption")
            # The frozen look sits above the groups it was made from.
            frozen_top = tab.eval_on_selector("#register-picture", TOP_EDGE)
            groups_top = tab.eval_on_selector("#register-groups", TOP_EDGE)
            screenshot(tab, "tables-phone-look")
            tab.click("#keep-dice")
            tab.wait_for_selector("#memory-summary:has-text('Kept')")
            live_again = tab.eval_on_selector("#live-view", LIVE_AGAIN)
            tab.close()
    finally:
        context.close()
        session.close()
    assert errors == []
    width = PHONE["width"]
    assert before["page"] <= width and before["live"] <= width, before
    assert looked["page"] <= width and looked["frozen"] <= width, looked
    assert live_hidden and live_src is None
    assert "/api/tables/look/" in frozen_src and "made from this picture" in caption
    assert frozen_top < groups_top
    assert live_again
