"""`dicetable watch --game` (issue #24 item 1): colours as the reader names them by default,
RYB's palette only when asked; and a throw reported cut short says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.cli.commands import watch
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die


class Blank:
    """A reader that sees no dice."""

    def read(self, frame_bgr: Any) -> DiceReading:
        return DiceReading.empty()


@pytest.fixture
def frames(tmp_path: Path) -> Path:
    folder = tmp_path / "frames"
    folder.mkdir()
    for k in range(3):
        cv2.imwrite(str(folder / f"{k}.png"), np.full((64, 64, 3), 90, np.uint8))
    return folder


@pytest.mark.parametrize(("given", "game"), [([], None), (["--game", "ryb"], "ryb")])
def test_watch_reads_for_the_game_asked(
    monkeypatch: pytest.MonkeyPatch, frames: Path, given: list[str], game: str | None
) -> None:
    asked: list[str | None] = []

    def reader(data_dir: Path | None, wanted: str | None = "ryb") -> Blank:
        asked.append(wanted)
        return Blank()

    monkeypatch.setattr("companion.feed.live.table_reader", reader)
    assert main(["watch", str(frames), "--data", str(frames.parent / "data"), *given]) == 0
    assert asked == [game]


def test_watch_refuses_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["watch", "0", "--game", "chess"])
    assert "--game" in capsys.readouterr().err


def test_a_cut_short_roll_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    die = Die(Colour.RED, 3, 0.5, (0, 0, 20, 20), True)
    roll = SettledRoll(900.0, 400.0, 27, None, DiceReading.of([die]), cut_short=True)
    watch._emit(roll, as_json=True)
    watch._emit(roll, as_json=False)
    first, second = capsys.readouterr().out.splitlines()
    assert json.loads(first)["cut_short"] is True
    assert "cut short" in second


def test_each_photo_of_a_folder_is_a_settled_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A photo holds still by itself: `watch` on a folder gives a roll for each one with dice
    (the settle detector, waiting for a still run of frames, gave none), none for an empty
    table."""
    import shutil

    photos = Path(__file__).parents[2] / "fixtures" / "rendered" / "images"
    folder = tmp_path / "photos"
    folder.mkdir()
    for k, name in enumerate(["000000.jpg", "000001.jpg", "000002.jpg"]):
        shutil.copy(photos / name, folder / f"{k}.jpg")
    cv2.imwrite(str(folder / "3.png"), np.full((480, 640, 3), 90, np.uint8))  # no dice
    assert main(["watch", str(folder), "--json", "--data", str(tmp_path / "data")]) == 0
    rolls = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line]
    assert [(r["frame"], r["roll"]) for r in rolls] == [(0, 1), (1, 2), (2, 3)]
    assert all(r["dice"] for r in rolls)
