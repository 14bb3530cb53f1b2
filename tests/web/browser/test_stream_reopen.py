"""Every page reopens its live stream by itself: a browser's EventSource gives up for good on
an answer other than 200 (a 503 while the database restarts), so the page opens it again until
it answers, then shows the changes made meanwhile."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import orange_game
from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser

REFUSED = 2  # the first two tries answer 503, as a server does while its database is down


def refuse_first(page: Any, pattern: str) -> list[int]:
    answered: list[int] = []

    def handle(route: Any) -> None:
        if len(answered) < REFUSED:
            answered.append(503)
            route.fulfill(status=503, content_type="application/json",
                          body='{"error": "the store cannot answer now"}')  # fmt: skip
        else:
            answered.append(200)
            route.continue_()

    page.route(pattern, handle)
    return answered


@pytest.mark.parametrize(
    ("path", "stream", "live"),
    [
        ("/games/{game}", "**/api/games/*/stream*", "#live-status[data-state=live]"),
        ("/games/{game}/kid", "**/api/games/*/stream*", "#live-status[data-state=live]"),
        ("/club", "**/api/club/stream*", "#club-live"),
    ],
)
def test_a_page_reopens_its_stream_after_a_503(
    page: Any, dashboard: Dashboard, path: str, stream: str, live: str
) -> None:
    game = orange_game(dashboard.session)
    answered = refuse_first(page, stream)
    page.goto(dashboard.url(path.format(game=game)))
    deadline_ms = 8000
    page.wait_for_selector(live, timeout=deadline_ms)
    wait_until(
        page,
        "sel => (document.querySelector(sel).dataset.state || document.querySelector(sel)"
        ".textContent) === 'live'",
        live,
        timeout=deadline_ms,
    )
    assert answered[: REFUSED + 1] == [503, 503, 200]
    if path.endswith("/kid"):
        return  # a pass shows nothing new to a kid; the game page shows it
    before = page.evaluate("() => document.body.innerText")
    dashboard.session.append(game, "Al: pass")  # the reopened stream brings the change
    wait_until(page, "text => document.body.innerText !== text", before)
