"""Ruling 7: an empty draw deck is rebuilt from the discards, except with two players."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.session import Session

TWO = '[Players "Al, Bo"]\n'
THREE = '[Players "Al, Bo, Cy"]\n'


@pytest.mark.parametrize("rules", ["strict", "lenient"])
def test_two_players_cannot_reshuffle(rules: str) -> None:
    with pytest.raises((InvalidEventError, RecordError), match="two players"):
        replay(f'{TWO}[Rules "{rules}"]\nAl: reshuffle\n')


@pytest.mark.parametrize("players", [THREE, '[Players "Al, Bo, Cy, Di, Ed"]\n'])
def test_more_players_may(players: str) -> None:
    assert replay(f"{players}Al: reshuffle\n").discard == ()


def test_the_session_refuses_it_and_keeps_the_game(tmp_path: Path) -> None:
    with Session.open(tmp_path) as session:
        game = session.create_from_options(["Al", "Bo"], {}).game_id
        with pytest.raises(InvalidEventError, match="two players"):
            session.append(game, "Al: reshuffle")
        assert session.view(game).seq == 0
