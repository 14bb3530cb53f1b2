"""The stream overlay as OBS loads it: transparent, scaled from 1920x1080, read with the overlay
token alone (no cookie), idle until something happens, then live within a second of a change."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import CONTROL, OVERLAY
from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"control_token": CONTROL}], indirect=True),
]
TRANSPARENT = "rgba(0, 0, 0, 0)"
LIVE_MS = 1000


def post_line(dashboard: Dashboard, game: str, line: str) -> None:
    status, _ = dashboard.post(f"/api/games/{game}/events", {"line": line})
    assert status == 201


def open_overlay(tab: Any, dashboard: Dashboard, game: str, extra: str = "") -> None:
    tab.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}{extra}"))
    wait_until(tab, "document.querySelector('#overlay').dataset.version")


def test_overlay_is_transparent_scaled_and_live(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.set_viewport_size({"width": 960, "height": 540})
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    open_overlay(tab, dashboard, game)
    for part in ("html", "body"):
        assert tab.eval_on_selector(part, "e => getComputedStyle(e).backgroundColor") == TRANSPARENT
    assert tab.get_attribute("#overlay", "data-state") == "idle"
    assert tab.locator("#canvas").is_hidden()
    screenshot(tab, "overlay-idle", full_page=False)

    post_line(dashboard, game, "Al: goal red 18")
    tab.wait_for_selector("#ov-goals li.goal", timeout=LIVE_MS)
    assert tab.eval_on_selector("#canvas", "e => e.style.transform") == "scale(0.5)"
    assert tab.locator("#ov-roll").is_hidden()
    post_line(dashboard, game, "Al: attempt red r4 r5")
    tab.wait_for_selector("#ov-roll .die", timeout=LIVE_MS)
    assert tab.locator("#ov-roll .die").count() == 2
    assert "9 of 18" in tab.inner_text("#ov-roll")
    assert "banked 0 / 18" in tab.inner_text("#ov-goals")
    post_line(dashboard, game, "Al: bank 9")
    wait_until(
        tab,
        "document.querySelector('#ov-goals').innerText.includes('banked 9 / 18')",
        timeout=LIVE_MS,
    )
    screenshot(tab, "overlay-live", full_page=False)

    tab.reload()  # OBS reloads a source whenever it likes: everything comes back at once
    tab.wait_for_selector("#ov-roll .die")
    assert "Al's turn" in tab.inner_text("#ov-turn")
    assert tab.eval_on_selector("body", "e => getComputedStyle(e).backgroundColor") == TRANSPARENT


def test_overlay_delay_holds_a_new_roll_back(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in ("Al: goal red 18", "Al: attempt red r4 r5", "Al: bank 9", "Al: pass"):
        dashboard.session.append(game, line)
    open_overlay(tab, dashboard, game, "&delay=700")
    assert tab.locator("#ov-roll .die").count() == 2  # the snapshot is drawn without delay
    post_line(dashboard, game, "Bruce: goal blue 12")
    post_line(dashboard, game, "Bruce: attempt blue b3 b4")
    wait_until(
        tab, "document.querySelector('#ov-turn').innerText.includes('Bruce')", timeout=LIVE_MS
    )
    assert "Al" in tab.inner_text("#ov-roll .ov-roll-head")  # still the old roll: suspense
    wait_until(
        tab, "document.querySelector('#ov-roll').innerText.includes('Bruce')", timeout=700 + LIVE_MS
    )


def test_overlay_test_mode_and_refusals(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.goto(dashboard.url(f"/overlay?test=1&token={OVERLAY}"))
    tab.wait_for_selector("#ov-roll .die")
    assert "Bruce" in tab.inner_text("#ov-turn")
    assert tab.locator("#ov-goals li.goal").count() == 3
    screenshot(tab, "overlay-test", full_page=False)
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    answer = tab.goto(dashboard.url(f"/overlay/{game}"))
    assert answer is not None and answer.status == 401
