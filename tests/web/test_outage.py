"""A server that outlives its database: a PostgreSQL cluster of its own (started by the store's
throwaway-cluster code, so other tests' cluster stays up) is stopped under a server process's
app; the app starts anyway, answers 503 in plain words (never the database's address), keeps
its game streams open, and answers again once the database is back."""

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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.session import Session
from companion.session.shared_table import SharedTable
from companion.store.core import open_store
from companion.store.throwaway import ThrowawayCluster, find_bin_dir
from tests.store_backends import REQUIRE_ENV
from tests.web.api.support import CONTROL, OVERLAY, orange_game, serving
from web.app import create_app
from web.config import WebConfig

STORE_DOWN = {"error": "the store cannot answer now"}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cluster() -> Iterator[ThrowawayCluster]:
    """A cluster of this module's own (its tests stop it); skipped, or failed where CI
    requires PostgreSQL, as the store's shared cluster is (`tests.store_backends`)."""
    if find_bin_dir() is None:
        message = "no PostgreSQL server binary (initdb, pg_ctl) on this machine"
        if os.environ.get(REQUIRE_ENV) == "1":
            pytest.fail(f"{message}, and {REQUIRE_ENV}=1")
        pytest.skip(message)
    with ThrowawayCluster() as pg:
        open_store(pg.url).close()  # migrated, as a server's master does before its workers
        yield pg


@pytest.fixture
def down(cluster: ThrowawayCluster) -> Iterator[ThrowawayCluster]:
    """The cluster stopped for the test (started again after it, whatever happened)."""
    cluster.stop()
    try:
        yield cluster
    finally:
        if not cluster.running:
            cluster.start()


def worker_app(url: str, tmp_path: Path, *argv: str) -> tuple[Flask, Session]:
    """What one `serve --workers` worker builds after its fork."""
    from companion.cli import build_parser
    from companion.cli.commands.serve import build

    args = build_parser("serve").parse_args(
        ["serve", "--no-camera", "--database", url, "--data", str(tmp_path), *argv]
    )
    served = build(args, io.StringIO(), migrated=True)
    return served.app, served.session


def test_a_worker_starts_while_the_database_is_down_and_answers_when_it_is_back(
    down: ThrowawayCluster, tmp_path: Path
) -> None:
    app, session = worker_app(down.url, tmp_path)
    try:
        client = app.test_client()
        answer = client.get("/api/games")
        assert (answer.status_code, answer.json) == (503, STORE_DOWN)
        assert answer.headers["Retry-After"] == "2"
        down.start()
        answer = client.get("/api/games")
        assert answer.status_code == 200, answer.json
    finally:
        session.close()


@pytest.mark.parametrize(
    ("method", "path", "headers"),
    [
        ("GET", "/api/games/aaaaaaaaaa", {}),
        ("GET", "/api/agent/games/aaaaaaaaaa", {"Authorization": "Bearer wrong-token"}),
        ("POST", "/api/games", {"Authorization": "Bearer wrong-token"}),
        ("GET", "/api/club", {}),
    ],
)
def test_a_503_names_no_part_of_the_database(
    down: ThrowawayCluster, tmp_path: Path, method: str, path: str, headers: dict[str, str]
) -> None:
    app, session = worker_app(down.url, tmp_path, "--host", "0.0.0.0", "--token", CONTROL)
    try:
        answer = app.test_client().open(
            path, method=method, headers={"Host": "127.0.0.1:8000", **headers}, json={}
        )
        text = answer.get_data(as_text=True)
        assert answer.status_code in (401, 403, 503), text
        for secret in ("dicetable@", str(down.socket_dir), "postgresql", "host="):
            assert secret not in text
        if answer.status_code == 503:
            assert answer.json == STORE_DOWN
    finally:
        session.close()


