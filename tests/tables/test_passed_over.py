"""What the reader passed over, offered when registering: a logo face it called "not a die"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cv2
import pytest

from companion.cli import main
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import fresh_reader, logo_one_photo
from vision.finder import Candidate
from vision.passed_over import OFFERED, least_side, leftovers
from vision.types import Colour, Die, iou


def _box(x: float, side: float = 40.0) -> tuple[float, float, float, float]:
    return (x, 0.0, x + side, side)


def _read(x: float) -> Die:
    return Die(Colour.RED, 3, 0.9, (round(x), 0, round(x) + 40, 40))


@pytest.mark.parametrize(
    ("found", "dice", "least", "offered"),
    [
        ([Candidate(_box(0), 0.2)], [], 0.0, [0]),
        ([Candidate(_box(0), 0.2)], [_read(10)], 0.0, []),  # it is a die read already
        ([Candidate(_box(0), 0.2)], [_read(100)], 0.0, [0]),
        ([Candidate(_box(0, 10), 0.2)], [], 16.0, []),  # a speck beside the table's dice
        # best first, and a repeat of a better one is no second offer
        (
            [Candidate(_box(0), 0.2), Candidate(_box(5), 0.3), Candidate(_box(99), 0.1)],
            [],
            0,
            [1, 2],
        ),
        ([Candidate(_box(50 * k), 0.2) for k in range(12)], [], 0.0, list(range(OFFERED))),
    ],
)
def test_what_is_offered(
    found: list[Candidate], dice: list[Die], least: float, offered: list[int]
) -> None:
    assert leftovers(found, dice, 0.4, least) == offered


def test_the_least_side_is_the_tables_or_the_read_dice(tmp_path: Path) -> None:
    assert least_side([_read(0)], 100.0, 0.4) == 40.0
    assert least_side([_read(0), _read(50)], None, 0.4) == 16.0
    assert least_side([], None, 0.4) == 0.0


def test_a_logo_one_passed_over_is_offered_and_registered_as_a_one(tmp_path: Path) -> None:
    scene = logo_one_photo()
    desk = TableDesk(open_store(tmp_path), "default", fresh_reader())
    reading = desk._reader.read(scene.image_bgr)
    ones = [d.box_xyxy for d in scene.visible_dice if d.pips == 1]
    shot = desk.snapshot(reading, scene.image_bgr)
    first = sum(len(g.dice) for g in shot.found)
    logo = [k for k, d in enumerate(shot.passed) if max(iou(d.box_xyxy, o) for o in ones) > 0.5]
    assert len(logo) == 1, "the network passes over this photo's logo 1"
    assert shot.passed[logo[0]].unsure and shot.passed[logo[0]].face_features is not None
    added = desk.register(shot.number, {}, passed={str(first + logo[0]): 1})
    assert added == first + 1  # the read dice, and the logo 1: nothing else passed over
    assert desk.store.load("default").face_counts[0] == 1 + sum(
        1 for g in shot.found for d in g.dice if d.pips == 1
    )


PASSED_LINE = re.compile(r"^ +(\d+)\?: \w+ at x (\d+), y (\d+)$", re.MULTILINE)


def test_the_terminal_offers_what_it_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scene = logo_one_photo()
    folder = tmp_path / "camera"
    folder.mkdir()
    cv2.imwrite(str(folder / "table.png"), scene.image_bgr)
    ones = [d.box_xyxy for d in scene.visible_dice if d.pips == 1]

    def on_a_one(x: int, y: int) -> bool:
        return any(x1 <= x <= x2 and y1 <= y <= y2 for x1, y1, x2, y2 in ones)

    def answer(prompt: str) -> str:
        """Enter for every question but the passed-over one: the logo 1 there, as a 1."""
        if not prompt.startswith("those that are dice"):
            return ""
        listed = PASSED_LINE.findall(capsys.readouterr().out)
        return " ".join(f"{n}=1" for n, x, y in listed if on_a_one(int(x), int(y)))

    monkeypatch.setattr("builtins.input", answer)
    data = tmp_path / "data"
    assert main(["register", "--source", str(folder), "--data", str(data), "--frames", "1"]) == 0
    out = capsys.readouterr().out
    assert "kept 6 dice" in out, out  # the 5 read and the logo 1
    assert open_store(data).load("default").face_counts[0] >= 1


TABLE_RECT = (200, 50, 1280, 600)  # the logo 1, not the blue things by the edges


def _profile() -> Any:
    """A camera profile of the logo-1 photo's table, white-balanced by a card."""
    from dataclasses import replace

    from calibration.geometry import rect_polygon
    from calibration.profile import CameraInfo, WhiteReference
    from tests.calibration.helpers import make_profile

    card = WhiteReference("card", rect_polygon((300, 60, 340, 100)), (1.1, 1, 0.9), 180)
    return replace(
        make_profile(),
        name="kitchen",
        camera=CameraInfo("0", (1280, 720)),
        table_region=rect_polygon(TABLE_RECT),
        player_zones=(),
        white_reference=card,
    )


def test_through_a_profile_only_the_tables_passed_over_things_are_offered(tmp_path: Path) -> None:
    """The camera reads the profile's table, white-balanced: what it passed over is looked for
    there too, and offered in the frame's coordinates."""
    from calibration.apply import ProfiledReader

    scene = logo_one_photo()
    profile = _profile()
    model = fresh_reader()
    outer = ProfiledReader(model, profile)
    desk = TableDesk(open_store(tmp_path), "default", model, outer=outer)
    shot = desk.snapshot(outer.read(scene.image_bgr), scene.image_bgr)
    ones = [d.box_xyxy for d in scene.visible_dice if d.pips == 1]
    # Each a logo 1 in the frame's coordinates; the blue things by the edges are off the table.
    assert shot.passed and all(max(iou(d.box_xyxy, o) for o in ones) > 0.8 for d in shot.passed)


LISTED = re.compile(r"^ +(\d+)\??: .* at x (\d+), y (\d+)$", re.MULTILINE)


def test_the_terminal_registers_through_the_tables_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With the table's profile active, `dicetable register` reads as the dashboard's camera:
    the table's rectangle, white-balanced; nothing off the table is listed or offered."""
    from calibration import storage

    data = tmp_path / "data"
    storage.save_profile(data, _profile())
    storage.activate(data, "kitchen")
    folder = tmp_path / "camera"
    folder.mkdir()
    cv2.imwrite(str(folder / "table.png"), logo_one_photo().image_bgr)
    monkeypatch.setattr("builtins.input", lambda prompt: "")
    assert main(["register", "--source", str(folder), "--data", str(data), "--frames", "1"]) == 0
    out = capsys.readouterr().out
    assert "table 'kitchen'" in out
    x1, y1, x2, y2 = TABLE_RECT
    listed = [(int(x), int(y)) for _, x, y in LISTED.findall(out)]
    assert listed and all(x1 <= x <= x2 and y1 <= y <= y2 for x, y in listed), out
