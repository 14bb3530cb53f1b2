"""`dicetable serve --workers N`: several processes behind one port over PostgreSQL, live
updates reaching viewers of every process (LISTEN/NOTIFY), a killed worker replaced; SQLite
refuses more than one process with a clear message."""

from __future__ import annotations

import http.client
import io
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.store.core import open_store
from companion.store.throwaway import ThrowawayCluster
from tests.store_backends import new_pg_spot

ROOT = Path(__file__).resolve().parents[2]
AT = "2026-11-27T01:02:03.000000Z"


def _served(*argv: str) -> Any:
    from companion.cli import build_parser
    from companion.cli.commands.serve import build

    return build(build_parser("serve").parse_args(["serve", "--no-camera", *argv]), io.StringIO())


def test_the_database_is_the_data_folders_sqlite_file_unless_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DICETABLE_DATABASE", raising=False)
    served = _served("--data", str(tmp_path / "data"))
    assert served.session.store.path == tmp_path / "data" / "dicetable.sqlite3"
    served.session.close()
    served = _served("--data", str(tmp_path / "data"), "--database", str(tmp_path / "db"))
    assert served.session.store.path == tmp_path / "db" / "dicetable.sqlite3"
    served.session.close()


def test_a_postgresql_url_from_the_option_or_the_environment(
    pg_cluster: ThrowawayCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spot = new_pg_spot(pg_cluster)
    monkeypatch.setenv("DICETABLE_DATABASE", spot.spec)
    served = _served("--data", str(tmp_path))
    assert (served.session.store.kind, served.session.store.location) == ("postgresql", spot.spec)
    served.session.close()
    monkeypatch.setenv("DICETABLE_DATABASE", "postgresql://nobody@/nowhere?host=/nonexistent")
    served = _served("--data", str(tmp_path), "--database", spot.spec)
    assert served.session.store.kind == "postgresql"
    served.session.close()


def test_sqlite_refuses_more_than_one_worker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DICETABLE_DATABASE", raising=False)
    assert main(["serve", "--workers", "2", "--no-camera", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--workers 2 needs a PostgreSQL --database (postgresql://...)" in err
    assert "Drop --workers" in err


def test_workers_run_no_camera_of_their_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = "postgresql://nobody@/nowhere?host=/nonexistent"
    args = ["serve", "--workers", "2", "--database", url, "--source", "0", "--data", str(tmp_path)]
    assert main(args) == 2
    assert "run `dicetable agent` at the table instead" in capsys.readouterr().err


def test_workers_without_gunicorn_say_how_to_install_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "gunicorn", None)  # as if it were not installed
    url = "postgresql://nobody@/nowhere?host=/nonexistent"
    args = ["serve", "--workers", "2", "--database", url, "--data", str(tmp_path)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "--workers needs gunicorn: pip install gunicorn" in err and "Traceback" not in err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _request(port: int, method: str, path: str, body: Any = None, token: str = "") -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def _wait_for_port(port: int, child: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert child.poll() is None, child.communicate()[0]
        try:
            if _request(port, "GET", "/api/club")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError("the server did not come up")


def _workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in children.read_text().split()]


def _wait_for_workers(master: int, count: int, timeout_s: float = 15.0) -> list[int]:
    """The master's workers once `count` are up: the port answers as soon as the master binds
    it, before it has forked them all (on a busy machine CI saw one of two)."""
    deadline = time.monotonic() + timeout_s
    while len(workers := _workers_of(master)) < count and time.monotonic() < deadline:
        time.sleep(0.1)
    return workers


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers in /proc")
def test_two_workers_carry_every_roll_to_every_viewer(
    pg_cluster: ThrowawayCluster, tmp_path: Path
) -> None:
    spot = new_pg_spot(pg_cluster)
    with open_store(spot.spec) as store:
        game = store.create_game({"Game": "ryb", "Players": "Al, Bo"}, "ryb")
    port = _free_port()
    command = [
        sys.executable, "-m", "companion.cli", "serve", "--workers", "2", "--threads", "16",
        "--database", spot.spec, "--port", str(port), "--data", str(tmp_path / "data"),
    ]  # fmt: skip
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    seen: dict[int, list[int]] = {k: [] for k in range(8)}

    conns: list[http.client.HTTPConnection] = []

    def watch(k: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conns.append(conn)
        try:
            conn.request("GET", f"/api/games/{game}/card/stream")
            response = conn.getresponse()
            while line := response.readline():
                if line.startswith(b"data:"):
                    last = json.loads(line[5:])["last_roll"]
                    seen[k].append(0 if last is None else last["n"])
        except OSError:
            pass  # the worker it was on was killed, or the test closed it
        finally:
            conn.close()

    try:
        _wait_for_port(port, child)
        assert len(_wait_for_workers(child.pid, 2)) == 2
        token = _request(port, "POST", f"/api/games/{game}/agent-token")[1]["token"]
        for k in range(8):  # new connections land on both workers
            threading.Thread(target=watch, args=(k,), daemon=True).start()
        time.sleep(1.0)
        for n in range(1, 4):
            roll = {"roll_id": f"roll-{n:05d}", "dice": [], "settled_at": AT}
            status, answer = _request(port, "POST", f"/api/agent/games/{game}/rolls", roll, token)
            assert (status, answer["n"]) == (201, n)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(s[-1:] != [3] for s in seen.values()):
            time.sleep(0.05)
        assert all(s[-1:] == [3] for s in seen.values()), seen
        # a worker killed outright is replaced, and rolls go on being kept once
        os.kill(_workers_of(child.pid)[0], signal.SIGKILL)
        for n in range(4, 7):
            roll = {"roll_id": f"roll-{n:05d}", "dice": [], "settled_at": AT}
            for _ in range(50):
                try:
                    status, answer = _request(
                        port, "POST", f"/api/agent/games/{game}/rolls", roll, token
                    )
                    if status in (200, 201):
                        break
                except OSError:
                    pass
                time.sleep(0.1)
            assert answer["n"] == n
        _wait_for_port(port, child)
        assert len(_wait_for_workers(child.pid, 2, timeout_s=20.0)) == 2
    finally:
        for conn in conns:
            if conn.sock is not None:
                conn.sock.shutdown(socket.SHUT_RDWR)
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
    assert child.returncode == 0, output
    assert "2 workers" in output


@pytest.mark.slow
def test_an_attempt_is_shared_by_every_worker(pg_cluster: ThrowawayCluster, tmp_path: Path) -> None:
    """Declared through one request, rolled by an agent, corrected and accepted through others:
    whichever worker each request lands on sees the same pending attempt."""
    spot = new_pg_spot(pg_cluster)
    port = _free_port()
    command = [
        sys.executable, "-m", "companion.cli", "serve", "--workers", "2", "--threads", "8",
        "--database", spot.spec, "--port", str(port), "--data", str(tmp_path / "data"),
    ]  # fmt: skip
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        _wait_for_port(port, child)
        status, view = _request(port, "POST", "/api/games", {"players": ["Al", "Bruce"]})
        game = view["id"]
        assert (
            _request(port, "POST", f"/api/games/{game}/events", {"line": "Al: goal orange 7"})[0]
            == 201
        )
        token = _request(port, "POST", f"/api/games/{game}/agent-token")[1]["token"]
        status, _ = _request(
            port, "POST", f"/api/games/{game}/attempt", {"player": "Al", "goal": "orange"}
        )
        assert status == 200
        dice = [
            {"colour": c, "pips": p, "confidence": 0.95, "box_xyxy": [40 * k, 0, 40 * k + 30, 30]}
            for k, (c, p) in enumerate([("red", 4), ("red", 2), ("yellow", 5), ("yellow", 5)])
        ]
        dice[3]["unsure"] = True
        roll = {"roll_id": "roll-00001", "dice": dice, "settled_at": AT}
        assert _request(port, "POST", f"/api/agent/games/{game}/rolls", roll, token)[0] == 201
        for _ in range(8):  # new connections: both workers answer
            pending = _request(port, "GET", f"/api/games/{game}/pending")[1]["pending"]
            assert pending is not None and pending["line"] == "Al: attempt orange r4 r2 y5 y5"
        # the agent's camera clears its doubt: y6, whichever worker takes the correction
        cleared = {
            "roll_id": "roll-00001",
            "dice": [*dice[:3], dict(dice[3], pips=6, unsure=False)],
        }
        status, answer = _request(
            port, "POST", f"/api/agent/games/{game}/corrections", cleared, token
        )
        assert (status, answer["changed"]) == (200, True)
        for _ in range(8):
            pending = _request(port, "GET", f"/api/games/{game}/pending")[1]["pending"]
            assert pending["line"] == "Al: attempt orange r4 r2 y5 y6" and pending["unsure"] == []
        fix = {"colour": "yellow", "pips": 6}
        assert _request(port, "POST", f"/api/games/{game}/pending/dice/3", fix)[0] == 200
        status, view = _request(port, "POST", f"/api/games/{game}/pending/accept", {})
        assert status == 201, view
        assert view["pending"] is None and view["seq"] == 2
    finally:
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
    assert child.returncode == 0, output
