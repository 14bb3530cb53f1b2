"""Tokens the app hands out never start with "-", which a command line reads as an option."""

from __future__ import annotations

import secrets

import pytest

from companion import tokens
from companion.cli import main


def test_a_token_starting_with_a_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(
        ["-starts-with-a-dash-xxxxxxxxxxxxxxxxxxx", "A_fine-token-yyyyyyyyyyyyyyyyyyyyyyy"]
    )
    monkeypatch.setattr(secrets, "token_urlsafe", lambda _n: next(drawn))
    assert tokens.new_token() == "A_fine-token-yyyyyyyyyyyyyyyyyyyyyyy"


def test_tokens_are_long_url_safe_and_new_each_time() -> None:
    made = {tokens.new_token() for _ in range(200)}
    assert len(made) == 200
    for token in made:
        assert len(token) == 32 and not token.startswith("-")
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_why_a_dash_first_matters(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["agent", "http://127.0.0.1:1/games/x", "--token", "-AbCdEf0123456789"])
    assert stopped.value.code == 2
    assert "--token: expected one argument" in capsys.readouterr().err
