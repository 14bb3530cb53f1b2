"""Digits `str.isdigit` accepts but `int` refuses ("²", "٣") or cannot read (thousands of
digits): every reader of record text names the bad value instead of failing with a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RecordError
from companion.exports.record import replay
from companion.games.ryb.tokens import TokenError, number
from companion.session.camera import parse_dice_text
from companion.session.errors import PendingError

BAD_NUMBERS = ["²", "٣", "1²", "1" + "0" * 5000]


@pytest.mark.parametrize("text", BAD_NUMBERS)
def test_a_number_token_refuses_them(text: str) -> None:
    with pytest.raises(TokenError, match="whole number"):
        number(text, "points", 0, 999)


@pytest.mark.parametrize(("text", "value"), [("7", 7), ("007", 7), ("999", 999), ("0", 0)])
def test_a_number_token_still_reads_plain_digits(text: str, value: int) -> None:
    assert number(text, "points", 0, 999) == value


@pytest.mark.parametrize(
    "line",
    ["Al: goal orange ²", "Al: goal orange 7 value ²", "Al: goal orange 1" + "0" * 5000],
)
def test_replay_names_the_line(
    line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.ryb"
    path.write_text(f'[Players "Al, Bo"]\n{line}\n', encoding="utf-8")
    assert main(["replay", str(path)]) != 0
    err = capsys.readouterr().err
    assert f"{path}:2:" in err and "Traceback" not in err
    with pytest.raises(RecordError):
        replay(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("dice", ["y²", "r٣ y4", "b𝟓"])
def test_dice_entered_by_hand_refuse_them(dice: str) -> None:
    with pytest.raises(PendingError, match="bad die"):
        parse_dice_text(dice)


def test_a_comment_after_such_a_digit_is_still_a_comment() -> None:
    record = '[Players "Al, Bo"]\nAl: goal orange 7 #² a note\n'
    assert replay(record) == replay('[Players "Al, Bo"]\nAl: goal orange 7\n')
