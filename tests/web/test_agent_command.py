"""`dicetable agent`: its arguments, what it posts for a settled roll, and the game it learns
from the server before its camera starts (or from last time, while the server is down)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.agent.client import AgentClient, GameAddress, ServerDownError
from companion.agent.run import HELLO_FILE, first_hello, roll_body
from companion.cli import main
from tests.web.api.support import settled
from vision.types import Colour


def test_a_token_is_required(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DICETABLE_AGENT_TOKEN", raising=False)
    assert main(["agent", "http://127.0.0.1:8000/games/0123456789"]) == 2
    assert "give --token or set $DICETABLE_AGENT_TOKEN" in capsys.readouterr().err


def test_a_bad_address_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agent", "http://127.0.0.1:8000/tables/x", "--token", "t" * 20]) == 2
    assert "expected the game's address" in capsys.readouterr().err


def test_what_a_settled_roll_posts() -> None:
    roll = settled((Colour.RED, 4, False), (Colour.YELLOW, 2, True))
    body = roll_body(roll)
    assert [(d["colour"], d["pips"], d["unsure"]) for d in body["dice"]] == [
        ("red", 4, False), ("yellow", 2, True)
    ]  # fmt: skip
    assert body["settled_at"].endswith("Z") and body["delay_ms"] == pytest.approx(roll.delay_ms)
    # the settled frame at camera resolution, and the size the dice boxes are measured in
    frame = cv2.imdecode(np.frombuffer(base64.b64decode(body["thumbnail_jpeg"]), np.uint8), 1)
    assert frame is not None and frame.shape[:2] == (120, 200)  # as `settled` made it
    assert body["frame_size"] == {"width": 200, "height": 120}
    assert json.loads(json.dumps(body)) == body


def test_the_cameras_correction_is_queued_after_its_roll_and_names_it(tmp_path: Path) -> None:
    from dataclasses import replace

    from companion.agent.outbox import CORRECTION, ROLL, Outbox
    from companion.agent.run import Queue
    from vision.settle import RollCorrected, SettledRoll
    from vision.types import DiceReading

    sent = settled((Colour.RED, 4, False), (Colour.YELLOW, 2, True))
    *sure, doubted = sent.reading.dice
    cleared = DiceReading((*sure, replace(doubted, pips=5, unsure=False)))
    said: list[str] = []
    with Outbox(tmp_path) as outbox:
        queue = Queue(outbox, said.append)
        queue.roll(SettledRoll(2000.0, 1700.0, 60, sent.frame_bgr, sent.reading, roll_id=7))
        queue.correction(RollCorrected(2400.0, 1700.0, 72, None, 7, cleared, (1,)))
        queue.correction(RollCorrected(2400.0, 1700.0, 72, None, 6, cleared, (1,)))
        first = outbox.next()
        assert first is not None and first.kind == ROLL
        outbox.done(first.roll_id, {"status": 201})
        fix = outbox.next()
        assert fix is not None and fix.kind == CORRECTION
        assert fix.body == {"roll_id": first.roll_id, "dice": cleared.to_json()}
        outbox.done(fix.roll_id, {"status": 200})
        assert outbox.next() is None  # roll 6 was never sent by this agent: nothing to send
        with pytest.raises(KeyError, match="not in the outbox"):
            outbox.put_correction("roll-never-queued", {"dice": []})
    assert "a correction of roll 6 not sent: this agent sent no such roll" in said


def test_an_outbox_from_before_corrections_sends_its_waiting_rolls(tmp_path: Path) -> None:
    import sqlite3

    from companion.agent.outbox import OUTBOX_FILE, ROLL, Outbox

    old = sqlite3.connect(tmp_path / OUTBOX_FILE)
    old.execute(
        "CREATE TABLE rolls (k INTEGER PRIMARY KEY AUTOINCREMENT, roll_id TEXT NOT NULL UNIQUE,"
        " body TEXT NOT NULL, tries INTEGER NOT NULL DEFAULT 0,"
        " sent INTEGER NOT NULL DEFAULT 0, answer TEXT)"
    )
    old.execute("INSERT INTO rolls (roll_id, body) VALUES ('roll-0001', '{\"dice\": []}')")
    old.commit()
    old.close()
    with Outbox(tmp_path) as outbox:
        waiting = outbox.next()
        assert waiting is not None and (waiting.roll_id, waiting.kind) == ("roll-0001", ROLL)
        assert outbox.put_correction("roll-0001", {"dice": []}).startswith("fix-")
        assert outbox.waiting() == 2


class DownClient(AgentClient):
    def hello(self) -> dict[str, Any]:
        raise ServerDownError("connection refused")


def test_while_the_server_is_down_the_agent_reads_as_last_time(tmp_path: Path) -> None:
    address = GameAddress.parse("http://127.0.0.1:9/games/0123456789")
    (tmp_path / HELLO_FILE).write_text(json.dumps({"camera_game": "flyer"}))
    said: list[str] = []
    found = first_hello(DownClient(address, "t" * 20), tmp_path, said.append, lambda: True)
    assert found == {"camera_game": "flyer"}
    assert "reading as last time" in said[0]


@pytest.mark.slow
@pytest.mark.parametrize("ended_by", ["SIGINT", "SIGTERM", "SIGINT, started with it ignored"])
def test_the_agent_reads_the_demo_recording_and_posts_its_rolls(
    tmp_path: Path, ended_by: str
) -> None:
    """`dicetable agent` with its real camera path (the bundled demo video, the shipped
    reader, the settle detector) against a real server on loopback; Ctrl-C or SIGTERM ends it,
    also when it was started in the background with Ctrl-C ignored (a shell's `&`)."""
    import signal
    import subprocess
    import sys
    import time

    from tests.web.api.support import build, orange_game, serving

    root = Path(__file__).resolve().parents[2]
    app, session = build(tmp_path)
    try:
        game = orange_game(session)
        token = app.test_client().post(f"/api/games/{game}/agent-token").json["token"]  # type: ignore[index]
        with serving(app) as server:
            url = f"http://127.0.0.1:{server.port}/games/{game}"
            agent = subprocess.Popen(
                [sys.executable, "-m", "companion.cli", "agent", url, "--token", token,
                 "--queue", str(tmp_path / "queue")],
                cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                preexec_fn=_ignoring_ctrl_c if "ignored" in ended_by else None,
            )  # fmt: skip
            try:
                deadline = time.monotonic() + 90
                while session.store.last_camera_roll(game) is None:
                    assert time.monotonic() < deadline and agent.poll() is None
                    time.sleep(0.2)
            finally:
                agent.send_signal(getattr(signal, ended_by.split(",")[0]))
                output = agent.communicate(timeout=30)[0]
        assert agent.returncode == 0, output
        first = session.store.camera_roll(game, 1)
        assert first.has_thumbnail and len(first.data["dice"]) >= 1
        assert f"agent for game {game} (ryb, reading ryb)" in output
        last = session.last_roll()
        assert last is not None and last.game_id == game
    finally:
        session.close()


def _ignoring_ctrl_c() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_a_roll_too_big_to_keep_with_its_signatures_goes_without_them() -> None:
    from companion.agent.run import SIGNED_DICE_CHARS, dice_json
    from vision.types import DiceReading, Die

    def dice(n: int) -> DiceReading:
        return DiceReading(tuple(
            Die(Colour.RED, 3, 0.9, (10 * k, 0, 10 * k + 9, 9), signature=(0.12345678,) * 132)
            for k in range(n)
        ))  # fmt: skip

    few = dice_json(dice(4))
    assert all(len(d["signature"]) == 132 for d in few) and few[0]["signature"][0] == 0.1235
    many = dice_json(dice(40))
    assert all("signature" not in d for d in many)
    assert len(json.dumps(many)) < SIGNED_DICE_CHARS
