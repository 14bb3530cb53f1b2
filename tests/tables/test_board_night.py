"""`dicetable eval --learn K` on a rendered game night at one board: the first K photos confirmed
(their phantoms as "not a die"), then the memory's effect printed beside the same photos read
without it; and `--empty` reading against the board's empty picture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from models.render.board_night import EMPTY_FILE
from models.render.board_night import main as render_night

BOARD_SEED = 3201  # with 3200, board-1 of `python -m models.render.board_night`


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("night")
    args = [str(out), "--boards", "1", "--throws", "8", "--seed", str(BOARD_SEED - 1)]
    assert render_night(args) == 0
    return out / "board-1"


def _figures(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["eval", *args, "--split", "all", "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)["datasets"][0]
    return data


def test_a_night_renders_one_board_and_its_empty_picture(night: Path) -> None:
    assert (night / EMPTY_FILE).is_file()
    assert len(list((night / "images").glob("*.jpg"))) == 8
    assert len(list((night / "labels").glob("*.txt"))) == 8


def test_learning_the_first_photos_drops_the_boards_phantoms_after_them(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    learnt = _figures(capsys, str(night), "--learn", "3")["night"]
    assert isinstance(learnt, dict)
    assert learnt["taught_not_a_die"] > 0
    without = learnt["without_memory"]
    scored = _figures(capsys, str(night), "--learn", "3")["detection"]
    assert isinstance(scored, dict) and isinstance(without, dict)
    assert scored["extra"] < without["extra"]


def test_the_empty_picture_drops_phantoms_and_keeps_every_die(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = _figures(capsys, str(night))["detection"]
    checked = _figures(capsys, str(night), "--empty", str(night / EMPTY_FILE))["detection"]
    assert isinstance(plain, dict) and isinstance(checked, dict)
    assert checked["extra"] < plain["extra"] and checked["matched"] == plain["matched"]


def test_eval_names_an_empty_picture_it_cannot_read(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["eval", str(night), "--split", "all", "--empty", str(night / "nothing.png")]
    assert main(args) == 2
    assert "nothing.png" in capsys.readouterr().err


def test_the_text_report_puts_the_memory_beside_no_memory(
    night: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", str(night), "--split", "all", "--learn", "3"]) == 0
    out = capsys.readouterr().out
    assert "pointed at where it found none); on the scored photos, with it against" in out
