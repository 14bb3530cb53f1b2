"""Drawing the player zones on the modifier game's page (issue 32 item 9): the camera's still
picture, one rectangle per player dragged across it, or the table split into one equal zone per
player at once; saved into the camera's profile and drawn over the picture."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from calibration.storage import load_active
from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import Dashboard, wait_until


class PictureCamera(FakeCamera):
    """A camera whose latest frame is a 640x360 picture of a green table."""

    def latest_jpeg(self) -> bytes | None:
        image = np.full((360, 640, 3), (40, 120, 40), np.uint8)
        return bytes(cv2.imencode(".jpg", image)[1])


pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"camera": PictureCamera()}], indirect=True),
]


def open_zones(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Ann", "Ben", "Cat"], "options": {"game": "modifier"}}
    )
    assert status == 201
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.click("#zones summary")
    wait_until(page, "document.querySelector('.zones-picture')?.naturalWidth === 640")


def drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.locator(".zones-stage").scroll_into_view_if_needed()
    box = page.locator(".zones-stage").bounding_box()
    assert box is not None
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    page.mouse.move(x + start[0] * w, y + start[1] * h)
    page.mouse.down()
    page.mouse.move(x + end[0] * w, y + end[1] * h, steps=4)
    page.mouse.up()


def test_equal_zones_at_once(page: Any, dashboard: Dashboard) -> None:
    open_zones(page, dashboard)
    page.click("#equal-zones")
    page.locator(".zone-saved[data-zone=Cat]").wait_for(state="attached")
    profile = load_active(dashboard.session.data_dir)
    assert profile is not None and profile.zone_names() == ("Ann", "Ben", "Cat")


def test_zones_drawn_on_the_picture(page: Any, dashboard: Dashboard) -> None:
    open_zones(page, dashboard)
    page.select_option("select[name=zone-player]", "Ann")
    drag(page, (0.02, 0.05), (0.48, 0.95))
    page.select_option("select[name=zone-player]", "Ben")
    drag(page, (0.52, 0.05), (0.98, 0.95))
    assert page.locator(".zone-drawn").count() == 2
    page.click("#save-zones")
    page.locator(".zone-saved[data-zone=Ben]").wait_for(state="attached")
    profile = load_active(dashboard.session.data_dir)
    assert profile is not None and profile.zone_names() == ("Ann", "Ben")
    ann = profile.player_zones[0].polygon
    xs = [x for x, _ in ann]
    assert min(xs) < 40 and 280 < max(xs) < 330  # the left half of the 640 px picture
