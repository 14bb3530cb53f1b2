"""An overlay address that cannot show its game (issue 32 item 17) answers what a streaming tool
can lay over the stream: a transparent page with one small notice, never an opaque login or
"Not found" page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import CONTROL, OVERLAY
from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_overlay import TRANSPARENT

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"control_token": CONTROL}], indirect=True),
]
STREAM = {"width": 1920, "height": 1080}


@pytest.mark.parametrize(
    ("path", "status", "words"),
    [
        ("/overlay/{game}", 401, "no token"),
        ("/overlay/{game}?token=wrong-token", 403, "not accepted"),
        ("/overlay/{game}?token=" + CONTROL + "x", 403, "not accepted"),
        ("/overlay/x0000000000?token=" + OVERLAY, 404, "no game"),
        ("/overlay?test=1&game=chess&token=" + OVERLAY, 404, "no game"),
    ],
)
def test_an_overlay_that_cannot_show_its_game_stays_transparent(
    page: Any, dashboard: Dashboard, path: str, status: int, words: str
) -> None:
    page.set_viewport_size(STREAM)
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    answer = page.goto(dashboard.url(path.format(game=game)))
    assert answer is not None and answer.status == status
    assert "frame-ancestors *" in answer.headers["content-security-policy"]
    for part in ("html", "body"):
        assert (
            page.eval_on_selector(part, "e => getComputedStyle(e).backgroundColor") == TRANSPARENT
        )
    assert page.locator("form, input, h1, h2").count() == 0
    notice = page.locator("#ov-notice")
    assert words in notice.inner_text()
    box = notice.bounding_box()
    assert box is not None and box["width"] * box["height"] < 0.03 * 1920 * 1080
