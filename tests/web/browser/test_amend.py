"""Amending an earlier line from the table page's history (issue 32 item 15): each live line has
an "amend" button; the corrected line is checked against every later event, and a refusal names
the first event it would break."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until
from tests.web.browser.test_small_screens import page_width

pytestmark = pytest.mark.browser

LINES = ("Al: goal red 10 value 30", "Al: attempt red r2 r2", "Al: bank 4", "Al: pass")


@pytest.mark.parametrize(
    ("fixed", "words"),
    [
        ("Al: attempt red r3 r4", None),
        ("Al: attempt red r1 r1", "would break #3 'Al: bank 4'"),
    ],
)
def test_amend_an_earlier_line(
    page: Any, dashboard: Dashboard, fixed: str, words: str | None
) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in LINES:
        session.append(game, line)
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#history [data-amend='2']")
    field = page.locator("#history li[data-seq='2'] .amend-form input")
    assert field.input_value() == LINES[1]
    field.fill(fixed)
    page.click("#history li[data-seq='2'] .amend-form button[type=submit]")
    if words is None:
        page.locator("#history li[data-seq='5']").wait_for()
        note = page.locator("#history li[data-seq='2'] .amended").inner_text()
        assert f"now reads “{fixed}” (amended by #5)" in note
        assert fixed in session.export(game)
        assert page.locator("#history [data-amend='5']").count() == 0  # no amending an amendment
    else:
        wait_until(page, "document.querySelector('#history .amend-form .error').textContent")
        assert words in page.inner_text("#history .amend-form .error")
        assert session.view(game).seq == len(LINES)
    assert page_width(page) <= 1280
