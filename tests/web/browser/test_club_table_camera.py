"""A club table plays from its page: with its camera agent connected the page offers a camera
roll, and the agent's next settled roll answers it, reviewed on the whole settled frame at
camera resolution with each die boxed and numbered, as the server's own camera's rolls are."""

from __future__ import annotations

import base64
import json
import urllib.request
from typing import Any

import cv2
import numpy as np
import pytest

from companion.agent.run import roll_body
from tests.web.api.support import orange_game
from tests.web.browser.conftest import Dashboard, screenshot, wait_until
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1280, 720
BOXES = [(200, 300, 260, 360), (400, 310, 460, 370), (700, 280, 760, 340), (900, 400, 960, 460)]
DICE = [(Colour.RED, 4), (Colour.RED, 2), (Colour.YELLOW, 5), (Colour.YELLOW, 6)]


def agent_call(dashboard: Dashboard, path: str, token: str, body: Any = None) -> Any:
    request = urllib.request.Request(
        dashboard.url(path),
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def settled_frame() -> SettledRoll:
    """A settled roll as the agent's camera hands it over: a 1280x720 frame, four dice."""
    frame = np.full((HEIGHT, WIDTH, 3), 90, np.uint8)
    for x1, y1, x2, y2 in BOXES:
        cv2.rectangle(frame, (x1, y1), (x2, y2), (40, 40, 220), -1)
    dice = [Die(colour, pips, 0.95, box) for (colour, pips), box in zip(DICE, BOXES, strict=True)]
    return SettledRoll(2000.0, 1700.0, 60, frame, DiceReading.of(dice), roll_id=1)


def test_a_club_table_takes_its_agents_roll_from_its_page(page: Any, dashboard: Dashboard) -> None:
    game = orange_game(dashboard.session)
    status, answer = dashboard.post(f"/api/games/{game}/agent-token", {})
    assert status == 201
    token = answer["token"]
    agent_call(dashboard, f"/api/agent/games/{game}", token)  # the agent says hello
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#live-status[data-state=live]")
    wait_until(page, "() => !document.querySelector('#camera-attempt').disabled")
    assert "Camera agent connected" in page.locator(".camera-state").inner_text()
    page.click("#camera-attempt")
    page.wait_for_selector("#pending .waiting")
    body = dict(roll_body(settled_frame()), roll_id="roll-000001")
    assert body["frame_size"] == {"width": WIDTH, "height": HEIGHT}
    kept = agent_call(dashboard, f"/api/agent/games/{game}/rolls", token, body)
    assert kept["n"] == 1
    page.wait_for_selector("#pending .frame-box")
    wait_until(page, "document.querySelector('#pending .frame-img').naturalWidth > 0")
    numbers = page.eval_on_selector_all("#pending .frame-box", "bs => bs.map(b => b.innerText)")
    assert numbers == ["1", "2", "3", "4"]
    size = page.evaluate(
        "() => { const i = document.querySelector('#pending .frame-img');"
        " return [i.naturalWidth, i.naturalHeight]; }"
    )
    assert size == [WIDTH, HEIGHT]
    first = page.locator("#pending .frame-box[data-index='0']").bounding_box()
    stage = page.locator("#pending .frame-img").bounding_box()
    assert first is not None and stage is not None
    screenshot(page, "club-table-agent-roll")
    left = body["dice"][0]["box_xyxy"][0]  # die 1's box sits where the camera saw it
    assert abs((first["x"] - stage["x"]) / stage["width"] - left / WIDTH) < 0.01
    page.click("#accept-roll")
    wait_until(page, "() => document.querySelector('#pending .frame-box') === null")
    assert dashboard.session.view(game).seq == 2  # the attempt is in the record
    assert base64.b64decode(body["thumbnail_jpeg"])[:3] == b"\xff\xd8\xff"


def test_a_die_the_agent_passed_over_is_added_from_the_picture(
    page: Any, dashboard: Dashboard
) -> None:
    """The agent sends what its reader passed over with the roll; on the table's page a player
    looks for the missing die, sees it dotted with "1?" and adds it, boxed and numbered."""
    game = orange_game(dashboard.session)
    status, answer = dashboard.post(f"/api/games/{game}/agent-token", {})
    assert status == 201
    token = answer["token"]
    agent_call(dashboard, f"/api/agent/games/{game}", token)
    page.goto(dashboard.url(f"/games/{game}"))
    wait_until(page, "() => !document.querySelector('#camera-attempt').disabled")
    page.click("#camera-attempt")
    page.wait_for_selector("#pending .waiting")
    roll = settled_frame()
    last = roll.reading.dice[-1]
    missed = [Die(last.colour, 1, 0.2, last.box_xyxy, True)]  # a logo it called "not a die"
    body = dict(roll_body(roll, missed=missed), roll_id="roll-000002")
    body["dice"] = body["dice"][:3]
    agent_call(dashboard, f"/api/agent/games/{game}/rolls", token, body)
    page.wait_for_selector("#pending .frame-box")
    page.click("#look-missed")
    page.wait_for_selector("#pending .frame-box.missed")
    assert page.inner_text("#pending .frame-box.missed") == "1?"
    page.click("#pending .add-missed[data-missed='0']")
    # (the dotted box is a frame box too: wait for the added die's own)
    page.wait_for_selector("#pending .frame-box[data-index='3']")
    assert page.locator("#pending .frame-box.missed").count() == 0
    screenshot(page, "club-table-missed-added")
    pending = dashboard.session.pending(game)
    assert pending is not None and pending.corrections[-1].missed == 0
