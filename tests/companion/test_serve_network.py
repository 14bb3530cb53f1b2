"""`dicetable serve` on the local network (issue 32 item 18): the addresses a tablet can open are
printed (not 127.0.0.1 alone), and the control token is kept in the data folder across restarts
until --renew-token makes a new one."""

from __future__ import annotations

import io
import stat
from pathlib import Path

import pytest

from companion.cli.commands.serve import addresses, build, web_config
from tests.companion.cli.test_game_serve import parse
from web import lan


@pytest.fixture(autouse=True)
def no_token_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICETABLE_TOKEN", raising=False)


def test_the_control_token_is_kept_until_renewed(tmp_path: Path) -> None:
    first_out, second_out, renewed_out = io.StringIO(), io.StringIO(), io.StringIO()
    first = web_config(parse("--host", "0.0.0.0", "--data", str(tmp_path)), first_out)
    second = web_config(parse("--host", "0.0.0.0", "--data", str(tmp_path)), second_out)
    assert first.control_token is not None and second.control_token == first.control_token
    assert first.control_token in first_out.getvalue()
    assert first.control_token not in second_out.getvalue()  # not printed again
    assert "kept in" in second_out.getvalue()
    kept = tmp_path / "control-token"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    renewed = web_config(
        parse("--host", "0.0.0.0", "--renew-token", "--data", str(tmp_path)), renewed_out
    )
    assert renewed.control_token not in (None, first.control_token)
    assert renewed.control_token in renewed_out.getvalue()
    assert kept.read_text().strip() == renewed.control_token


def test_loopback_keeps_no_token(tmp_path: Path) -> None:
    assert web_config(parse("--data", str(tmp_path)), io.StringIO()).control_token is None
    assert not (tmp_path / "control-token").exists()


def test_every_interface_prints_the_network_addresses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.7"])
    served = build(
        parse("--host", "0.0.0.0", "--port", "8123", "--no-camera", "--data", str(tmp_path)),
        io.StringIO(),
    )
    try:
        lines = addresses(served)
    finally:
        served.session.close()
    assert "on a tablet or phone on this network: http://192.168.1.20:8123/" in lines
    assert "on a tablet or phone on this network: http://10.0.0.7:8123/" in lines


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("0.0.0.0", ["http://192.168.1.20:8000/"]),
        ("::", ["http://192.168.1.20:8000/"]),
        ("127.0.0.1", []),
        ("localhost", []),
        ("::1", []),
        ("192.168.1.5", ["http://192.168.1.5:8000/"]),
        ("fd00::5", ["http://[fd00::5]:8000/"]),
    ],
)
def test_network_urls(monkeypatch: pytest.MonkeyPatch, host: str, expected: list[str]) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.1.20"])
    assert lan.network_urls(host, 8000) == expected


def test_lan_addresses_are_never_loopback() -> None:
    assert all(not a.startswith("127.") for a in lan.lan_addresses())
