"""Moves in the flyer game are chosen on the board (issue 32 item 3): a space with markers, then
where they go, then the few ways to do it; one click no longer lists every move of the stack
(84 buttons, a 4,634 px page)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard
from tests.web.browser.test_flyer_table import act

pytestmark = pytest.mark.browser
LAPTOP = {"width": 1280, "height": 800}
ROLL = "Al: roll red red blue yellow white green"


def page_height(page: Any) -> int:
    height: int = page.evaluate("document.documentElement.scrollHeight")
    return height


def test_a_move_is_a_space_then_a_destination_then_a_short_list(
    page: Any, dashboard: Dashboard
) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bo", "Cy", "Di"], {"game": "flyer"}).game_id
    session.append(game, "values 3 1 4 1 5 6")
    session.append(game, ROLL)
    every = [m for m in session.view(game).to_json()["state"]["legal"] if m["from"] == "centre"]
    assert len(every) > 30  # the whole stack's moves, which one click used to list
    page.set_viewport_size(LAPTOP)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("[data-space=centre].from")
    before = page_height(page)
    page.click("[data-space=centre]")
    places = sorted({m["to"] for m in every})
    shown = [b.get_attribute("data-to") for b in page.query_selector_all("#flyer-moves [data-to]")]
    assert sorted(shown) == places and len(shown) <= 12
    assert page.locator("#flyer-moves [data-move]").count() == 0
    assert (
        sorted(page.eval_on_selector_all(".flyer-space.to", "ns => ns.map(n => n.dataset.space)"))
        == places
    )
    assert page_height(page) <= before + 200
    page.click("[data-space=n]")
    ways = [m for m in every if m["to"] == "n"]
    colours = {c for m in ways for c in m["markers"]}
    assert page.locator("#flyer-moves [data-marker]").count() == len(colours) <= 6
    assert page.locator("#flyer-moves [data-move]").count() == 0
    for marker in ("yellow", "blue", "red"):
        page.click(f"#flyer-moves [data-marker={marker}]")
    picked = [m for m in ways if sorted(m["markers"]) == ["blue", "red", "yellow"]]
    assert 1 <= page.locator("#flyer-moves [data-move]").count() == len(picked) <= 4
    assert page_height(page) <= before + 400
    act(page, lambda: page.click("[data-move='yellow blue red to n']"))
    assert session.history(game)[-1].line.startswith("Al: move yellow blue red to n paying")


def test_putting_the_markers_down_starts_again(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bo", "Cy", "Di"], {"game": "flyer"}).game_id
    session.append(game, "values 3 1 4 1 5 6")
    session.append(game, ROLL)
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("[data-space=centre]")
    page.click("[data-to=n]")
    page.click("#flyer-moves [data-marker=yellow]")
    assert page.locator("#flyer-moves [data-move]").count() >= 1
    page.click("#move-back")
    assert page.locator("#flyer-moves [data-move], #flyer-moves [data-to]").count() == 0
    assert page.locator(".flyer-space.selected, .flyer-space.to").count() == 0
