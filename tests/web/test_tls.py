"""`serve --https`: the self-signed certificate kept in the data folder (made once, made again
when it does not name today's addresses), the user's own (`--cert`, `--key`), and a real server
answering https on loopback with the fingerprint printed."""

from __future__ import annotations

import argparse
import hashlib
import json
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.cli.commands.serve import ServeError, add_arguments, check_workers
from web.tls import CERT_FILE, KEY_FILE, TLS_FOLDER, TlsError, kept_certificate, own_certificate

ROOT = Path(__file__).resolve().parents[2]


def test_the_certificate_is_made_once_and_names_the_lan_addresses(tmp_path: Path) -> None:
    first = kept_certificate(tmp_path, ["192.168.1.20"])
    assert first.made and "none was kept" in first.why
    assert {"localhost", "127.0.0.1", "192.168.1.20"} <= set(first.names)
    assert (tmp_path / TLS_FOLDER / KEY_FILE).stat().st_mode & 0o777 == 0o600
    again = kept_certificate(tmp_path, ["192.168.1.20"])
    assert not again.made and again.fingerprint_sha256 == first.fingerprint_sha256
    assert len(first.fingerprint_sha256.split(":")) == 32
    moved = kept_certificate(tmp_path, ["10.0.0.7"])
    assert moved.made and "10.0.0.7" in moved.why and "10.0.0.7" in moved.names
    assert moved.fingerprint_sha256 != first.fingerprint_sha256


def test_the_users_own_certificate_is_checked_before_use(tmp_path: Path) -> None:
    made = kept_certificate(tmp_path / "a", [])
    own = own_certificate(made.cert, made.key)
    assert own.fingerprint_sha256 == made.fingerprint_sha256 and not own.made
    with pytest.raises(TlsError, match="no key file"):
        own_certificate(made.cert, tmp_path / "missing.pem")
    bad = tmp_path / "bad.pem"
    bad.write_text("not a certificate")
    with pytest.raises(TlsError, match="not a PEM certificate"):
        own_certificate(bad, made.key)
    other = kept_certificate(tmp_path / "b", [])
    with pytest.raises(TlsError, match="cannot use the certificate"):
        own_certificate(made.cert, other.key).context()


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser, "serve")
    return parser.parse_args(list(argv))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--cert", "c.pem"), "--cert and --key go together"),
        (("--https", "--workers", "2", "--database", "postgresql://x/y"), "TLS proxy"),
    ],
)
def test_options_that_do_not_go_together(argv: tuple[str, ...], words: str) -> None:
    args = parse(*argv)
    with pytest.raises(ServeError, match=words):
        check_workers(args, args.database or "data")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_https_answers_over_tls_and_prints_the_fingerprint(tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "data"
    command = [
        sys.executable, "-m", "companion.cli", "serve", "--https", "--no-camera",
        "--port", str(port), "--data", str(data),
    ]  # fmt: skip
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        assert child.stdout is not None
        lines: list[str] = []
        deadline = time.monotonic() + 30
        while not any(line.startswith("dashboard:") for line in lines):
            assert time.monotonic() < deadline and child.poll() is None, lines
            lines.append(child.stdout.readline().strip())
        assert f"dashboard: https://127.0.0.1:{port}/" in lines
        printed = next(line for line in lines if "fingerprint" in line).rsplit(" ", 1)[1]
        trusted = ssl.create_default_context(cafile=str(data / TLS_FOLDER / CERT_FILE))
        url = f"https://127.0.0.1:{port}/api/camera"
        with urllib.request.urlopen(url, context=trusted, timeout=10) as answer:
            assert answer.status == 200 and json.loads(answer.read())["camera"] == "off"
        der = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", port)))
        assert hashlib.sha256(der).hexdigest().upper() == printed.replace(":", "")
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/camera", timeout=5)
    finally:
        child.terminate()
        child.communicate(timeout=10)
