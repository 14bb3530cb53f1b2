"""The pending camera roll shows the settled frame at camera resolution beside the dice list,
each die framed in the picture with the number its row in the list has; tapping the picture
zooms it to full size and back."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import (
    Dashboard,
    camera_waiting_on_orange,
    screenshot,
    wait_until,
)
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]

W, H = 1280, 720
BOXES = [(100, 200, 180, 280), (600, 300, 680, 380), (1100, 560, 1180, 640)]


def _frame() -> np.ndarray:
    frame = np.full((H, W, 3), (60, 110, 40), np.uint8)
    for x1, y1, x2, y2 in BOXES:
        frame[y1:y2, x1:x2] = (40, 40, 220)
    return frame


def _roll() -> SettledRoll:
    dice = [
        Die(Colour.RED, 3, 0.97, BOXES[0]),
        Die(Colour.RED, 5, 0.5, BOXES[1], unsure=True),
        Die(Colour.YELLOW, 2, 0.97, BOXES[2]),
    ]
    return SettledRoll(2000.0, 1700.0, 60, _frame(), DiceReading.of(dice))


def _box(tab: Any, index: int) -> dict[str, float]:
    found: dict[str, float] = tab.evaluate(
        """(i) => {
            const img = document.querySelector('#pending .frame-img').getBoundingClientRect();
            const box = document.querySelector(`#pending .frame-box[data-index="${i}"]`)
                .getBoundingClientRect();
            return {x: (box.left - img.left) / img.width, y: (box.top - img.top) / img.height,
                    w: box.width / img.width, h: box.height / img.height};
        }""",
        index,
    )
    return found


def test_the_frame_shows_every_die_boxed_and_numbered(page: Any, dashboard: Dashboard) -> None:
    tab = page
    camera_waiting_on_orange(tab, dashboard)
    dashboard.session.offer_roll(_roll())
    tab.wait_for_selector("#pending .frame-view .frame-img")
    wait_until(tab, "document.querySelector('#pending .frame-img').naturalWidth > 0")
    natural = tab.eval_on_selector("#pending .frame-img", "i => [i.naturalWidth, i.naturalHeight]")
    assert natural == [W, H]

    numbers = tab.eval_on_selector_all("#pending .frame-box", "bs => bs.map(b => b.innerText)")
    assert numbers == ["1", "2", "3"]
    listed = tab.eval_on_selector_all(
        "#pending .pending-dice .die-edit .die-number", "bs => bs.map(b => b.innerText)"
    )
    assert listed == ["1", "2", "3"]
    assert tab.get_attribute("#pending .frame-box[data-index='1']", "class") == "frame-box unsure"
    for k, (x1, y1, x2, y2) in enumerate(BOXES):
        box = _box(tab, k)
        assert box["x"] == pytest.approx(x1 / W, abs=0.01)
        assert box["y"] == pytest.approx(y1 / H, abs=0.01)
        assert box["w"] == pytest.approx((x2 - x1) / W, abs=0.01)
        assert box["h"] == pytest.approx((y2 - y1) / H, abs=0.01)

    # Beside the dice list: side by side, the picture's top level with the list's.
    frame = tab.locator("#pending .frame-view").bounding_box()
    dice = tab.locator("#pending .pending-dice").bounding_box()
    assert frame["x"] + frame["width"] <= dice["x"] + 1
    assert abs(frame["y"] - dice["y"]) < 40
    screenshot(tab, "table-camera-frame")

    tab.click("#pending .frame-stage")
    tab.wait_for_selector("#pending .frame-view.zoomed")
    width = tab.evaluate(
        "document.querySelector('#pending .frame-img').getBoundingClientRect().width"
    )
    assert width == pytest.approx(W, abs=2)  # full size: every pip legible
    assert _box(tab, 2)["x"] == pytest.approx(BOXES[2][0] / W, abs=0.005)
    screenshot(tab, "table-camera-frame-zoomed", full_page=False)
    tab.keyboard.press("Escape")
    tab.wait_for_selector("#pending .frame-view:not(.zoomed)")

    # A die added by hand has no box in the frame; the others keep theirs.
    tab.click("#pending .pending-dice .dice-add button >> nth=0")
    wait_until(tab, "document.querySelectorAll('#pending .pending-dice .die-edit').length === 4")
    assert tab.locator("#pending .frame-box").count() == 3
