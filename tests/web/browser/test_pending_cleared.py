"""A camera attempt the game moves past (a line typed at the table) disappears from the table
view at once, and the panel says why instead; before that, its roll entered by hand."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import Dashboard

pytestmark = [
    pytest.mark.browser,
    # a camera that gives frames: the table offers a camera roll only then
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]


def test_a_typed_line_clears_the_camera_attempt_with_its_reason(
    page: Any, dashboard: Dashboard
) -> None:
    tab = page
    game = dashboard.session.import_record('[Players "Al, Bruce"]\nAl: goal orange 7\n').game_id
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#live-status[data-state=live]")
    tab.click("#camera-attempt")
    tab.wait_for_selector("#pending .waiting")
    tab.click("#pending .hand-entry summary")
    tab.click("#pending .hand-entry button:text('Use these dice')")
    tab.wait_for_selector("#pending .check")
    assert "saw 2 red 2 yellow" in tab.inner_text("#pending .check")

    tab.click("#control-line summary")
    tab.fill("#control-line input[name=line]", "pass")
    tab.click("#control-line button[type=submit]")
    note = tab.locator("#pending .cleared")
    note.wait_for()
    assert tab.locator("#accept-roll").count() == 0
    assert note.inner_text() == (
        "Al's camera attempt on #1 was cleared: the game moved on: 'Al: pass' was recorded; "
        "it is Bruce's turn now."
    )
    assert dashboard.session.pending(game) is None
