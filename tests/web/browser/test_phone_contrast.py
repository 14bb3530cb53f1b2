"""Phone layout and contrast (issue #24 item 10): the last roll's totals do not collide and the
kid view's Leave button is whole on a phone; the kid view's labels and the overlay's winner
reach WCAG AA contrast (4.5:1)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from tests.web.api.support import OVERLAY
from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_overlay_layout import overlap

pytestmark = pytest.mark.browser

PHONE = {"width": 320, "height": 640}
AA = 4.5

# The contrast of an element's text over what is behind it, with every opacity on the way.
CONTRAST = """([selector, base]) => {
  const parse = (c) => {
    const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const mix = (top, a, under) => top.map((v, i) => v * a + under[i] * (1 - a));
  const node = document.querySelector(selector);
  const chain = [];
  for (let n = node; n; n = n.parentElement) chain.unshift(n);
  let bg = base, opacity = 1;
  for (const n of chain) {
    const style = getComputedStyle(n);
    opacity *= Number(style.opacity);
    const [r, g, b, a] = parse(style.backgroundColor);
    bg = mix([r, g, b], a, bg);
  }
  const [r, g, b, a] = parse(getComputedStyle(node).color);
  const fg = mix([r, g, b], a * opacity, bg);
  const channel = (v) => (v <= 10.03 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""
WHITE, STREAM = [255, 255, 255], [0, 0, 0]


def contrast(page: Any, selector: str, base: list[int]) -> float:
    page.wait_for_selector(selector)
    return float(page.evaluate(CONTRAST, [selector, base]))


def a_game(dashboard: Dashboard, *lines: str) -> str:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in lines:
        dashboard.session.append(game, line)
    return game


ROLL = ("Al: goal orange 7", "Al: attempt orange r4 r4 y3 y4")


def test_the_kid_views_labels_can_be_read(page: Any, dashboard: Dashboard) -> None:
    game = a_game(dashboard, *ROLL)
    page.goto(dashboard.url(f"/games/{game}/kid"))
    page.wait_for_selector("#kid-view[data-state=roll]")
    for selector in ("#kid-dice figure:not(.lit) figcaption", "#step-count", "#live-status"):
        assert contrast(page, selector, WHITE) >= AA, selector


def test_the_overlays_winner_can_be_read(page: Any, dashboard: Dashboard) -> None:
    game = a_game(dashboard, *ROLL)
    page.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}"))
    page.wait_for_selector("#ov-players .ov-player")
    page.evaluate("document.querySelector('#ov-players .ov-player').classList.add('winner')")
    for selector in (".ov-player.winner .name", ".ov-player.winner .needs-text"):
        assert contrast(page, selector, STREAM) >= AA, selector


def test_a_phone_shows_whole_totals_and_a_whole_leave_button(
    page: Any, dashboard: Dashboard
) -> None:
    game = a_game(dashboard, *ROLL)
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#last-roll .totals-row")
    for row in page.locator("#last-roll .totals-row").all():
        cells = [c.bounding_box() for c in row.locator(":scope > *").all()]
        for a, b in combinations([c for c in cells if c and c["width"] > 0], 2):
            assert overlap(a, b) == 0, (a, b)
    page.goto(dashboard.url(f"/games/{game}/kid"))
    page.wait_for_selector("#leave")
    box = page.locator("#leave").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
