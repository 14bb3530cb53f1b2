"""The flyer game played by clicking on its table view: the colour values thrown, a roll of
colour dice entered, a space's markers moved with the dice the page offers, and undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.web.api.support import FakeCamera
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.browser


def act(tab: Any, do: Callable[[], None]) -> None:
    before = tab.get_attribute("#flyer-view", "data-seq")
    do()
    wait_until(
        tab,
        "(before) => document.querySelector('#flyer-view').dataset.seq !== before",
        arg=before,
    )


def test_values_a_roll_and_a_move_by_clicking(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": "flyer"}}
    )
    assert status == 201
    tab = page
    tab.goto(dashboard.url(f"/games/{view['id']}"))
    for k, throw in enumerate("314156", start=1):
        tab.fill(f"#values-form input[name=throw{k}]", throw)
    act(tab, lambda: tab.click("#values-form button[type=submit]"))
    assert tab.inner_text("[data-value=white]") == "6 points"
    for k, colour in enumerate(["red", "red", "blue", "yellow", "white"], start=1):
        tab.select_option(f"#roll-form select[name=die{k}]", colour)
    act(tab, lambda: tab.click("#roll-form button[type=submit]"))
    assert len(tab.query_selector_all("#flyer-dice .flyer-chip")) == 5
    assert "from" in str(tab.get_attribute("[data-space=centre]", "class"))
    tab.click("[data-space=centre]")
    tab.click("[data-space=n]")
    for marker in ("yellow", "blue", "red"):
        tab.click(f"[data-marker={marker}]")
    act(tab, lambda: tab.click("[data-move='yellow blue red to n']"))
    label = str(tab.get_attribute("[data-space=n]", "aria-label"))
    assert "red, blue, yellow (bottom to top)" in label  # they land reversed
    assert [c.inner_text() for c in tab.query_selector_all("#flyer-dice .flyer-chip")] == ["white"]
    assert "Bo rolls next" in tab.inner_text("#flyer-status")
    screenshot(tab, "flyer-table")
    act(tab, lambda: tab.click("#undo"))
    assert "no markers" in str(tab.get_attribute("[data-space=n]", "aria-label"))


def _face(x: int, colour: Colour, confidence: float = 0.95) -> Die:
    box = (x - 15, 100, x + 15, 130)
    return Die(colour, 1, confidence, box, confidence < 0.75, face_colour=colour)


def _offer(dashboard: Dashboard, *dice: Die) -> None:
    frame = np.full((360, 640, 3), 90, np.uint8)
    dashboard.session.offer_roll(SettledRoll(2000.0, 1700.0, 61, frame, DiceReading.of(dice)))


@pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)
def test_the_camera_fills_a_roll_and_a_person_checks_it(page: Any, dashboard: Dashboard) -> None:
    _, view = dashboard.post(
        "/api/games",
        {"players": ["Al", "Bo"], "options": {"game": "flyer"}},
    )
    dashboard.session.append(view["id"], "values 3 1 4 1 5 6")
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.click("#read-colours")
    wait_until(page, "document.querySelector('#camera-fill-note').textContent !== ''")
    assert "has not seen a settled roll" in page.inner_text("#camera-fill-note")
    pip_die = Die(Colour.RED, 4, 0.97, (300, 200, 330, 230))  # the normal die: not a colour
    _offer(
        dashboard,
        _face(100, Colour.RED),
        _face(140, Colour.BLUE),
        _face(180, Colour.GREEN, 0.6),
        _face(220, Colour.YELLOW),
        _face(260, Colour.WHITE),
        pip_die,
    )
    page.click("#read-colours")
    wait_until(page, "document.querySelector('#camera-fill-note').textContent.includes('5 colour')")
    note = page.inner_text("#camera-fill-note")
    assert "1 not seen: choose it by hand" in note and "1 unsure, marked" in note
    assert "(settled at " in note, note  # the roll's time, from the API's `received_at`
    values = [page.input_value(f"#roll-form select[name=die{k}]") for k in range(1, 7)]
    assert values == ["red", "blue", "yellow", "white", "green", ""]  # surest first
    assert page.get_attribute("#roll-form select[name=die5]", "aria-invalid") == ""
    page.select_option("#roll-form select[name=die5]", "purple")  # the person's check
    assert page.get_attribute("#roll-form select[name=die5]", "aria-invalid") is None
    page.select_option("#roll-form select[name=die6]", "red")
    act(page, lambda: page.click("#roll-form button[type=submit]"))
    assert dashboard.session.store.events(view["id"])[-1].line == (
        "Al: roll red blue yellow white purple red"
    )


@pytest.mark.parametrize("dashboard", [{"camera": FakeCamera("lost")}], indirect=True)
def test_no_camera_button_while_the_camera_is_lost(page: Any, dashboard: Dashboard) -> None:
    _, view = dashboard.post("/api/games", {"players": ["Al", "Bo"], "options": {"game": "flyer"}})
    dashboard.session.append(view["id"], "values 3 1 4 1 5 6")
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.wait_for_selector("#roll-form")
    page.wait_for_timeout(2500)  # one camera poll
    assert page.is_hidden("#read-colours")


class _PipCamera(FakeCamera):
    """A camera whose reader reads pip dice only: the server runs without `--game flyer`."""

    def __init__(self) -> None:
        from tests.tables.support import fresh_reader

        super().__init__()
        self.reader = fresh_reader()


@pytest.mark.parametrize("dashboard", [{"camera": _PipCamera()}], indirect=True)
def test_a_camera_that_reads_no_colour_faces_says_how_to_start_one(
    page: Any, dashboard: Dashboard
) -> None:
    """Issue 47 item 6: without `--game flyer` the page said "roll them, let them rest"."""
    _, view = dashboard.post("/api/games", {"players": ["Al", "Bo"], "options": {"game": "flyer"}})
    dashboard.session.append(view["id"], "values 3 1 4 1 5 6")
    _offer(dashboard, Die(Colour.RED, 4, 0.97, (300, 200, 330, 230)))
    page.goto(dashboard.url(f"/games/{view['id']}"))
    page.click("#read-colours")
    wait_until(page, "document.querySelector('#camera-fill-note').textContent !== ''")
    note = page.inner_text("#camera-fill-note")
    assert "--game flyer" in note and "let them rest" not in note
