"""A die the camera missed, added from the roll's picture on a game's page: the page looks for
what the reader passed over, draws each dotted with "N?", and adds the one a player picks with
its box, so the accepted roll teaches the table (`tests/web/api/test_missed.py`). Screenshots
at a laptop's and a phone's size."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fresh_reader, logo_one_photo
from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import LAPTOP, WAIT_MS, screenshot, wait_until
from vision.settle import SettledRoll
from vision.types import iou
from web.app import create_app
from web.config import EXTENSION, WebConfig

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


@contextmanager
def _sheet_page(
    chromium: Any, data: Path, viewport: dict[str, int], errors: list[str]
) -> Iterator[tuple[Any, Any, str]]:
    """A score sheet's page whose camera roll settled on the logo-1 photo; the page, the app's
    services and the game's id."""
    session = Session.open(data, poll_s=0.05)
    reader = fresh_reader()
    frame = logo_one_photo().image_bgr
    desk = TableDesk(open_store(data), "default", reader)
    feed = FakeFeed(reader, frame)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
    session.declare_attempt(game, "Ann", None)
    context = chromium.new_context(viewport=viewport)
    context.set_default_timeout(WAIT_MS)
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/games/{game}")
            tab.wait_for_selector("#sheet-camera .waiting")
            session.offer_roll(
                SettledRoll(2000.0, 1700.0, 60, frame, reader.read(frame), roll_id=4)
            )
            tab.wait_for_selector("#sheet-dice .die-edit")
            yield tab, app.extensions[EXTENSION], game
            tab.close()
    finally:
        context.close()
        session.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_missed_logo_is_added_from_the_picture(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    errors: list[str] = []
    with _sheet_page(chromium, tmp_path / "data", viewport, errors) as (tab, services, game):
        read = tab.locator("#sheet-dice .die-edit").count()
        tab.click("#look-missed")
        tab.wait_for_selector("#sheet-camera .add-missed")
        look = services.missed.look(game, services.session.pending(game).camera)
        offered = tab.eval_on_selector_all(
            "#sheet-camera .frame-box.missed", "bs => bs.map(b => b.innerText)"
        )
        assert offered == [f"{k + 1}?" for k in range(len(look.dice))]
        ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
        (logo,) = [
            k for k, d in enumerate(look.dice) if max(iou(d.box_xyxy, o) for o in ones) > 0.5
        ]
        screenshot(tab, f"missed-dice-offered-{viewport['width']}")
        tab.click(f"#sheet-camera .add-missed[data-missed='{logo}']")
        wait_until(tab, f"document.querySelectorAll('#sheet-dice .die-edit').length === {read + 1}")
        # The die is in the list and framed with its number; it is no longer offered.
        assert tab.locator(f"#sheet-camera .frame-box[data-index='{read}']").count() == 1
        assert tab.locator(f"#sheet-camera .frame-box[data-missed='{logo}']").count() == 0
        assert tab.locator(f"#sheet-camera .add-missed[data-missed='{logo}']").count() == 0
        screenshot(tab, f"missed-dice-added-{viewport['width']}")
    assert errors == []
