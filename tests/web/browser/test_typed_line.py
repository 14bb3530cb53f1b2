"""A record line typed whole in the "Type a record line" box (issue 47 item 7): "Dad: pass" became
"Dad: Dad: pass" and was refused; a leading seated player's name and colon now names who acts."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("typed", "line"), [("al :  pass", "Al: pass"), ("pass", "Al: pass")])
def test_a_typed_line_with_the_players_name(
    page: Any, dashboard: Dashboard, typed: str, line: str
) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#control-line summary")
    page.fill("#control-line input[name=line]", typed)
    page.click("#control-line button[type=submit]")
    wait_until(page, "(n) => document.querySelector('#table-view').dataset.seq === n", "2")
    assert session.history(game)[-1].line == line
