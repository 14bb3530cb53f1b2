"""The Content-Security-Policy in a real browser: every page still runs its scripts and styles
under it (the `page` fixture fails a test on any CSP violation), no page but the overlay can be
framed, and the overlay can, as a streaming tool embeds it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask

from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import WAIT_MS, Dashboard

pytestmark = pytest.mark.browser

PAGES = {
    "/": "#games",
    "/games/{id}": "#players li.player",
    "/games/{id}/kid": "#step-text",
    "/kid": "#step-text",
    "/overlay/{id}?token=" + OVERLAY: "#ov-goals li.goal",
    "/overlay?test=1&token=" + OVERLAY: "#ov-players li",
}


def a_game(dashboard: Dashboard) -> str:
    game = dashboard.session.create_from_options(["Al", "Bruce"], {}).game_id
    dashboard.session.append(game, "Al: goal red 18")
    return game


@pytest.mark.parametrize("path", sorted(PAGES))
def test_each_page_runs_under_the_policy(page: Any, dashboard: Dashboard, path: str) -> None:
    answer = page.goto(dashboard.url(path.format(id=a_game(dashboard))))
    assert answer is not None and "frame-ancestors" in answer.headers["content-security-policy"]
    page.wait_for_selector(PAGES[path], state="attached")
    page.wait_for_timeout(300)  # late loads (thumbnails, the stream) too; the fixture checks


@pytest.fixture
def outsider(chromium: Any) -> Iterator[tuple[Any, list[str]]]:
    """A tab on another site and what its console says; a framing refused
    by `frame-ancestors` is a console error there, as it should be."""
    context = chromium.new_context()
    context.set_default_timeout(WAIT_MS)
    tab = context.new_page()
    said: list[str] = []
    tab.on("console", lambda msg: said.append(msg.text))
    yield tab, said
    context.close()


@contextmanager
def framed(tab: Any, dashboard: Dashboard, path: str) -> Iterator[Any]:
    """`path` in an iframe of a page of another origin (another port), as a stream dashboard
    would hold it."""
    embedder = Flask("embedder")
    html = f'<iframe id="f" src="{dashboard.url(path)}" width="960" height="540"></iframe>'
    embedder.add_url_rule("/", "embed", lambda: html)
    with serving(embedder) as other:
        tab.goto(f"http://{other.host}:{other.port}/")
        tab.wait_for_timeout(800)
        yield tab.frame_locator("#f")


def test_the_overlay_can_be_framed(outsider: tuple[Any, list[str]], dashboard: Dashboard) -> None:
    tab, said = outsider
    with framed(tab, dashboard, f"/overlay/{a_game(dashboard)}?token={OVERLAY}") as frame:
        frame.locator("#ov-goals li.goal").first.wait_for(state="attached")
    assert not [text for text in said if "Content Security" in text]


@pytest.mark.parametrize("path", ["/games/{id}", "/", "/kid"])
def test_no_other_page_can_be_framed(
    outsider: tuple[Any, list[str]], dashboard: Dashboard, path: str
) -> None:
    tab, said = outsider
    with framed(tab, dashboard, path.format(id=a_game(dashboard))) as frame:
        assert frame.locator("header, main, #players, #kid-view").count() == 0
    assert any("frame-ancestors 'none'" in text for text in said), said