def test_the_game_stream_waits_through_an_outage(cluster: ThrowawayCluster, tmp_path: Path) -> None:
    session = Session(open_store(cluster.url, migrated=True), tmp_path, poll_s=0.1)
    session.table = SharedTable(session.store)
    config = WebConfig(overlay_token=OVERLAY, data_dir=tmp_path, heartbeat_s=0.3)
    app = create_app(config, session)
    with Session(open_store(cluster.url), tmp_path) as other:
        game = orange_game(other)
        try:
            with serving(app) as server:
                stream = server.stream(f"/api/games/{game}/stream")
                assert stream.next().event == "snapshot"
                cluster.stop()
                try:
                    for _ in range(4):  # heartbeats while the database is down
                        assert stream.next(skip_comments=False).comments == ["keep-alive"]
                finally:
                    cluster.start()
                other.append(game, "Al: pass")
                change = stream.next()
                assert (change.event, change.data["seq"]) == ("change", 2)
                stream.close()
        finally:
            session.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _serve_workers(url: str, tmp_path: Path, port: int) -> subprocess.Popen[str]:
    command = [
        sys.executable, "-m", "companion.cli", "serve", "--workers", "2", "--threads", "16",
        "--database", url, "--port", str(port), "--data", str(tmp_path / "data"),
    ]  # fmt: skip
    return subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _status(port: int, path: str) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def _until(check: Any, within_s: float, child: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        assert child.poll() is None, child.communicate()[0]
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"not within {within_s} s")


def _workers_of(master: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers in /proc")
def test_a_worker_killed_during_an_outage_comes_back_and_so_does_the_server(
    cluster: ThrowawayCluster, tmp_path: Path
) -> None:
    port = _free_port()
    child = _serve_workers(cluster.url, tmp_path, port)
    try:
        _until(lambda: _status(port, "/api/club")[0] == 200, 30, child)
        cluster.stop()
        try:
            os.kill(_workers_of(child.pid)[0], signal.SIGKILL)
            # its replacement boots without the database, and every answer is a plain 503
            _until(lambda: len(_workers_of(child.pid)) == 2, 20, child)
            for _ in range(6):
                assert _status(port, "/api/club") == (503, STORE_DOWN)
        finally:
            cluster.start()
        _until(lambda: _status(port, "/api/club")[0] == 200, 10, child)
    finally:
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
    assert child.returncode == 0, output


def _read_to_the_end(response: http.client.HTTPResponse, conn: Any, ended: list[float]) -> None:
    """As a browser reads a stream: to its end, then the connection is closed."""
    try:
        while response.readline():
            pass
    except OSError:
        pass
    ended.append(time.monotonic())
    conn.close()


@pytest.mark.slow
def test_sigterm_with_open_streams_stops_within_2_s(
    cluster: ThrowawayCluster, tmp_path: Path
) -> None:
    with Session(open_store(cluster.url), tmp_path) as other:
        game = orange_game(other)
    port = _free_port()
    child = _serve_workers(cluster.url, tmp_path, port)
    readers: list[threading.Thread] = []
    ended: list[float] = []
    try:
        _until(lambda: _status(port, "/api/club")[0] == 200, 30, child)
        # (the same server, to spare CI a start) a header gunicorn refuses gets JSON too
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            raw.sendall(b"GET /api/club HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n")
            answer = raw.makefile("rb").read().decode()
        head, _, body = answer.partition("\r\n\r\n")
        assert head.startswith("HTTP/1.1 400") and "application/json" in head, answer
        assert json.loads(body)["error"].startswith("bad request: "), body
        for path in [f"/api/games/{game}/stream", f"/api/games/{game}/card/stream",
                     "/api/club/stream", "/api/roll/stream"] * 2:  # fmt: skip
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", path)
            response = conn.getresponse()
            assert response.status == 200
            readers.append(threading.Thread(target=_read_to_the_end, args=(response, conn, ended)))
            readers[-1].start()
        time.sleep(0.5)
        started = time.monotonic()
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
        took = time.monotonic() - started
    finally:
        if child.poll() is None:
            child.kill()
        for reader in readers:
            reader.join(10)
    assert child.returncode == 0, output
    assert len(ended) == 8 and max(ended) - started < 1.0
    assert took < 2.0, f"stopped after {took:.1f} s"


@pytest.mark.slow
def test_a_club_server_started_before_its_database_waits_for_it(
    cluster: ThrowawayCluster, tmp_path: Path
) -> None:
    """A machine that starts the server before PostgreSQL (after a power cut, say): the server
    says it waits, and serves once the database answers."""
    port = _free_port()
    cluster.stop()
    try:
        child = _serve_workers(cluster.url, tmp_path, port)
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("waiting for the database"), first
    finally:
        cluster.start()
    try:
        _until(lambda: _status(port, "/api/club")[0] == 200, 30, child)
    finally:
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
    assert child.returncode == 0, output
    assert "the database answers: starting" in output
