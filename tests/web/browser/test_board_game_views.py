"""The flyer game's and RGB's stream overlays and kid views in a real browser: each starts from
the snapshot and follows the game's stream, so a move at the table shows within a second; the
overlays read with the overlay token alone, transparent, and the game's end shows its winner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.api.support import CONTROL
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from tests.web.browser.test_kid import SPEECH_STUB, spoken
from tests.web.browser.test_overlay import LIVE_MS, TRANSPARENT, open_overlay, post_line

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"control_token": CONTROL}], indirect=True),
]
GOLDEN = Path(__file__).parents[2] / "companion" / "golden"
FLYER_START = ("values 1 2 3 4 5 6", "Al: roll red red blue")


def new_game(dashboard: Dashboard, game: str, *lines: str) -> str:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": game}}
    )
    assert status == 201
    for line in lines:
        dashboard.session.append(view["id"], line)
    return str(view["id"])


def all_but_the_last_line(dashboard: Dashboard, record: str) -> tuple[str, str]:
    """The golden game imported up to its last line, and that line (the move that ends it)."""
    lines = (GOLDEN / record).read_text(encoding="utf-8").rstrip().splitlines()
    status, view = dashboard.post("/api/games", {"record": "\n".join(lines[:-1]) + "\n"})
    assert status == 201
    return str(view["id"]), lines[-1].split("#")[0].strip()


def text_has(tab: Any, selector: str, words: str) -> None:
    wait_until(
        tab,
        "([s, w]) => (document.querySelector(s)?.innerText || '').includes(w)",
        arg=[selector, words],
        timeout=LIVE_MS,
    )


def chips(tab: Any, selector: str) -> list[str]:
    return [str(c.get_attribute("data-colour")) for c in tab.query_selector_all(selector)]


def test_flyer_overlay_follows_the_game(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = new_game(dashboard, "flyer")
    open_overlay(tab, dashboard, game)
    assert tab.get_attribute("#overlay", "data-state") == "idle"
    assert tab.eval_on_selector("body", "e => getComputedStyle(e).backgroundColor") == TRANSPARENT
    post_line(dashboard, game, FLYER_START[0])
    tab.wait_for_selector("#overlay[data-state=live]", state="attached", timeout=LIVE_MS)
    assert tab.inner_text("[data-value=red] .ov-value") == "1 point"
    assert tab.inner_text("[data-value=white] .ov-value") == "6 points"
    assert tab.locator("#ov-roll").is_hidden()
    post_line(dashboard, game, FLYER_START[1])
    text_has(tab, "#ov-turn", "Al's turn")
    # (the turn may read so before the roll lands: wait for its chips)
    wait_until(tab, "document.querySelectorAll('#ov-roll .ov-chip').length === 3", timeout=LIVE_MS)
    assert chips(tab, "#ov-roll .ov-chip") == ["red", "red", "blue"]
    assert tab.locator("#ov-players .current").inner_text().startswith("Al")
    post_line(dashboard, game, "Al: move red to n paying red red")
    wait_until(tab, "document.querySelectorAll('#ov-roll .ov-chip').length === 1", timeout=LIVE_MS)
    assert chips(tab, "#ov-roll .ov-chip") == ["blue"]
    assert tab.locator("button, input, select, form").count() == 0
    screenshot(tab, "flyer-overlay", full_page=False)


def test_rgb_overlay_draws_the_board_and_stacks(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = new_game(dashboard, "rgb")
    open_overlay(tab, dashboard, game)
    assert tab.get_attribute("#overlay", "data-state") == "idle"
    post_line(dashboard, game, "Al: place large d2")
    tab.wait_for_selector("#ov-board [data-square=d2] .rgb-stack", timeout=LIVE_MS)
    assert tab.locator("#ov-board .rgb-square").count() == 64
    assert "Bo's turn" in tab.inner_text("#ov-turn")
    assert tab.inner_text("[data-player=Al] .score") == "1"
    assert "1 Man" in tab.inner_text("[data-player=Al]")
    assert tab.inner_text("[data-player=Bo] .score") == "0"
    post_line(dashboard, game, "Bo: place large d7")
    tab.wait_for_selector("#ov-board [data-square=d7] .rgb-stack.seat-1", timeout=LIVE_MS)
    assert tab.inner_text("[data-player=Bo] .score") == "1"
    assert tab.locator("button, input, select, form").count() == 0
    screenshot(tab, "rgb-overlay", full_page=False)


@pytest.mark.parametrize(
    ("record", "words"), [("flyer-default.flyer", "win"), ("rgb-win.rgb", "Al wins!")]
)
def test_the_overlay_shows_the_winner(
    page: Any, dashboard: Dashboard, record: str, words: str
) -> None:
    game, last = all_but_the_last_line(dashboard, record)
    open_overlay(page, dashboard, game)
    assert page.locator("#ov-players .winner").count() == 0
    post_line(dashboard, game, last)
    text_has(page, "#ov-turn", words)
    assert page.locator("#ov-players .winner").count() >= 1
    assert page.locator("#ov-roll").count() == 0 or page.locator("#ov-roll").is_hidden()


def open_kid(tab: Any, dashboard: Dashboard, game: str) -> None:
    tab.goto(dashboard.url(f"/login?token={CONTROL}"))
    tab.goto(dashboard.url(f"/games/{game}/kid"))
    wait_until(tab, "document.querySelector('#live-status').dataset.state === 'live'")


def test_flyer_kid_view_names_each_colour_and_its_worth(page: Any, dashboard: Dashboard) -> None:
    tab = page
    tab.add_init_script(SPEECH_STUB)
    game = new_game(dashboard, "flyer", FLYER_START[0])
    open_kid(tab, dashboard, game)
    assert tab.inner_text("#step-text") == "Wait for Al to roll the colour dice!"
    post_line(dashboard, game, FLYER_START[1])
    tab.wait_for_selector("#kid-view[data-state=roll]", timeout=LIVE_MS)
    assert chips(tab, "#kid-dice .kid-chip") == ["red", "red", "blue"]
    captions = [c.inner_text() for c in tab.query_selector_all("#kid-dice figcaption")]
    assert [c.split() for c in captions] == [["Red", "1", "point"]] * 2 + [["Blue", "3", "points"]]
    assert tab.inner_text("#kid-who") == "Al's colour dice"
    assert tab.inner_text("#step-text") == "Red is worth 1 point."
    tab.click("#next-step")
    tab.click("#next-step")
    assert tab.inner_text("#step-text") == "Blue is worth 3 points."
    assert tab.get_attribute("#kid-dice .kid-chip.lit", "data-colour") == "blue"
    assert spoken(tab)[-1] == "Blue is worth 3 points."
    tab.click("#next-step")  # issue 47 item 8: the flyer's kid view had no sum
    assert tab.inner_text("#step-text") == "1 + 1 + 3 = 5 points in all."
    assert tab.locator("#kid-dice .kid-chip.lit").count() == 3
    screenshot(tab, "flyer-kid")
    post_line(dashboard, game, "Al: move red to n paying red red")
    one_chip = "document.querySelectorAll('#kid-dice .kid-chip').length === 1"
    wait_until(tab, one_chip, timeout=LIVE_MS)
    assert tab.inner_text("#step-text") == "Blue is worth 3 points."


def test_rgb_kid_view_says_no_dice_and_whose_turn(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = new_game(dashboard, "rgb")
    open_kid(tab, dashboard, game)
    assert tab.inner_text(".no-dice") == "No dice in this game!"
    assert tab.inner_text("#kid-turn") == "It is Al's turn."
    post_line(dashboard, game, "Al: place large d2")
    text_has(tab, "#kid-turn", "It is Bo's turn.")
    screenshot(tab, "rgb-kid")
    tab.click("#leave")
    tab.wait_for_url(dashboard.url(f"/games/{game}"))
