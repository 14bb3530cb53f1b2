"""Real names (issue #24 item 9): a space, an emoji or accents are accepted from the new-game
form on, and long names are laid out: no page scrolls sideways on a phone, and the player cards
never overlap the controls on a laptop."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import LAPTOP, Dashboard

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LONG = [
    "Maximiliana Wolkenstein-Oberhausen",
    "Bartholomew Fitzgerald III",
    "🎲 Zoë-Li Papadopoulou",
    "Jean Luc Picard de la Barre",
    "Aleksandra Wiśniewska-Kowalska",
]


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_names_with_spaces_and_emoji_start_a_game(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url("/"))
    inputs = page.locator("#player-names input")
    for k, name in enumerate(["Mary Ann", "🎲 Bo", "Zoë"]):
        inputs.nth(k).fill(name)
    page.click("#start-game")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#players li.player")
    names = page.locator("#players li.player .name").all_inner_texts()
    assert names == ["Mary Ann", "🎲 Bo", "Zoë"]


SNAPSHOT = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  return {
    controls: rect(document.querySelector("#controls")),
    cards: [...document.querySelectorAll("#players li.player")].map(
      (card) => [rect(card), rect(card.querySelector(".name"))]),
  };
}"""


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_long_names_are_laid_out(page: Any, dashboard: Dashboard, size: dict[str, int]) -> None:
    session = dashboard.session
    game = session.create_from_options(LONG, {}).game_id
    session.append(game, f"{LONG[0]}: goal orange 7")
    page.set_viewport_size(size)
    for path in (f"/games/{game}", "/"):
        page.goto(dashboard.url(path))
        page.wait_for_load_state("networkidle")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= size["width"], f"{path} scrolls sideways: {wide} > {size['width']}"
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#players li.player")
    page.wait_for_load_state("networkidle")
    # One snapshot of every box: the live stream may redraw the cards between two queries.
    boxes = page.evaluate(SNAPSHOT)
    assert boxes["cards"], "no player card"
    for box, name in boxes["cards"]:
        assert not overlaps(box, boxes["controls"]), (box, boxes["controls"])
        assert name["x"] + name["width"] <= box["x"] + box["width"] + 1, "a name spills out"
