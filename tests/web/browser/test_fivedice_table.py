"""The five-dice game played from its table page: a throw typed, dice clicked aside and thrown
again, a box chosen from the scores the page offers; throws read by the camera (settled rolls
offered to the session, as a live camera does), one with dice kept aside, checked and fixed by a
person; the joker's barred boxes; undo; then the kid view's steps and the overlay's totals and
leader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.web.api.support import OVERLAY, FakeCamera
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.browser
CAMERA = {"camera": FakeCamera()}


def act(tab: Any, do: Callable[[], None], lines: int = 1) -> None:
    """Do it, then wait until the page shows the game `lines` record lines further on (0: any
    change, as an undo makes)."""
    before = int(str(tab.get_attribute("#fivedice-view", "data-seq")))
    do()
    wait_until(
        tab,
        "([was, n]) => { const seq = Number(document.querySelector('#fivedice-view').dataset.seq);"
        " return n ? seq >= was + n : seq !== was; }",
        arg=[before, lines],
    )


def lines(dashboard: Dashboard, game: str) -> list[str]:
    return [e.line for e in dashboard.session.store.events(game) if not e.undone]


def typed_throw(tab: Any, *faces: int, kept: bool = False) -> None:
    """Type the five dice and record them (after the dice kept aside, when some are)."""
    for k, face in enumerate(faces, start=1):
        tab.fill(f"#throw-form input[name=die{k}]", str(face))
    act(tab, lambda: tab.click("#throw-form button[type=submit]"), 2 if kept else 1)


def offer(dashboard: Dashboard, *dice: tuple[int, Colour, int, float]) -> None:
    """A settled roll: each die as (x, colour, pips, confidence)."""
    found = tuple(
        Die(colour, pips, conf, (x - 15, 100, x + 15, 130), conf < 0.75)
        for x, colour, pips, conf in dice
    )
    frame = np.full((360, 640, 3), 90, np.uint8)
    dashboard.session.offer_roll(SettledRoll(2000.0, 1700.0, 61, frame, DiceReading.of(found)))


def new_game(dashboard: Dashboard) -> str:
    status, view = dashboard.post(
        "/api/games", {"players": ["Ann", "Ben"], "options": {"game": "fivedice"}}
    )
    assert status == 201
    return str(view["id"])


@pytest.mark.parametrize("dashboard", [CAMERA], indirect=True)
def test_a_game_played_from_the_page(page: Any, dashboard: Dashboard) -> None:
    game = new_game(dashboard)
    tab = page
    tab.goto(dashboard.url(f"/games/{game}"))
    assert "Ann's turn · round 1 of 13 · no throw yet" in tab.inner_text("#fd-status")
    typed_throw(tab, 3, 4, 4, 2, 6)
    tab.click("[data-die='1']")
    tab.click("[data-die='2']")
    assert tab.get_attribute("[data-die='1']", "aria-pressed") == "true"
    assert tab.input_value("#throw-form input[name=die1]") == "4"
    assert tab.input_value("#throw-form input[name=die2]") == "4"
    typed_throw(tab, 4, 4, 4, 1, 5, kept=True)
    assert lines(dashboard, game)[-2:] == ["Ann: keep 4 4", "Ann: roll 4 4 4 1 5"]
    fours = tab.locator("#fd-choices [data-box=fours]")
    assert fours.inner_text().split("\n") == ["Fours", "12", "three 4s: 4 + 4 + 4 = 12"]
    assert "0" in tab.inner_text("#fd-choices [data-box=full-house]")
    assert "null" not in tab.inner_text("#fivedice-view")
    act(tab, lambda: tab.click("#fd-choices [data-box=fours]"))
    assert lines(dashboard, game)[-1] == "Ann: score fours 12"
    assert tab.inner_text("#fd-sheet td.filled[data-box=fours]") == "12"
    assert "Ben's turn" in tab.inner_text("#fd-status")

    # Ben's throws by the camera: six dice on the table, one unsure; the surest five are kept,
    # then a person fixes the one the camera misread. Then two 6s kept aside for throw two.
    tab.click("#camera-roll")
    tab.wait_for_selector("#fd-camera .waiting")
    offer(
        dashboard,
        (300, Colour.RED, 6, 0.97),
        (100, Colour.BLUE, 6, 0.96),
        (200, Colour.GREEN, 3, 0.6),
        (400, Colour.WHITE, 2, 0.95),
        (500, Colour.YELLOW, 1, 0.94),
        (600, Colour.BLACK, 1, 0.3),
    )
    wait_until(tab, "document.querySelector('#sheet-check')")
    assert "expected 5 dice, saw 6 dice" in tab.inner_text("#sheet-check")
    tab.click("#keep-needed")
    wait_until(tab, "document.querySelectorAll('#sheet-dice .die-edit').length === 5")
    tab.click("#sheet-dice .die-edit[data-index='1'] .confirm")
    wait_until(tab, "document.querySelector('#sheet-line')")
    act(tab, lambda: tab.click("#accept-roll"))
    event = dashboard.session.store.events(game)[-1]
    assert (event.line, event.source) == ("Ben: roll 6 3 6 2 1", "camera")
    faces = [f"[data-die='{k}']" for k in range(5)]
    tab.click(faces[0])
    tab.click(faces[2])
    act(tab, lambda: tab.click("#camera-roll"))  # records the dice kept aside first
    tab.wait_for_selector("#fd-camera .waiting")
    assert lines(dashboard, game)[-1] == "Ben: keep 6 6"
    offer(dashboard, *((100 * k, Colour.WHITE, 6, 0.97) for k in range(1, 6)))
    wait_until(tab, "document.querySelector('#sheet-line')")
    act(tab, lambda: tab.click("#accept-roll"))
    assert lines(dashboard, game)[-1] == "Ben: roll 6 6 6 6 6"
    act(tab, lambda: tab.click("#fd-choices [data-box=five-kind]"))
    assert "Leading: Ben" in tab.inner_text("#fd-status")

    # Five alike again with 50 in the box: the joker forces Sixes; every other box is barred.
    typed_throw(tab, 1, 2, 3, 4, 6)
    act(tab, lambda: tab.click("#fd-choices [data-box=small-straight]"))
    typed_throw(tab, 6, 6, 6, 6, 6)
    assert "must go in Sixes while it is open; +100 extra" in tab.inner_text("#fd-joker")
    assert tab.is_disabled("#fd-choices [data-box=chance]")
    assert not tab.is_disabled("#fd-choices [data-box=sixes]")
    screenshot(tab, "fivedice-table")
    act(tab, lambda: tab.click("#fd-choices [data-box=sixes]"))
    ben = tab.locator("#fd-sheet tr.fd-total td").nth(1)
    assert ben.inner_text() == str(50 + 30 + 100)  # Sixes, five of a kind, the extra 100

    act(tab, lambda: tab.click("#undo"), 0)
    assert ben.inner_text() == "50"
    assert lines(dashboard, game)[-1] == "Ben: roll 6 6 6 6 6"
    act(tab, lambda: tab.click("#fd-choices [data-box=sixes]"))

    # The kid view walks the last score; the overlay shows the totals and who leads.
    kid = tab.context.new_page()
    kid.goto(dashboard.url(f"/games/{game}/kid"))
    kid.wait_for_selector("#kid-view[data-state=roll]")
    seen = [kid.inner_text("#step-text")]
    while not kid.is_disabled("#next-step"):
        kid.click("#next-step")
        seen.append(kid.inner_text("#step-text"))
    assert seen == [
        "Ben threw 6 6 6 6 6",
        "6",
        "6 + 6 = 12",
        "6 + 6 + 6 = 18",
        "6 + 6 + 6 + 6 = 24",
        "6 + 6 + 6 + 6 + 6 = 30",
        "Sixes: five 6s: 6 + 6 + 6 + 6 + 6 = 30, and 100 more for another five of a kind!",
    ]
    assert kid.inner_text("#kid-who") == "Ann's turn"
    assert kid.locator("#kid-dice .kid-die.lit").count() == 5
    kid.close()

    overlay = tab.context.new_page()
    overlay.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}"))
    wait_until(overlay, "document.querySelector('#overlay').dataset.state === 'live'")
    players = overlay.locator("#ov-players li")
    assert players.nth(1).inner_text().split("\n")[:2] == ["Ben", "180"]
    assert "leads" in players.nth(1).inner_text() and "+100 extra" in players.nth(1).inner_text()
    assert "Sixes 30" in overlay.inner_text("#ov-last")
    assert "Ann's turn" in overlay.inner_text("#ov-turn")
    overlay.close()


@pytest.mark.parametrize("dashboard", [CAMERA], indirect=True)
def test_refusals_are_said_in_words_and_change_nothing(page: Any, dashboard: Dashboard) -> None:
    game = new_game(dashboard)
    page.goto(dashboard.url(f"/games/{game}"))
    typed_throw(page, 1, 1, 3, 4, 5)
    page.fill("#line-form input[name=line]", "Ann: score ones 5")
    page.click("#line-form button[type=submit]")
    wait_until(page, "document.querySelector('#line-form .error').textContent !== ''")
    assert "1 1 3 4 5 scores 2 in Ones, not 5" in page.inner_text("#line-form .error")
    for k, face in enumerate([1, 1, 3, 4, 9], start=1):
        page.fill(f"#throw-form input[name=die{k}]", str(face))
    page.click("#throw-form button[type=submit]")  # the browser keeps a die to 1 to 6
    assert page.evaluate(
        "document.querySelector('#throw-form input[name=die5]').validity.rangeOverflow"
    )
    assert lines(dashboard, game) == ["Ann: roll 1 1 3 4 5"]


def test_a_game_started_from_the_start_page(page: Any, dashboard: Dashboard) -> None:
    """The first game's step 1 (docs/rules-fivedice.md): choose the game, one player, start."""
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#player-names input")
    page.select_option("#game", "fivedice")
    while page.locator("#player-names input").count() > 1:
        page.click("#remove-player")  # one plays alone
    page.locator("#player-names input").nth(0).fill("Cy")
    page.click("#start-game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#fd-sheet table")
    assert "Cy's turn · round 1 of 13 · no throw yet" in page.inner_text("#fd-status")
    typed_throw(page, 2, 3, 4, 5, 6)
    act(page, lambda: page.click("#fd-choices [data-box=large-straight]"))
    assert page.inner_text("#fd-sheet tr.fd-total td") == "40"
