"""The stream overlay's layouts (issue 32 item 16): `?layout=corner` keeps whose turn, the roll
and the scores in a small box at the bottom right, and `goals`, `roll` and `scores` show one
panel alone on a canvas of its shape; each transparent and inside its frame, for every game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import OVERLAY
from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_overlay import TRANSPARENT

pytestmark = pytest.mark.browser

PANELS = ("#ov-turn", "#ov-side", "#ov-roll", "#ov-players")
# (layout, viewport, the panels it may show, the largest share of the frame they may cover)
LAYOUTS = [
    ("corner", (1920, 1080), {"#ov-turn", "#ov-roll", "#ov-players"}, 0.15),
    ("goals", (600, 1000), {"#ov-side"}, 1.0),
    ("roll", (1040, 520), {"#ov-turn", "#ov-roll"}, 1.0),
    ("scores", (1840, 180), {"#ov-players"}, 1.0),
]
GAMES = ["ryb", "flyer", "rgb", "modifier"]


def shown(tab: Any) -> dict[str, dict[str, float]]:
    boxes = {}
    for panel in PANELS:
        node = tab.locator(panel)
        if node.count() and node.is_visible():
            boxes[panel] = node.bounding_box()
    return boxes


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("layout", "size", "allowed", "share"), LAYOUTS, ids=lambda v: str(v))
def test_each_layout_stays_in_its_box(
    page: Any,
    dashboard: Dashboard,
    game: str,
    layout: str,
    size: tuple[int, int],
    allowed: set[str],
    share: float,
) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(dashboard.url(f"/overlay?test=1&game={game}&layout={layout}&token={OVERLAY}"))
    page.wait_for_selector("#overlay[data-state=live]", state="attached")
    for part in ("html", "body"):
        colour = page.eval_on_selector(part, "e => getComputedStyle(e).backgroundColor")
        assert colour == TRANSPARENT
    boxes = shown(page)
    assert boxes and set(boxes) <= allowed, boxes
    for panel, box in boxes.items():
        assert box["x"] >= 0 and box["y"] >= 0, panel
        assert box["x"] + box["width"] <= width + 0.5, (panel, box)
        assert box["y"] + box["height"] <= height + 0.5, (panel, box)
    covered = sum(b["width"] * b["height"] for b in boxes.values())
    assert covered <= share * width * height
    if layout == "corner":
        assert min(b["x"] for b in boxes.values()) >= width / 2
        assert min(b["y"] for b in boxes.values()) >= height / 2
    else:  # one panel alone is drawn large, not a 1920x1080 frame shrunk into the source
        assert max(b["width"] for b in boxes.values()) >= 0.9 * width


def test_an_unknown_layout_is_named(page: Any, dashboard: Dashboard) -> None:
    answer = page.goto(dashboard.url(f"/overlay?test=1&layout=sidebar&token={OVERLAY}"))
    assert answer is not None and answer.status == 400
    assert "'sidebar'" in page.inner_text("#ov-notice")
    assert "corner" in page.inner_text("#ov-notice")
