"""The table page's Share & settings (issue 32 item 18): served on the network, it shows this
page's address for a tablet and its QR code; served on loopback, it says how to reach a tablet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.api.support import CONTROL
from tests.web.browser.conftest import Dashboard
from web import lan


@pytest.fixture
def on_a_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    yield


pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "dashboard", [{"control_token": CONTROL, "host": "0.0.0.0"}], indirect=True
)
def test_a_network_dashboard_shows_the_tablet_address_and_qr(
    on_a_network: None, page: Any, dashboard: Dashboard
) -> None:
    game = dashboard.session.create_from_options(["Al", "Bo"], {"game": "flyer"}).game_id
    page.goto(dashboard.url(f"/login?token={CONTROL}"))
    page.goto(dashboard.url(f"/games/{game}"))
    port = dashboard.base.rsplit(":", 1)[1]
    url = f"http://192.168.1.20:{port}/games/{game}"
    assert page.inner_text("#tablet-url") == url
    qr = page.locator("#tablet-qr svg")
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 120 and abs(box["width"] - box["height"]) < 2
    assert page.locator("#tablet-qr path").count() == 1
    # Issue 47 item 11: the OBS address stayed 127.0.0.1, and on a phone the links ran past
    # the panel's edge.
    assert page.inner_text("#overlay-url").startswith(f"http://192.168.1.20:{port}/overlay/{game}?")
    page.set_viewport_size({"width": 390, "height": 844})
    inside = """(s) => { const e = document.querySelector(s);
        const panel = document.querySelector('#share').getBoundingClientRect();
        return e.getBoundingClientRect().right <= panel.right; }"""
    assert page.evaluate(inside, "#tablet-url") and page.evaluate(inside, "#overlay-url")


def test_a_loopback_dashboard_says_how_to_reach_a_tablet(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bo"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    assert "--host 0.0.0.0" in page.inner_text("#tablet-url-none")
    assert page.locator("#tablet-qr").count() == 0
