"""The table page's game menu and history (issue #24 item 19): rename, rematch, delete with a
confirmation and the record downloaded first; history grouped by turn with each move's time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser


def a_game(dashboard: Dashboard) -> str:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in ("Al: goal orange 7", "Al: attempt orange r1 r1 y1 y1", "Al: bank 0", "Al: pass"):
        session.append(game, line)
    session.append(game, "Bruce: goal red 6")
    return game


def test_history_is_grouped_by_turn_with_times(page: Any, dashboard: Dashboard) -> None:
    game = a_game(dashboard)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#history .turn-group")
    heads = page.locator("#history .turn-head").all_inner_texts()
    assert [h.split(" · ")[0] for h in heads] == ["Bruce's turn", "Al's turn"]
    assert page.locator("#history .turn-group >> nth=1").locator("li").count() == 4
    assert page.locator("#history li time").count() == 5


def test_rename_and_rematch(page: Any, dashboard: Dashboard) -> None:
    game = a_game(dashboard)
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#game-menu summary")
    page.fill("#rename-form input[name=title]", "Friday final")
    page.click("#rename-form button")
    page.locator(".topbar h1", has_text="Friday final").wait_for()
    assert dashboard.session.view(game).title == "Friday final"
    page.click("#rematch")
    page.wait_for_url(lambda url: game not in url and "/games/" in url)
    page.wait_for_selector("#players li.player")
    assert page.locator("#players li.player .name").all_inner_texts() == ["Al", "Bruce"]
    assert page.get_attribute("#table-view", "data-seq") == "0"


def test_delete_asks_first_and_keeps_the_record(page: Any, dashboard: Dashboard) -> None:
    game = a_game(dashboard)
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#game-menu summary")
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#delete-game")
    assert [g.game_id for g in dashboard.session.list_games()] == [game]
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download() as download:
        page.click("#delete-game")
    saved = download.value.path()
    assert Path(saved).read_text(encoding="utf-8") == dashboard.session.export(game)
    page.wait_for_url(dashboard.url("/"))
    assert dashboard.session.list_games() == []


def test_a_plot_shows_each_players_score_over_the_game(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#score-plot svg.score-plot")
    dashboard.post(f"/api/games/{game}/events", {"line": "Al: attempt orange r6 r6 y6 y6"})
    page.locator("#score-plot svg[aria-label='scores: Al 21, Bruce 0']").wait_for()
    assert page.locator("#score-plot polyline[data-player]").count() == 2
    assert page.locator("#score-plot .score-legend li").all_inner_texts() == ["Al", "Bruce"]
