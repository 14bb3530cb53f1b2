"""A score sheet played from its page: started from the start page's form, rolls read by the
camera (the demo recording's throws, as the live feed hands them over) and fixed die by die,
rolls and a score typed, a refused line that changes nothing, undo, and the table ending the
game after a finished round; then the kid view builds the last roll's sum one die at a time and
the overlay shows the totals and the leader. Screenshots at a phone's and a stream's size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.web.api.support import OVERLAY, FakeCamera
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from tests.web.browser.test_first_steps import throw

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True),
]
PHONE = {"width": 390, "height": 844}
STREAM = {"width": 1920, "height": 1080}


def act(tab: Any, do: Callable[[], None]) -> None:
    """Do something that changes the game; return once the page shows the new event."""
    before = tab.get_attribute("#sheet-view", "data-seq")
    do()
    wait_until(tab, "(b) => document.querySelector('#sheet-view').dataset.seq !== b", arg=before)


def total(tab: Any, player: str) -> str:
    return str(tab.inner_text(f"#sheet-players li[data-player='{player}'] .score"))


def start_from_the_form(tab: Any, dashboard: Dashboard) -> None:
    tab.goto(dashboard.url("/"))
    tab.wait_for_selector("#player-names input")
    tab.select_option("#game", "sheet")
    assert "(1 to 16 players)" in tab.inner_text("#game option[value=sheet]")
    tab.select_option("[name=sheet-count]", "pips")
    names = tab.locator("#player-names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    tab.click("#start-game")
    tab.wait_for_url("**/games/*")
    tab.wait_for_selector("#sheet-view")
    tab.wait_for_selector("#live-status[data-state=live]")
    assert tab.inner_text("#sheet-turn") == "Round 1: Ann's turn"


def camera_roll(tab: Any, dashboard: Dashboard, k: int) -> None:
    """The current player rolls with the camera; the recording's throw `k` settles."""
    tab.click("#camera-roll")
    tab.wait_for_selector("#sheet-camera .waiting")
    dashboard.session.offer_roll(throw(k))
    tab.wait_for_selector("#sheet-dice .die-edit")


def test_a_sheet_played_from_its_page(page: Any, dashboard: Dashboard) -> None:
    tab = page
    start_from_the_form(tab, dashboard)
    (game,) = dashboard.session.list_games()

    camera_roll(tab, dashboard, 0)  # b1 b4 r3 y1 y3 y3: 15
    assert tab.inner_text("#sheet-check") == "saw 6 dice"
    first = tab.get_attribute("#sheet-dice .die-edit[data-index='0'] .die-button", "aria-label")
    tab.click("#sheet-dice .die-edit[data-index='0'] .die-button")  # one pip more
    wait_until(
        tab,
        "(f) => document.querySelector(\"#sheet-dice .die-edit[data-index='0'] .die-button\")"
        ".getAttribute('aria-label') !== f",
        arg=first,
    )
    act(tab, lambda: tab.click("#accept-roll"))
    assert total(tab, "Ann") == "16"
    line = dashboard.session.history(game.game_id)[-1]
    assert line.source == "camera" and line.line.startswith("Ann: roll ")

    tab.fill("#roll-form input[name=dice]", "665")
    act(tab, lambda: tab.click("#roll-form button[type=submit]"))
    assert total(tab, "Ben") == "17" and "leader" in tab.inner_text(
        "#sheet-players [data-player=Ben]"
    )
    assert tab.inner_text("#sheet-grid td[data-player=Ben][data-round='1'] .cell-points") == "17"

    camera_roll(tab, dashboard, 2)  # r1 r1 r4 r5 y3: 14
    act(tab, lambda: tab.click("#accept-roll"))
    assert total(tab, "Ann") == "30"
    kid_view_adds_it_up(tab, dashboard, game.game_id)

    seq = tab.get_attribute("#sheet-view", "data-seq")
    tab.fill("#roll-form input[name=dice]", "7 7")
    tab.click("#roll-form button[type=submit]")
    error = tab.locator("#roll-form .error")
    error.wait_for(state="visible")
    assert "die 1 is '7': a die shows 1 to 6" in error.inner_text()
    assert tab.get_attribute("#sheet-view", "data-seq") == seq

    tab.fill("#score-form input[name=points]", "4")
    act(tab, lambda: tab.click("#score-form button[type=submit]"))
    act(tab, lambda: tab.click("#undo"))
    assert tab.inner_text("#sheet-turn") == "Round 2: Ben's turn"
    tab.fill("#score-form input[name=points]", "20")
    act(tab, lambda: tab.click("#score-form button[type=submit]"))
    assert total(tab, "Ben") == "37"
    screenshot(tab, "sheet-table")
    tab.set_viewport_size(PHONE)
    screenshot(tab, "sheet-table-phone")
    width = tab.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    tab.set_viewport_size(STREAM)

    wait_until(tab, "document.querySelector('#dice-check').dataset.seq === '5'")
    assert tab.inner_text(
        "#dice-check .dice-group[data-colour=all] .dice-group-figures"
    ).startswith("14 dice")
    assert tab.inner_text("#dice-check .stats-players thead").split() == [
        "Player",
        "Rolls",
        "Dice",
        "Mean",
    ]
    assert "a colour counts" not in tab.inner_text("#dice-check")
    wait_until(tab, "document.querySelectorAll('#score-plot polyline[data-player]').length === 2")
    amend_bens_first_roll(tab)
    act(tab, lambda: tab.click("#end-game"))
    assert tab.inner_text("#winner") == "Ben wins!"
    assert tab.inner_text("#sheet-ending") == "The table ended the game after round 2."
    assert not tab.is_visible("#camera-roll")
    screenshot(tab, "sheet-table-wide", full_page=False)
    overlay_shows_the_totals(tab, dashboard, game.game_id)


