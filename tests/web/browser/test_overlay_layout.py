"""The overlay with five players of twenty-character names and a roll shown (issue #24 item 6):
no panel overlaps another and all stay on screen, at 1920x1080 and 1280x720."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from tests.web.api.support import OVERLAY
from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser

NAMES = [
    "Maximiliana Wolkenst",
    "Bartholomew Fitzgera",
    "Zoe-Li Papadopoulouu",
    "Jean Luc Picard Barr",
    "Aleksandra Wisniewsk",
]
PANELS = ["#ov-turn", "#ov-side", "#ov-roll", "#ov-players"]


def overlap(a: dict[str, float], b: dict[str, float]) -> float:
    dx = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, dx) * max(0.0, dy)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("players", [3, 5])
def test_no_panel_covers_another(
    page: Any, dashboard: Dashboard, size: tuple[int, int], players: int
) -> None:
    session = dashboard.session
    names = NAMES[:players]
    game = session.create_from_options(names, {}).game_id
    session.append(game, f"{names[0]}: goal orange 7")
    session.append(game, f"{names[0]}: attempt orange r4 r4 y3 y4")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}"))
    page.wait_for_selector("#ov-roll .ov-roll-head")
    boxes = {panel: page.locator(panel).bounding_box() for panel in PANELS}
    for a, b in combinations(PANELS, 2):
        assert overlap(boxes[a], boxes[b]) == 0, (a, boxes[a], b, boxes[b])
    for panel, box in boxes.items():
        assert box["x"] >= 0 and box["y"] >= 0, panel
        assert box["x"] + box["width"] <= size[0] + 0.5, panel
        assert box["y"] + box["height"] <= size[1] + 0.5, panel
    for name in page.locator("#ov-players .ov-player").all():
        assert overlap(name.bounding_box(), boxes["#ov-roll"]) == 0
