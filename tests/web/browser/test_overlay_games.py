"""Every game's stream overlay at its end and in `?test=1` (issue 32 item 2): no stray "null"
under the winner's headline, the winner's row readable on its gold, and the sample of the game
the overlay belongs to, not RYB's."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import CONTROL, OVERLAY
from tests.web.browser.conftest import Dashboard, wait_until
from tests.web.browser.test_board_game_views import all_but_the_last_line, text_has
from tests.web.browser.test_overlay import open_overlay, post_line

pytestmark = [
    pytest.mark.browser,
    pytest.mark.parametrize("dashboard", [{"control_token": CONTROL}], indirect=True),
]

# The lowest contrast ratio of any text in the winner's row against its own background.
CONTRAST = """() => {
  const lum = (css) => {
    const [r, g, b] = css.match(/[\\d.]+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const row = document.querySelector('#ov-players .winner');
  const back = lum(getComputedStyle(row).backgroundColor);
  let worst = 99;
  for (const node of [row, ...row.querySelectorAll('*')]) {
    if (![...node.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const fore = lum(getComputedStyle(node).color);
    worst = Math.min(worst, (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05));
  }
  return worst;
}"""


@pytest.mark.parametrize(
    "record",
    [
        "flyer-default.flyer",
        "rgb-win.rgb",
        "modifier-three.mod",
        "win-2000.ryb",
        "fivedice-two.fivedice",
    ],
)
def test_the_end_of_every_game_reads_cleanly(page: Any, dashboard: Dashboard, record: str) -> None:
    game, last = all_but_the_last_line(dashboard, record)
    open_overlay(page, dashboard, game)
    post_line(dashboard, game, last)
    text_has(page, "#ov-turn", "win")
    assert "null" not in page.inner_text("#ov-turn")
    assert "undefined" not in page.inner_text("#canvas")
    wait_until(page, "document.querySelector('#ov-players .winner')")
    assert page.evaluate(CONTRAST) >= 4.5


@pytest.mark.parametrize(
    ("game", "part", "words"),
    [
        ("flyer", "#ov-values li", "Cy's turn"),
        ("rgb", "#ov-board .rgb-stack", "Bo's turn"),
        ("modifier", "#ov-goals li", "Round 1"),
        ("ryb", "#ov-goals li.goal", "Bruce"),
        ("fivedice", "#ov-roll .ov-dice svg", "Cat's turn"),
    ],
)
def test_test_mode_shows_the_overlays_own_game(
    page: Any, dashboard: Dashboard, game: str, part: str, words: str
) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": game}}
    )
    assert status == 201
    for path in (f"/overlay/{view['id']}?test=1&token={OVERLAY}",
                 f"/overlay?test=1&game={game}&token={OVERLAY}"):  # fmt: skip
        page.goto(dashboard.url(path))
        page.wait_for_selector(part)
        assert words in page.inner_text("#ov-turn")
        assert page.locator("#ov-players li").count() >= 2
