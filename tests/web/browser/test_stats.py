"""The Dice check panel of the table view: face counts as bars, the verdict in words and the
players' figures, refetched when a roll arrives from another client."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, screenshot

pytestmark = pytest.mark.browser

# Four rolls of six dice, each face once per roll: 24 dice, 4 of each face.
RECORD = """[Players "Al, Bo"]
[Rules "lenient"]

Al: goal black 99 value 40
Al: attempt black r1 r2 y3 y4 b5 b6
Al: pass
Bo: attempt black r1 r2 y3 y4 b5 b6
Bo: pass
Al: attempt black r1 r2 y3 y4 b5 b6
Al: pass
Bo: attempt black r1 r2 y3 y4 b5 b6
Bo: pass
"""


def verdict(tab: Any, colour: str) -> str:
    return str(tab.inner_text(f"#dice-check .dice-group[data-colour={colour}] .verdict"))


def counts(tab: Any, colour: str) -> list[int]:
    """The numbers printed above the bars of one colour (faces 1..6)."""
    return [int(n) for n in tab.inner_text(f"#dice-check [data-colour={colour}] .counts").split()]


def player_row(tab: Any, name: str) -> list[str]:
    """Player, attempts, dice, mean pips, goals completed."""
    return list(tab.inner_text(f"#dice-check tr[data-player={name}]").split())


def test_dice_check_panel_follows_the_game(page: Any, dashboard: Dashboard) -> None:
    tab = page
    game = dashboard.session.import_record(RECORD).game_id
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#dice-check[data-seq='9']")
    assert verdict(tab, "all") == "too few rolls to tell (24 dice; the check needs 30)"
    assert counts(tab, "all") == [4, 4, 4, 4, 4, 4]
    assert counts(tab, "red") == [4, 4, 0, 0, 0, 0]
    bars = tab.locator("#dice-check [data-colour=red] .face-fill")
    assert bars.count() == 6
    assert bars.nth(0).bounding_box()["height"] > 20 > bars.nth(2).bounding_box()["height"]
    assert player_row(tab, "Bo") == ["Bo", "2", "12", "3.50", "0"]

    # Another client records six sixes: the panel refetches on the stream's change.
    line = "Al: attempt black r6 r6 y6 y6 b6 b6"
    assert dashboard.post(f"/api/games/{game}/events", {"line": line})[0] == 201
    tab.wait_for_selector("#dice-check[data-seq='10']")
    assert verdict(tab, "all") == "no sign of bias (p = 0.31)"
    assert counts(tab, "all") == [4, 4, 4, 4, 4, 10]
    assert player_row(tab, "Al") == ["Al", "3", "18", "4.33", "0"]
    screenshot(tab, "dice-check")
