"""The phone camera page in a real Chromium whose camera is a fake one playing the demo
recording (`fake_camera.py`): the server reads the throws the phone films, through the same
live path as any camera, and a link cut for 10 s and restored loses nothing and counts no roll
twice.

The expected rolls are the recording's own (`models/demo/ryb-demo.json`), which `dicetable
watch` reads exactly on the same file: `dicetable watch FILE.y4m --game ryb` prints the same two
rolls (checked when this test was written; it costs 16 s of CPU, so it is not repeated here).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.feed.live import open_phone_feed
from companion.session import Session
from tests.web.api.support import CONTROL, OVERLAY, serving
from tests.web.browser.conftest import CHROMIUM, CHROMIUM_ARGS, screenshot, wait_until
from tests.web.browser.fake_camera import demo_scenes, write_y4m
from vision.live.pipeline import DEMO_VIDEO
from web.app import create_app
from web.config import WebConfig, services

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = {"width": 390, "height": 844}
FPS = 5
CUT_S = 10.0


def recording_rolls(count: int) -> list[list[str]]:
    """The recording's first `count` throws as they lie, each die as `colour pips`, sorted."""
    truth = json.loads(DEMO_VIDEO.with_suffix(".json").read_text(encoding="utf-8"))
    stills = [s["dice"] for s in truth["still"] if s["dice"]]
    return [sorted(f"{c} {p}" for c, p in dice) for dice in stills[:count]]


@pytest.fixture(scope="module")
def fake_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_y4m(tmp_path_factory.mktemp("camera") / "demo.y4m", demo_scenes(FPS), FPS)


@pytest.fixture
def phone_browser(chromium: Any, fake_video: Path) -> Iterator[Any]:
    """A Chromium of its own whose only camera plays `fake_video` (asked for with no prompt)."""
    fake = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={fake_video}",
    ]
    # The same Playwright driver as every browser test (one per process), a browser of its own.
    browser = chromium.browser_type.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS + fake)
    yield browser
    browser.close()


def dice_of(session: Session, game: str) -> list[list[str]]:
    found = []
    for roll in session.store.camera_rolls(game):
        found.append(sorted(f"{d['colour']} {d['pips']}" for d in roll.data["dice"]))
    return found


def wait_for_rolls(session: Session, game: str, count: int, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while len(dice_of(session, game)) < count:
        assert time.monotonic() < deadline, f"no roll {count} in {timeout_s} s"
        time.sleep(0.1)


def test_a_phone_films_the_recording_and_a_cut_link_counts_no_roll_twice(
    phone_browser: Any, tmp_path: Path
) -> None:
    session = Session.open(tmp_path / "data", poll_s=0.05)
    config = WebConfig(control_token=CONTROL, overlay_token=OVERLAY, data_dir=tmp_path / "data")
    app = create_app(config, session, phone_feed=open_phone_feed)
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    context = phone_browser.new_context(viewport=PHONE)
    errors: list[str] = []
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            base = f"http://{server.host}:{server.port}"
            tab.goto(f"{base}/login?token={CONTROL}&next=/games/{game}/camera%3Ffps%3D{FPS}")
            wait_until(tab, "document.querySelector('#camera-stop').hidden === false", None, 15000)
            wait_for_rolls(session, game, 1, 20)
            wait_until(tab, "document.querySelector('#camera-roll').textContent !== ''")
            context.set_offline(True)
            cut_at = time.monotonic()
            wait_until(tab, "document.querySelector('#camera-link').dataset.state === 'lost'")
            assert "Link to the table lost" in tab.inner_text("#camera-link")
            screenshot(tab, "phone-camera-link-lost-390")
            tab.wait_for_timeout(max(0.0, CUT_S - (time.monotonic() - cut_at)) * 1000)
            context.set_offline(False)
            wait_until(tab, "document.querySelector('#camera-link').dataset.state === 'back'")
            assert "Link back" in tab.inner_text("#camera-link")
            assert len(dice_of(session, game)) == 1  # the still dice after the cut: no new roll
            wait_for_rolls(session, game, 2, 25)
            tab.wait_for_timeout(1000)
            assert dice_of(session, game) == recording_rolls(2)
            screenshot(tab, "phone-camera-390")
            tab.set_viewport_size({"width": 1920, "height": 1080})
            tab.wait_for_timeout(400)
            screenshot(tab, "phone-camera-1920")
            with app.app_context():
                phones = services().phones
            assert phones is not None
            link = phones._links[game]
            ids = [r.roll_id for r in session.store.camera_rolls(game)]
            assert len(ids) == len(set(ids)) and all(i.startswith("phone-") for i in ids)
            assert link.source.frames_taken > 30 and link.source.refused == 0
            phones.stop_all()
    finally:
        context.close()
        session.close()
    assert errors == []
