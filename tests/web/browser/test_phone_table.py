"""A game's phone's table registered on `/tables?table=phone-<game>` in the browser: the page
names the table, shows no live video or empty table of the server's camera, and keeps what the
players answer, the logo 1 the phone's reader passed over among it. Screenshot at a phone's size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.feed.live import open_phone_feed
from companion.session import Session
from tests.tables.support import FakeFeed, logo_one_photo
from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import WAIT_MS, screenshot, wait_until
from tests.web.test_phone_camera import PHONE_A, desk, jpeg
from vision.types import iou
from web.app import create_app
from web.config import WebConfig
from web.phone_memory import phone_table

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def test_a_phones_table_is_registered_from_its_page(chromium: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    app = create_app(
        WebConfig(overlay_token=OVERLAY, data_dir=data), session, phone_feed=open_phone_feed
    )
    errors: list[str] = []
    context = chromium.new_context(viewport=PHONE)
    context.set_default_timeout(WAIT_MS)
    try:
        game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
        sent = app.test_client().post(
            f"/api/games/{game}/camera/frames", data=jpeg(), headers=PHONE_A,
            content_type="image/jpeg",
        )  # fmt: skip
        assert sent.status_code == 200, sent.json
        link = desk(app)._links[game]
        reader = getattr(link.feed, "reader")  # noqa: B009
        link.feed.stop()
        link.feed = FakeFeed(reader, logo_one_photo().image_bgr)  # the phone films the dice
        table = phone_table(game)
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/tables?table={table}")
            tab.wait_for_selector(f"#memory-summary:has-text('Table \"{table}\"')")
            assert table in str(tab.text_content("#tables-heading"))
            assert tab.locator("#live-view").is_hidden() and tab.locator("#empty-table").is_hidden()
            tab.click("#look")
            tab.wait_for_selector("#register-passed-list select")
            wait_until(tab, "document.querySelector('#register-picture').naturalWidth > 0")
            ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
            look = link.memory.desk._snapshot if link.memory is not None else None
            assert look is not None
            (logo,) = [
                k for k, d in enumerate(look.passed) if max(iou(d.box_xyxy, o) for o in ones) > 0.5
            ]
            index = sum(len(g.dice) for g in look.found) + logo
            tab.select_option(f"#register-passed-list select[data-index='{index}']", "1")
            screenshot(tab, "phone-table-register-390")
            tab.click("#keep-dice")
            tab.wait_for_selector("#memory-summary:has-text('Kept')")
            assert tab.locator("#live-view").is_hidden()
            assert link.memory is not None and link.memory.desk.summary()["faces"]["1"] >= 1
            tab.close()
    finally:
        context.close()
        desk(app).stop_all()
        session.close()
    assert errors == []
