"""Where the club's agents reach the server: the organiser's browser often runs on the server
itself (127.0.0.1), so the agent command and `/club` name the network address instead, and
`serve --workers --host 0.0.0.0` prints it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.cli.commands.serve_run import worker_addresses
from companion.session import Session
from tests.web.api.support import CONTROL, OVERLAY, orange_game
from web import lan
from web.app import create_app
from web.config import WebConfig

LAN = "192.168.1.20"


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Session]]:
    monkeypatch.setattr(lan, "lan_addresses", lambda: [LAN])
    session = Session.open(tmp_path / "data")
    config = WebConfig(
        host="0.0.0.0", port=8000, control_token=CONTROL, overlay_token=OVERLAY,
        data_dir=tmp_path / "data",
    )  # fmt: skip
    yield create_app(config, session), session
    session.close()


@pytest.mark.parametrize(
    ("host", "agent_url"),
    [
        ("127.0.0.1:8000", f"http://{LAN}:8000/games/"),  # the organiser on the server itself
        ("localhost:8000", f"http://{LAN}:8000/games/"),
        (f"{LAN}:8000", f"http://{LAN}:8000/games/"),  # a browser on the network: its address
        ("club.example:8000", "http://club.example:8000/games/"),
    ],
)
def test_the_agent_command_names_the_network_address(
    served: tuple[Flask, Session], host: str, agent_url: str
) -> None:
    app, session = served
    game = orange_game(session)
    answer = app.test_client().post(
        f"/api/games/{game}/agent-token",
        headers={"Host": host, "Authorization": f"Bearer {CONTROL}"},
    )
    assert answer.status_code == 201, answer.json
    assert answer.json is not None and answer.json["agent_url"] == agent_url + game


def test_the_club_page_shows_the_address_with_a_copy_button(
    served: tuple[Flask, Session],
) -> None:
    client = served[0].test_client()
    headers = {"Host": "127.0.0.1:8000", "Authorization": f"Bearer {CONTROL}"}
    page = client.get("/club", headers=headers)
    html = page.get_data(as_text=True)
    assert f'<code id="club-server-url">http://{LAN}:8000/</code>' in html
    assert 'data-copy="#club-server-url"' in html


def test_serve_workers_prints_the_network_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_addresses", lambda: [LAN, "10.0.0.7"])
    lines = worker_addresses("0.0.0.0", 8000, 2, "postgresql://dicetable@/dicetable")
    assert lines[0].startswith("dashboard: http://127.0.0.1:8000/ (2 workers")
    assert f"on this network (agents, phones, the club page): http://{LAN}:8000/club" in lines
    assert "http://0.0.0.0" not in "\n".join(lines)
    monkeypatch.setattr(lan, "lan_addresses", lambda: [])
    assert "no network address found" in worker_addresses("0.0.0.0", 8000, 2, "x")[-1]
    assert worker_addresses("127.0.0.1", 8000, 2, "x") == [
        "dashboard: http://127.0.0.1:8000/ (2 workers, games in x)",
        "club: http://127.0.0.1:8000/club",
    ]
