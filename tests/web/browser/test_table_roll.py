"""The modifier dice game's camera flow by clicking: read the table, see each player's dice as
their calibration zone holds them, add the die the camera missed to its player, give a stray die
away, fix a die's pips, and accept one roll line per player."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import FakeCamera
from tests.web.api.test_table_roll import ANN, BEN, _die, _settled, _zones
from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = pytest.mark.browser
WITH_CAMERA = pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)


def shows(page: Any, selector: str, text: str) -> None:
    wait_until(page, "([s, t]) => document.querySelector(s)?.textContent === t", [selector, text])


def _open_game(page: Any, dashboard: Dashboard) -> str:
    """A modifier game of Ann and Ben with its goals drawn and the players' zones set, open in
    `page`; its id."""
    session = dashboard.session
    _zones(session.data_dir)
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    page.goto(dashboard.url(f"/games/{game}"))
    return game


@WITH_CAMERA
def test_the_table_roll_by_clicking(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = _open_game(page, dashboard)
    page.click("#read-table")
    page.wait_for_selector("#table-roll .waiting")
    session.offer_roll(_settled(*ANN, *BEN[:4], _die(20, 20, 2)))
    page.wait_for_selector("#table-roll [data-roller=Ben] .problem")
    assert page.inner_text("[data-roller=Ben] .problem") == "Ben has 4 dice, not 6"
    assert page.is_disabled("#accept-table")

    page.select_option("#table-roll [data-roller=''] select", "Ben")
    shows(page, "[data-roller=Ben] .problem", "Ben has 5 dice, not 6")
    page.click("[aria-label='add a die to Ben']")
    page.wait_for_selector("[data-roller=Ben] code.line")
    page.click("[data-roller=Ann] .die-button >> nth=0")  # 3 becomes 4
    shows(page, "[data-roller=Ann] code.line", "Ann: roll 4 1 4 1 5 6")
    screenshot(page, "modifier-table-roll")
    assert page.inner_text("[data-roller=Ben] code.line") == "Ben: roll 6 5 4 3 2 1"
    page.click("#accept-table")
    wait_until(page, "document.querySelector('#modifier-view').dataset.seq === '3'")
    lines = [e.line for e in session.store.events(game)]
    assert lines[-2:] == ["Ann: roll 4 1 4 1 5 6", "Ben: roll 6 5 4 3 2 1"]
    page.wait_for_selector("#table-roll", state="hidden")


@WITH_CAMERA
def test_a_newer_table_is_taken_only_when_asked(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    _open_game(page, dashboard)
    page.click("#read-table")
    page.wait_for_selector("#table-roll .waiting")
    session.offer_roll(_settled(*ANN, *BEN[:3]))
    page.wait_for_selector("#table-roll [data-roller=Ben] .problem")
    session.offer_roll(_settled(*ANN, *BEN, _die(530, 100, 1)))
    page.wait_for_selector("#use-queued-table")
    assert page.inner_text("[data-roller=Ben] .problem") == "Ben has 3 dice, not 6"
    page.click("#use-queued-table")
    shows(page, "[data-roller=Ben] code.line", "Ben: roll 6 5 4 3 2 1")
    assert not page.is_disabled("#accept-table")


@WITH_CAMERA
def test_a_late_answer_does_not_draw_over_the_cameras_roll(page: Any, dashboard: Dashboard) -> None:
    # The stream can bring the attempt and then the camera's roll before the answer to "read the
    # table" reaches the page: that older answer must not put the page back to waiting.
    session = dashboard.session
    _open_game(page, dashboard)
    page.wait_for_selector("#live-status[data-state=live]")
    held: list[tuple[Any, Any]] = []
    page.route("**/table-roll", lambda route: held.append((route, route.fetch())))
    page.click("#read-table")
    page.wait_for_selector("#table-roll .waiting")  # drawn from the stream: the answer is held
    session.offer_roll(_settled(*ANN, *BEN[:4], _die(20, 20, 2)))
    page.wait_for_selector("#table-roll [data-roller=Ben] .problem")
    route, answer = held[0]
    route.fulfill(response=answer)
    page.wait_for_timeout(500)  # the answer arrives and is dropped
    assert page.inner_text("[data-roller=Ben] .problem") == "Ben has 4 dice, not 6"
    assert not page.is_visible("#table-roll .waiting")


@pytest.mark.parametrize(
    ("dashboard", "why"),
    [
        ({}, "No camera: the dashboard was started without one."),
        (
            {"camera": FakeCamera("lost", "camera 0: lost (open failed: no device; 3 retries)")},
            "No camera found at camera 0: trying again (try 3).",
        ),
        ({"camera": FakeCamera("ok")}, None),
    ],
    ids=["none", "no-device", "ok"],
    indirect=["dashboard"],
)
def test_reading_the_table_is_offered_only_with_a_working_camera(
    page: Any, dashboard: Dashboard, why: str | None
) -> None:
    """With no frames coming the button stays, disabled, and the panel says why in words and
    how to go on; with a camera giving frames it is offered and nothing is said against it."""
    session = dashboard.session
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#read-table")
    if why is None:
        wait_until(page, "!document.querySelector('#read-table').disabled")
        assert page.query_selector("#read-table-why") is None
    else:
        shows(page, "#read-table-why", f"{why} Type each player's dice under Record.")
        assert page.is_disabled("#read-table")
        assert page.get_attribute("#read-table", "title") == why
    assert "null" not in page.inner_text("#table-roll")


STARTING = FakeCamera("starting")


@pytest.mark.parametrize("dashboard", [{"camera": STARTING}], indirect=True)
def test_the_button_is_offered_once_the_camera_gives_frames(
    page: Any, dashboard: Dashboard
) -> None:
    session = dashboard.session
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    page.goto(dashboard.url(f"/games/{game}"))
    shows(page, "#read-table-why", "Starting camera 0… Type each player's dice under Record.")
    STARTING.state = "ok"
    wait_until(page, "!document.querySelector('#read-table').disabled", timeout=6000)
    assert page.query_selector("#read-table-why") is None
