"""The start page's games list (issue 32 item 13): games of one kind and day are told apart by
their players, date, how they stand and who leads; the most recently played first; a search box
finds a game by title, player or game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser


def games(dashboard: Dashboard) -> dict[str, str]:
    session = dashboard.session
    made = {
        "fresh": session.create_from_options(["Al", "Bo"], {}).game_id,
        "scored": session.create_from_options(["Cy", "Di", "Ed"], {}).game_id,
        "flyer": session.create_from_options(["Fay", "Gus"], {"game": "flyer"}).game_id,
    }
    for line in ("Cy: goal orange 7", "Cy: attempt orange r6 r6 y6 y6"):
        session.append(made["scored"], line)
    session.rename_game(made["flyer"], "Friday flyer")
    return made


def entry(page: Any, game_id: str) -> Any:
    return page.locator(f"#games .game-item[data-game='{game_id}']")


def test_each_game_shows_players_date_state_and_leader(page: Any, dashboard: Dashboard) -> None:
    made = games(dashboard)
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#games .game-item")
    order = [i.get_attribute("data-game") for i in page.query_selector_all("#games .game-item")]
    assert order == [made["flyer"], made["scored"], made["fresh"]]  # the last touched first
    item = entry(page, made["scored"])
    assert item.locator(".game-players").inner_text() == "Cy, Di, Ed"
    assert "leading: Cy 21" in item.locator(".game-state").inner_text()
    assert item.locator("time").inner_text().strip() != ""
    fresh = entry(page, made["fresh"])
    assert fresh.locator(".game-state").inner_text() == "not started"
    assert "Al, Bo" in fresh.inner_text()
    assert entry(page, made["flyer"]).locator(".game-link").inner_text() == "Friday flyer"


@pytest.mark.parametrize(
    ("words", "expected"),
    [("di", ["scored"]), ("FRIDAY", ["flyer"]), ("flyer gus", ["flyer"]), ("nobody", []),
     ("", ["flyer", "scored", "fresh"])],
)  # fmt: skip
def test_the_search_box_finds_a_game(
    page: Any, dashboard: Dashboard, words: str, expected: list[str]
) -> None:
    made = games(dashboard)
    page.goto(dashboard.url("/"))
    page.wait_for_selector("#games .game-item")
    page.fill("#game-search", words)
    wanted = [made[k] for k in expected]
    wait_until(
        page,
        "(ids) => JSON.stringify([...document.querySelectorAll('#games .game-item')]"
        ".filter((i) => !i.hidden).map((i) => i.dataset.game)) === JSON.stringify(ids)",
        arg=wanted,
    )
    if words:
        assert f"{len(wanted)} of 3" in page.inner_text("#games-count")
