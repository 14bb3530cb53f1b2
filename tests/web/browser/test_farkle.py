"""Farkle played from its page: camera throws (settled rolls handed to the session as the live
feed does) fixed and accepted, typed throws, the dice set aside chosen from what the server
offers, hot dice, a bank, a farkle; then the kid view's steps and the overlay's totals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.web.api.support import OVERLAY, FakeCamera
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.browser
WITH_CAMERA = pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)
PHONE = {"width": 390, "height": 844}


def settled(*faces: tuple[Colour, int]) -> SettledRoll:
    dice = [
        Die(colour, pips, 0.97, (60 * k + 10, 20, 60 * k + 60, 70))
        for k, (colour, pips) in enumerate(faces)
    ]
    frame = np.full((120, 60 * len(dice) + 60, 3), 110, np.uint8)
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(dice))


def shows(page: Any, selector: str, text: str) -> None:
    wait_until(page, "([s, t]) => document.querySelector(s)?.textContent === t", [selector, text])


def at_seq(page: Any, seq: int) -> None:
    wait_until(page, f"document.querySelector('#farkle-view').dataset.seq === '{seq}'")


W, G, R = Colour.WHITE, Colour.GREEN, Colour.RED


def play_a_turn_by_camera_and_by_hand(page: Any, dashboard: Dashboard) -> str:
    session = dashboard.session
    options = {"game": "farkle", "opening": "500"}
    game = session.create_from_options(["Ann", "Ben"], options).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    shows(page, "#fk-status-text", "Ann's turn: 0 this turn, throw 6 dice.")

    # A camera throw: the camera reads a 6 as a 5; tapping the die steps it on to 6.
    page.click("#fk-camera-throw")
    page.wait_for_selector("#fk-waiting")
    session.offer_roll(settled((W, 1), (G, 5), (W, 2), (R, 3), (W, 4), (W, 5)))
    shows(page, "#fk-pending-line", "Ann: roll 1 5 2 3 4 5")
    page.click("[aria-label='die 6: 5, tap for 6']")
    shows(page, "#fk-pending-line", "Ann: roll 1 5 2 3 4 6")
    page.click("#fk-accept")
    at_seq(page, 1)
    # The server offers the straight first (1500), then the 1 and 5 alone.
    assert page.get_attribute(".fk-choice.chosen", "data-dice") == "1 2 3 4 5 6"
    assert page.inner_text(".fk-choice.chosen .fk-choice-points") == "1,500"
    page.click("#fk-keep")
    at_seq(page, 2)
    page.wait_for_selector("#fk-hot")  # every die scored: all six again

    # A typed throw of all six; Ann takes the three 1s only and banks.
    page.fill("#fk-typed", "111234")
    page.click("#fk-typed-form button[type=submit]")
    at_seq(page, 3)
    page.click(".fk-choice[data-dice='1 1 1']")
    assert page.inner_text("#fk-bank-with") == "Set aside and bank 2,500"
    page.click("#fk-bank-with")
    at_seq(page, 4)
    shows(page, "[data-player=Ann] .fk-score", "2,500")
    return game


@WITH_CAMERA
def test_a_game_played_from_the_page(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = play_a_turn_by_camera_and_by_hand(page, dashboard)
    lines = [e.line for e in session.store.events(game)]
    assert lines == [
        "Ann: roll 1 5 2 3 4 6",
        "Ann: keep 1 2 3 4 5 6",
        "Ann: roll 1 1 1 2 3 4",
        "Ann: bank 1 1 1",
    ]
    assert [e.source for e in session.store.events(game)][:2] == ["camera", "manual"]

    # Ben: 350 is under the opening 500, so he cannot bank it; then a camera throw of the four
    # dice left with his two dice set aside still in view, and a farkle.
    page.fill("#fk-typed", "1 5 5 2 3 4")
    page.click("#fk-typed-form button[type=submit]")
    at_seq(page, 5)
    page.click(".fk-choice[data-dice='1 5 5']")
    assert page.is_disabled("#fk-bank-with")
    page.wait_for_selector("#fk-opening-note")
    page.click("#fk-keep")
    at_seq(page, 6)
    page.click("#fk-camera-throw")
    page.wait_for_selector("#fk-waiting")
    session.offer_roll(settled((W, 2), (W, 3), (W, 4), (W, 6), (W, 5), (W, 5), (W, 1)))
    page.wait_for_selector("#fk-keep-needed")
    assert page.is_disabled("#fk-accept")
    shows(page, "#fk-check", "expected 3 dice, saw 7 dice")
    for _ in range(4):  # the three dice set aside and a stray: removed one by one, last first
        count = page.locator("#fk-read .die-edit").count()
        page.click(f"[aria-label='remove die {count}']")
        wait_until(page, f"document.querySelectorAll('#fk-read .die-edit').length === {count - 1}")
    shows(page, "#fk-pending-line", "Ben: roll 2 3 4")
    screenshot(page, "farkle-camera-throw")
    page.click("#fk-accept")
    at_seq(page, 7)
    shows(page, "#fk-last", "Ben farkled: 2 3 4 scores nothing, 200 lost.")
    shows(page, "#fk-status-text", "Ann's turn: 0 this turn, throw 6 dice.")
    screenshot(page, "farkle-table")


@WITH_CAMERA
def test_the_kid_view_and_the_overlay(page: Any, dashboard: Dashboard) -> None:
    game = play_a_turn_by_camera_and_by_hand(page, dashboard)
    page.goto(dashboard.url(f"/games/{game}/kid"))
    shows(page, "#step-text", "Ann banks 2500: 0 + 2500 = 2500.")
    page.click("#prev-step")
    shows(page, "#step-text", "three 1s: 1000. Turn so far: 1500 + 1000 = 2500.")
    page.click("#prev-step")
    shows(page, "#step-text", "a straight 1 to 6: 1500.")
    assert page.locator(".kid-die.lit").count() == 6
    page.set_viewport_size(PHONE)
    screenshot(page, "farkle-kid-phone")

    page.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}"))
    wait_until(page, "document.querySelector('#overlay').dataset.state === 'live'")
    shows(page, "#ov-turn", "Ben: 0 this turn · first to 10,000")
    assert page.inner_text(".ov-player.leader .name") == "Ann"
    assert page.inner_text(".ov-player.leader .score") == "2,500"
    page.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(page, "farkle-overlay", full_page=False)


def test_the_overlay_sample_places_farkle_before_any_game(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url(f"/overlay?test=1&game=farkle&token={OVERLAY}"))
    shows(page, "#ov-turn", "Ben: 500 this turn · first to 10,000")
    assert page.inner_text(".ov-player.leader .name") == "Cy"
    kept = "set aside: three 4s: 4 x 100 = 400 · a 1: 100 · choosing what to set aside"
    assert page.inner_text("#ov-roll .ov-kept") == kept
