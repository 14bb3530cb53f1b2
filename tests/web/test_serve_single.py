"""The single table's `dicetable serve` runs under gunicorn (a production WSGI server: one
worker process, its threads for the pages, the streams and the camera), stops within a second
or two on SIGTERM with streams open; where gunicorn cannot run, Werkzeug's server says so."""

from __future__ import annotations

import http.client
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web.test_outage import _free_port, _read_to_the_end, _status, _until, _workers_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the worker in /proc")
def test_the_single_table_runs_under_gunicorn_and_stops_at_once(tmp_path: Path) -> None:
    import threading

    port = _free_port()
    command = [sys.executable, "-m", "companion.cli", "serve", "--no-camera", "--port", str(port),
               "--data", str(tmp_path / "data")]  # fmt: skip
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    ended: list[float] = []
    try:
        _until(lambda: _status(port, "/api/games")[0] == 200, 30, child)
        assert len(_workers_of(child.pid)) == 1  # gunicorn's master and its one worker
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/roll/stream")
        response = conn.getresponse()
        assert response.status == 200
        reader = threading.Thread(target=_read_to_the_end, args=(response, conn, ended))
        reader.start()
        time.sleep(0.3)
        started = time.monotonic()
        child.send_signal(signal.SIGTERM)
        output = child.communicate(timeout=30)[0]
        took = time.monotonic() - started
        reader.join(10)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 0, output
    assert f"dashboard: http://127.0.0.1:{port}/" in output and "Werkzeug" not in output
    assert ended and took < 2.0, f"stopped after {took:.1f} s"


def test_a_port_in_use_is_named_before_gunicorn_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    from companion.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--no-camera", "--port", str(port), "--data", str(tmp_path / "data")]
        assert main(args) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
