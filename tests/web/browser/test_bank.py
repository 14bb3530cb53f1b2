"""The table view's bank control shows the range the rules publish (`state.turn.bank`), and the
range on the player's Swiss Bank card when they choose to bank there."""

from __future__ import annotations

from textwrap import dedent
from typing import Any

import pytest

from tests.companion.ryb.test_bank import SWISS_ON_CARRIED_GOAL
from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser

# Al's Red 12 carries 2 points, so a bank on it must add 1; Bruce's own Swiss Bank card on it
# carries nothing, so he may bank 0 there.
SWISS_RECORD = '[Players "Al, Bruce"]\n[Variable "swissbank"]\n' + dedent(SWISS_ON_CARRIED_GOAL)


def test_bank_range_follows_the_rules_and_the_swiss_bank_card(
    page: Any, dashboard: Dashboard
) -> None:
    tab = page
    game = dashboard.session.import_record(SWISS_RECORD).game_id
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#live-status[data-state=live]")
    points = tab.locator("#control-bank input[name=bank-points]")
    assert "allowed: 1 to 3" in tab.inner_text("#control-bank")
    assert (points.get_attribute("min"), points.get_attribute("max")) == ("1", "3")

    tab.check("#control-bank input[name=bank-swiss]")
    assert "allowed: 0 to 3" in tab.inner_text("#control-bank")
    assert (points.get_attribute("min"), points.input_value()) == ("0", "3")
    tab.fill("#control-bank input[name=bank-points]", "0")
    tab.click("#control-bank button[type=submit]")
    wait_until(tab, "document.querySelector('#table-view').dataset.seq === '7'")
    assert "Swiss Bank: Bruce 0" in tab.inner_text("li.goal[data-ref='#1']")
    assert dashboard.session.history(game)[-1].line == "Bruce: bank 0 swiss"
