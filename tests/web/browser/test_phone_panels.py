"""Panels that overflowed on a 390 px phone (issue 47 item 11): RGB's "Off the board" table was
cut at the yellow column, and the last roll's totals ran into each other ("yellow 9" over
"blue 0")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

_INSIDE = """(s) => { const e = document.querySelector(s).getBoundingClientRect();
    const p = document.querySelector(s).closest('section').getBoundingClientRect();
    return e.right <= p.right && e.left >= p.left; }"""
_APART = """() => [...document.querySelectorAll('#last-roll .total')]
    .every(t => t.scrollWidth <= t.clientWidth + 1)"""  # no total spills into the next
_ONE_LINE = """() => { const rows = document.querySelectorAll('#rgb-supply tr');
    const height = (row) => row.getBoundingClientRect().height;
    return height(rows[0]) < 1.3 * height(rows[1]); }"""


def test_rgb_pieces_off_the_board_fit_a_phone(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bo"], {"game": "rgb"}).game_id
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#rgb-supply table")
    assert page.evaluate(_INSIDE, "#rgb-supply table")
    assert page.evaluate(_ONE_LINE)  # "yellow", not "yello w"


def test_the_last_rolls_totals_do_not_collide_on_a_phone(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Al", "Bo"], {}).game_id
    dashboard.session.append(game, "Al: goal orange 7")
    dashboard.session.append(game, "Al: attempt orange r3 r4 y4 y5")
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{game}"))
    wait_until(page, "document.querySelectorAll('#last-roll .total').length >= 7")
    assert page.evaluate(_APART)
    assert page.evaluate(_INSIDE, "#last-roll .totals")
