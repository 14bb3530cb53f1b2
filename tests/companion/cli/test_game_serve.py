"""`dicetable serve` up to the point of listening: tokens, the app it builds, refusals."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from companion.cli import build_parser, main
from companion.cli.commands.serve import addresses, build, web_config


def parse(*argv: str) -> argparse.Namespace:
    return build_parser("serve").parse_args(["serve", *argv])


@pytest.fixture(autouse=True)
def no_token_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DICETABLE_TOKEN", raising=False)


def test_network_host_gets_a_generated_token_printed_once(tmp_path: Path) -> None:
    out = io.StringIO()
    config = web_config(parse("--host", "0.0.0.0", "--data", str(tmp_path)), out)
    assert config.control_token is not None and len(config.control_token) >= 16
    printed = out.getvalue()
    assert printed.count(config.control_token) == 1
    assert printed.startswith("control token (kept in")


@pytest.mark.parametrize(
    ("argv", "env", "token"),
    [
        ([], None, None),
        (["--token", "given-token-0123456789"], None, "given-token-0123456789"),
        ([], "env-token-0123456789ab", "env-token-0123456789ab"),
        (
            ["--host", "0.0.0.0", "--token", "given-token-0123456789"],
            None,
            "given-token-0123456789",
        ),
    ],
)
def test_token_sources(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    env: str | None,
    token: str | None,
) -> None:
    if env is not None:
        monkeypatch.setenv("DICETABLE_TOKEN", env)
    out = io.StringIO()
    config = web_config(parse(*argv, "--data", str(tmp_path)), out)
    assert config.control_token == token
    assert out.getvalue() == ""


def test_build_without_camera_serves_the_api(tmp_path: Path) -> None:
    served = build(
        parse("--no-camera", "--data", str(tmp_path / "d"), "--port", "8123"), io.StringIO()
    )
    try:
        assert served.live is None
        client = served.app.test_client()
        assert client.get("/api/games").get_json() == {"games": []}
        assert client.get("/video.mjpeg").status_code == 404
        lines = addresses(served)
        assert lines[0] == "dashboard: http://127.0.0.1:8123/"
        assert lines[-1].startswith("stream overlay (read-only): http://127.0.0.1:8123/overlay/")
    finally:
        served.session.close()


def test_guarded_build_refuses_changes_without_the_token(tmp_path: Path) -> None:
    out = io.StringIO()
    served = build(parse("--host", "0.0.0.0", "--no-camera", "--data", str(tmp_path)), out)
    try:
        client = served.app.test_client()
        assert client.post("/api/games", json={"players": ["Al", "Bo"]}).status_code == 401
        token = served.config.control_token
        headers = {"Authorization": f"Bearer {token}"}
        made = client.post("/api/games", json={"players": ["Al", "Bo"]}, headers=headers)
        assert made.status_code == 201
        shown = addresses(served)
        assert any("control token" in line for line in shown)
        assert not any("login?token" in line for line in shown)
    finally:
        served.session.close()


def test_bad_settings_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--no-camera", "--port", "70000", "--data", str(tmp_path)]) == 2
    assert "port must be 0..65535" in capsys.readouterr().err
    assert main(["serve", "--no-camera", "--token", "short", "--data", str(tmp_path)]) == 2
    assert "control token must be 16-128" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "colour_faces", "palette"),
    [
        ([], False, ("red", "yellow", "blue")),
        (["--game", "flyer"], True, None),
        (["--game", "none"], False, None),
    ],
)
def test_the_game_sets_how_the_camera_reads_dice(
    tmp_path: Path, argv: list[str], colour_faces: bool, palette: tuple[str, ...] | None
) -> None:
    served = build(parse(*argv, "--data", str(tmp_path)), io.StringIO())  # the demo video
    try:
        assert served.live is not None
        config = served.live.reader.config  # type: ignore[attr-defined]
        assert config.colour_faces is colour_faces
        named = None if config.palette is None else tuple(c.value for c in config.palette)
        assert named == palette
    finally:
        served.session.close()


def test_an_unknown_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("--game", "chess")
    assert "invalid choice: 'chess'" in capsys.readouterr().err
