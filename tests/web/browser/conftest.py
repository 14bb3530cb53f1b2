"""Browser tests: the real app on a loopback port, driven by Debian's headless Chromium through
Playwright. Without /usr/bin/chromium they skip, unless DICETABLE_REQUIRE_BROWSER=1 (CI) makes a
missing browser a failure. Never `playwright install`: nothing is downloaded."""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from tests.web.api.support import build, serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).parents[3] / "test-output" / "screenshots"
LAPTOP = {"width": 1280, "height": 720}
TABLET = {"width": 1024, "height": 768}
WAIT_MS = 5000


def _unavailable(reason: str) -> None:
    if os.environ.get("DICETABLE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"DICETABLE_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not CHROMIUM.is_file():
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is missing (pip install playwright)")
    driver = sync_playwright().start()
    try:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
    finally:
        driver.stop()


@dataclass
class Dashboard:
    """The running app: its address and the session behind it (to offer camera rolls)."""

    base: str
    session: Session
    token: str | None = None

    def url(self, path: str) -> str:
        return self.base + path

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        """A JSON POST as an API client sends it (bearer token when the app has one)."""
        headers = {"Content-Type": "application/json"}
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(
            self.url(path), data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())


@pytest.fixture
def dashboard(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Dashboard]:
    """The app on a free loopback port; `parametrize("dashboard", [{...}], indirect=True)`
    passes WebConfig settings (a control token)."""
    config: dict[str, Any] = dict(getattr(request, "param", {}))
    # `"camera": FakeCamera(...)` puts a camera (its state as given) behind the dashboard.
    camera = config.pop("camera", None)
    app, session = build(tmp_path, camera, **config)
    try:
        with serving(app) as server:
            base = f"http://{server.host}:{server.port}"
            yield Dashboard(base, session, config.get("control_token"))
    finally:
        session.close()


@pytest.fixture
def page(chromium: Any, dashboard: Dashboard) -> Iterator[Any]:
    """A fresh browser context per test; page errors fail the test."""
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(WAIT_MS)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    # A script, style or image the Content-Security-Policy blocks is a console error, not a
    # page error: catch those too, so the policy cannot silently break a page.
    tab.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text
            else None
        ),
    )
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors in the page: {errors}"


def wait_until(tab: Any, expression: str, arg: Any = None, timeout: float = WAIT_MS) -> None:
    """Poll `expression` (or a function of `arg`) in the page until it is truthy.

    Playwright's `wait_for_function` builds its predicate with `eval` inside the page, which the
    pages' Content-Security-Policy forbids (as it should); `evaluate` goes through DevTools."""
    deadline = time.monotonic() + timeout / 1000
    while not tab.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} ms waiting for {expression}")
        tab.wait_for_timeout(20)


def tap_on_die(picture: Any, box: tuple[float, ...], frame_hw: tuple[int, ...]) -> None:
    """Tap the centre of `box` (frame pixels) on `picture`, the frame shown at whatever size the
    page gives it."""
    shown = picture.bounding_box()
    assert shown is not None
    x1, y1, x2, y2 = box
    picture.click(
        position={
            "x": (x1 + x2) / 2 * shown["width"] / frame_hw[1],
            "y": (y1 + y2) / 2 * shown["height"] / frame_hw[0],
        }
    )


def screenshot(tab: Any, name: str, *, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=full_page)
    return path


def camera_waiting_on_orange(tab: Any, dashboard: Dashboard) -> str:
    """A game whose player declared Orange 7 (`orange_game`), open in `tab` with the camera
    asked for that attempt and waiting for a throw; the game's id."""
    from tests.web.api.support import orange_game

    game = orange_game(dashboard.session)
    tab.goto(dashboard.url(f"/games/{game}"))
    tab.wait_for_selector("#live-status[data-state=live]")
    tab.click("#camera-attempt")
    tab.wait_for_selector("#pending .waiting")
    return game