def amend_bens_first_roll(tab: Any) -> None:
    """The history's amend corrects a roll typed wrong: the sheet and the totals follow."""
    tab.click("#history [data-amend='2']")
    field = tab.locator("#history li[data-seq='2'] .amend-form input")
    assert field.input_value() == "Ben: roll 6 6 5"
    field.fill("Ben: roll 6 6 6")
    act(tab, lambda: tab.click("#history li[data-seq='2'] .amend-form button[type=submit]"))
    assert total(tab, "Ben") == "38"
    assert tab.inner_text("#sheet-grid td[data-player=Ben][data-round='1'] .cell-points") == "18"


def kid_view_adds_it_up(tab: Any, dashboard: Dashboard, game: str) -> None:
    """The kid view of Ann's last roll: each die added in turn, then her total."""
    kid = tab.context.new_page()
    kid.set_viewport_size(PHONE)
    kid.goto(dashboard.url(f"/games/{game}/kid"))
    wait_until(kid, "document.querySelector('#kid-view').dataset.state === 'roll'")
    assert kid.inner_text("#kid-who") == "Ann rolled"
    assert kid.locator("#kid-dice .kid-die").count() == 5
    pips = [
        int(kid.inner_text(f"#kid-dice .kid-die[data-die='{k}'] figcaption")) for k in range(1, 6)
    ]
    assert sorted(pips) == [1, 1, 3, 4, 5]
    assert kid.inner_text("#step-text") == str(pips[0])
    assert kid.locator("#kid-dice .kid-die.lit").count() == 1
    for _ in range(4):
        kid.click("#next-step")
    sums = " + ".join(map(str, pips))
    assert kid.inner_text("#step-text") == f"{sums} = 14"
    assert kid.locator("#kid-dice .kid-die.lit").count() == 5
    kid.click("#next-step")
    assert kid.inner_text("#step-text") == "Ann: 14 points, 30 in all"
    assert kid.is_disabled("#next-step")
    screenshot(kid, "sheet-kid-phone")
    kid.close()


def overlay_shows_the_totals(tab: Any, dashboard: Dashboard, game: str) -> None:
    overlay = tab.context.new_page()
    overlay.set_viewport_size(STREAM)
    overlay.goto(dashboard.url(f"/overlay/{game}?token={OVERLAY}"))
    wait_until(overlay, "document.querySelector('#overlay').dataset.state === 'live'")
    assert overlay.inner_text("#ov-turn") == "Ben wins!"
    leader = overlay.locator("#ov-players .ov-player.leader")
    assert leader.count() == 1 and leader.get_attribute("data-player") == "Ben"
    assert "38" in leader.inner_text()
    assert overlay.inner_text("#ov-leader") == "Ben: 38"
    assert "Round 2" in overlay.inner_text("#ov-rounds") and "Ben 20" in overlay.inner_text(
        "#ov-rounds"
    )
    assert "20 → 38" in overlay.inner_text("#ov-roll")
    screenshot(overlay, "sheet-overlay", full_page=False)
    overlay.goto(dashboard.url(f"/overlay?test=1&game=sheet&token={OVERLAY}"))
    wait_until(overlay, "document.querySelector('#overlay').dataset.state === 'live'")
    assert overlay.inner_text("#ov-turn") == "Round 3 (the last): Ben to play"
    assert overlay.inner_text("#ov-leader") == "Ann: 53"
    overlay.close()


