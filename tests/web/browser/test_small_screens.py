"""Pages that held at one size and broke at another (issue 32 item 5): RGB's board on a phone,
the kid view's Next button below the fold, history numbers from 100 on, the dice check's
headings running into its numbers, and the message refusing a 5,000-character line."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until
from tests.web.browser.test_board_game_views import FLYER_START

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# Every cell whose text is wider than the cell itself (so it runs into the next one).
SPILLING = """(selector) => [...document.querySelectorAll(selector)]
  .filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent)"""


def page_width(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def test_the_rgb_board_fits_a_phone(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": "rgb"}}
    )
    assert status == 201
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.wait_for_selector("#rgb-board .rgb-square")
    assert page_width(page) <= PHONE["width"]
    # The board is drawn again when the game's stream first answers: measure the square in
    # the page itself, whichever drawing is there (a node read across a redraw has no box).
    width = "document.querySelector('#rgb-board .rgb-square')?.getBoundingClientRect().width"
    wait_until(page, f"({width} || 0) > 0")
    assert page.evaluate(width) >= 30  # still big enough to tap


@pytest.mark.parametrize("game", ["ryb", "flyer"])
def test_the_kid_views_buttons_and_step_are_on_a_phones_screen(
    page: Any, dashboard: Dashboard, game: str
) -> None:
    session = dashboard.session
    if game == "ryb":
        made = session.create_from_options(["Al", "Bruce"], {}).game_id
        lines: tuple[str, ...] = ("Al: goal orange 7", "Al: attempt orange r4 r4 y3 y4")
    else:
        made = session.create_from_options(["Al", "Bo", "Cy", "Di"], {"game": "flyer"}).game_id
        lines = (FLYER_START[0], "Al: roll red red blue yellow white green")
    for line in lines:
        session.append(made, line)
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{made}/kid"))
    page.wait_for_selector("#kid-view[data-state=roll]")
    for button in ("#prev-step", "#read-aloud", "#next-step"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], (button, box)
        assert box["height"] >= 44
    text = page.locator("#step-text").bounding_box()
    bar = page.locator("#next-step").bounding_box()
    assert text is not None and bar is not None and text["y"] + text["height"] <= bar["y"]
    assert page_width(page) <= PHONE["width"]


def test_history_numbers_from_100_are_whole(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    for _ in range(60):
        session.append(game, "Al: dump")
        session.append(game, "Bruce: dump")
    page.set_viewport_size(LAPTOP)
    page.goto(dashboard.url(f"/games/{game}"))
    item = page.locator("#history li[data-seq='110']")
    item.scroll_into_view_if_needed()
    number = item.locator(".seq")
    assert number.inner_text() == "110."
    box, panel = number.bounding_box(), page.locator("#history").bounding_box()
    assert box is not None and panel is not None and box["x"] >= panel["x"]
    assert page.evaluate(SPILLING, "#history .seq") == []


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_dice_checks_headings_stay_in_their_cells(
    page: Any, dashboard: Dashboard, size: dict[str, int]
) -> None:
    session = dashboard.session
    names = ["Maximiliana", "Bartholomew", "Zoe"]
    game = session.create_from_options(names, {}).game_id
    session.append(game, "Maximiliana: goal orange 7")
    session.append(game, "Maximiliana: attempt orange r6 r6 y6 y6")
    page.set_viewport_size(size)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#dice-check .stats-players")
    assert (
        page.evaluate(SPILLING, "#dice-check .stats-players th, #dice-check .stats-players td")
        == []
    )
    assert page_width(page) <= size["width"]


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_refused_5000_character_line_keeps_the_page(
    page: Any, dashboard: Dashboard, size: dict[str, int]
) -> None:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    page.set_viewport_size(size)
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#control-line summary")
    page.fill("#control-line input[name=line]", "goal " + "x" * 5000)
    page.press("#control-line input[name=line]", "Enter")
    wait_until(page, "document.querySelector('#control-line .error')?.textContent !== ''")
    error = page.locator("#control-line .error")
    assert "5007 characters" in error.inner_text() or "characters long" in error.inner_text()
    assert len(error.inner_text()) < 300
    box = error.bounding_box()
    assert box is not None and box["x"] + box["width"] <= size["width"]
    assert page_width(page) <= size["width"]
