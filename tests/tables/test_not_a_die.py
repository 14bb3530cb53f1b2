"""What players say is "not a die" is remembered by the table: a board's phantom marked at
registration (on the dashboard or at the terminal) is never read again, after a restart too."""

from __future__ import annotations

import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.tables.desk import TableDesk
from companion.tables.register import numbered
from companion.tables.store import open_store
from tests.tables.support import board, fresh_reader
from vision.types import Die

SEED = 5041  # a rendered board with dice thrown on it where the reader reads phantoms (4)
LISTED = re.compile(r"^ +(\d+): \d pips at x (\d+), y (\d+)$", re.MULTILINE)


def _on_a_die(x: int, y: int) -> bool:
    return any(x1 <= x <= x2 and y1 <= y <= y2 for x1, y1, x2, y2 in board(SEED).dice)


def _desk(data: Path) -> TableDesk:
    return TableDesk(open_store(data), "default", fresh_reader(), data)


def _split(desk: TableDesk) -> tuple[list[Die], list[Die]]:
    table = board(SEED)
    read = desk._reader.read(table.thrown).dice
    return [d for d in read if table.is_die(d)], [d for d in read if not table.is_die(d)]


def test_a_board_phantom_removed_at_registration_stays_removed_after_a_restart(
    tmp_path: Path,
) -> None:
    desk = _desk(tmp_path)
    dice, phantoms = _split(desk)
    assert phantoms, "the board should give the reader phantoms"
    shot = desk.snapshot(desk._reader.read(board(SEED).thrown), board(SEED).thrown)
    assert shot.picture_jpeg is not None
    marked = [k for k, d in enumerate(numbered(shot.found)) if not board(SEED).is_die(d)]
    assert desk.register(shot.number, {}, marked) == len(dice) + len(phantoms)
    assert desk.summary()["counts"]["not a die"] == len(phantoms)
    dice_after, phantoms_after = _split(_desk(tmp_path))  # a restart: the store, read afresh
    assert phantoms_after == []
    # Every die still read, with its pips. (A memory that knows the table's die size reads at
    # one scale, so boxes and centres move by a few pixels from the two scales' merged ones.)
    assert len(dice_after) == len(dice)
    for before, after in zip(dice, dice_after, strict=True):
        assert after.pips == before.pips
        (ax, ay), (bx, by) = after.centre_xy, before.centre_xy
        assert max(abs(ax - bx), abs(ay - by)) <= 0.25 * before.size_px


def test_the_terminal_registers_phantoms_by_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "camera"
    folder.mkdir()
    cv2.imwrite(str(folder / "table.png"), board(SEED).thrown)
    phantoms = sum(not board(SEED).is_die(d) for d in fresh_reader().read(board(SEED).thrown))
    data = tmp_path / "data"
    picture = tmp_path / "numbered.jpg"

    def answer(prompt: str) -> str:
        """Enter for every colour group; then the numbers listed at a phantom's place."""
        if not prompt.startswith("numbers of things"):
            return ""
        listed = LISTED.findall(capsys.readouterr().out)
        return " ".join(n for n, x, y in listed if not _on_a_die(int(x), int(y)))

    monkeypatch.setattr("builtins.input", answer)
    args = ["register", "--source", str(folder), "--data", str(data), "--frames", "1"]
    assert main([*args, "--picture", str(picture)]) == 0
    assert f"({phantoms} of them as not a die)" in capsys.readouterr().out
    assert picture.is_file()
    assert open_store(data).load("default").counts()["not a die"] == phantoms


def test_a_picture_of_another_kind_is_refused_before_the_camera_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["register", "--source", "no-such-camera", "--data", str(tmp_path)]
    assert main([*args, "--picture", str(tmp_path / "numbers.gif")]) == 2
    assert "must end in .jpg" in capsys.readouterr().err


def test_the_terminal_says_when_it_sees_no_dice_and_no_one_is_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bare table (no die, nothing passed over) with `--yes`: no one is there to point at
    dice the camera missed, so it says so."""
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "bare.png"), np.full((480, 640, 3), 90, np.uint8))
    args = ["register", "--source", str(folder), "--data", str(tmp_path / "data"), "--frames", "1"]
    assert main([*args, "--yes"]) == 2
    assert "sees no dice: put the table's dice in view, or point at them on /tables" in (
        capsys.readouterr().err
    )


def test_dice_the_camera_read_none_of_are_pointed_at_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board's small dice at the terminal: the camera reads none; the players give their
    spots (X,Y on the `--picture`), each is read there and numbered on with a ?, and they say
    it is a die showing its face. A spot that is no spot is explained and asked again."""
    from tests.tables.support import small_board_photos

    photo = small_board_photos()[0]
    folder, data = tmp_path / "frames", tmp_path / "data"
    folder.mkdir()
    cv2.imwrite(str(folder / "board.png"), photo.image_bgr)
    spots = " ".join(
        f"{(d.box_xyxy[0] + d.box_xyxy[2]) / 2:g},{(d.box_xyxy[1] + d.box_xyxy[3]) / 2:g}"
        for d in photo.visible_dice[:2]
    )
    answers = iter(["here", spots])
    said: list[str] = []

    def answer(prompt: str) -> str:
        printed = capsys.readouterr()
        said.append(printed.err)
        if prompt.startswith("dice the camera missed"):
            return next(answers)
        if prompt.startswith("those that are dice"):
            pointed = re.findall(r"(\d+)\?: at x [\d.]+, y [\d.]+, read as", printed.out)
            faces = [d.pips for d in photo.visible_dice[:2]]
            return " ".join(f"{n}={face}" for n, face in zip(pointed, faces, strict=True))
        return ""

    monkeypatch.setattr("builtins.input", answer)
    args = ["register", "--source", str(folder), "--data", str(data), "--frames", "1"]
    assert main(args) == 0
    assert "'here' is not a spot: say X,Y" in "".join(said)
    assert "kept 2 dice" in capsys.readouterr().out
    memory = open_store(data).load("default")
    assert len(memory) == 2 and memory.die_size_px is not None and memory.die_size_px < 30