def test_a_camera_roll_keeps_the_dice_the_sheet_throws(page: Any, dashboard: Dashboard) -> None:
    """Five dice a roll: the camera reads a sixth on the table; one click keeps the surest five."""
    view = dashboard.session.create_from_options(["Ann", "Ben"], {"game": "sheet", "dice": "5"})
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url(f"/games/{view.game_id}"))
    page.wait_for_selector("#live-status[data-state=live]")
    assert page.locator("#roll-form .tap-die").count() == 5
    camera_roll(page, dashboard, 0)
    assert page.inner_text("#sheet-check") == "expected 5 dice, saw 6 dice"
    assert page.is_disabled("#accept-roll")
    screenshot(page, "sheet-camera-phone")
    page.click("#keep-needed")
    wait_until(page, "document.querySelectorAll('#sheet-dice .die-edit').length === 5")
    assert page.inner_text("#sheet-check") == "expected 5 dice, saw 5 dice"
    act(page, lambda: page.click("#accept-roll"))
    assert dashboard.session.history(view.game_id)[-1].line.startswith("Ann: roll ")
    assert page.inner_text("#sheet-turn") == "Round 1: Ben's turn"


def test_the_form_takes_any_target_and_names_a_bad_one(page: Any, dashboard: Dashboard) -> None:
    """A house game's target or length is any number: typed, with common ones suggested."""
    page.set_viewport_size(PHONE)
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#player-names input")
    page.select_option("#game", "sheet")
    names = page.locator("#player-names input")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.select_option("[name=sheet-lowest]", "yes")
    page.fill("[name=sheet-target]", "lots")
    page.press("[name=sheet-target]", "Tab")  # closes the suggestions
    page.click("#start-game")
    wait_until(page, "document.querySelector('#new-game-error').textContent !== ''")
    screenshot(page, "sheet-new-game-phone")
    assert "'lots' is not a target score" in page.inner_text("#new-game-error")
    assert dashboard.session.list_games() == []
    page.fill("[name=sheet-target]", "61")
    page.fill("[name=sheet-rounds]", "12")
    page.press("[name=sheet-rounds]", "Tab")
    page.click("#start-game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#sheet-rules")
    (game,) = dashboard.session.list_games()
    header = dashboard.session.view(game.game_id).header
    assert (header["Target"], header["Rounds"], header["Lowest"]) == ("61", "12", "yes")
    rules = page.inner_text("#sheet-rules")
    assert "The lowest total wins." in rules and "A total of 61 or more" in rules
    assert "12 rounds." in rules


def test_the_kid_view_counts_dice_of_a_kind(page: Any, dashboard: Dashboard) -> None:
    """Counting 6s: each 6 says it is worth 1, the other dice that they do not count."""
    game = dashboard.session.create_from_options(["Ann"], {"game": "sheet", "count": "dice 6"})
    dashboard.session.append(game.game_id, "Ann: roll 6 2 6")
    page.goto(dashboard.url(f"/games/{game.game_id}/kid"))
    wait_until(page, "document.querySelector('#kid-view').dataset.state === 'roll'")
    captions = page.locator("#kid-dice figcaption").all_inner_texts()
    assert captions == ["a 6: 1", "2: does not count", "a 6: 1"]
    assert page.inner_text("#step-text") == "1"
    page.click("#next-step")
    assert page.inner_text("#step-text") == "1 + 1 = 2"
    page.click("#next-step")
    assert page.inner_text("#step-text") == "Ann: 2 points, 2 in all"


def test_the_games_list_leads_with_the_lowest_where_it_wins(
    page: Any, dashboard: Dashboard
) -> None:
    session = dashboard.session
    low = session.create_from_options(["Ann", "Ben"], {"game": "sheet", "lowest": "yes"}).game_id
    high = session.create_from_options(["Cy", "Di"], {"game": "sheet"}).game_id
    for game, lines in (
        (low, ("Ann: roll 6", "Ben: roll 2")),
        (high, ("Cy: roll 6", "Di: roll 2")),
    ):
        for line in lines:
            session.append(game, line)
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#games .game-item")
    state = "#games .game-item[data-game='{}'] .game-state"
    assert "leading: Ben 2" in page.inner_text(state.format(low))
    assert "leading: Cy 6" in page.inner_text(state.format(high))


def test_the_score_plot_keeps_a_score_below_zero_in_view(page: Any, dashboard: Dashboard) -> None:
    game = dashboard.session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
    for line in ("Ann: score -5", "Ben: score 3"):
        dashboard.session.append(game, line)
    page.goto(dashboard.url(f"/games/{game}"))
    page.locator("#score-plot svg[aria-label='scores: Ann -5, Ben 3']").wait_for()
    labels = page.locator("#score-plot svg text").all_text_contents()
    assert labels[:2] == ["3", "-5"]
    for line in page.locator("#score-plot polyline[data-player]").all():
        ys = [float(p.split(",")[1]) for p in str(line.get_attribute("points")).split()]
        assert all(24 <= y <= 136 for y in ys)  # inside the plot's frame (160 high, 24 padding)
