"""`python -m models.render.flyer_check`: what became of each rendered colour-face die."""

from __future__ import annotations

import pytest

from models.render.flyer_check import OUTCOMES, check_kind, outcome, parse_args, report_text
from models.render.values import DieLabel
from vision.reader import ReaderConfig, load_default_reader
from vision.types import Colour, DiceReading, Die

BOX = (100, 100, 140, 140)
RENDERED = DieLabel(BOX, 1, Colour.WHITE, "", ((0, 0),) * 4, 0.0, True, face_colour=Colour.BLUE)


def _read(face: Colour | None, box: tuple[int, int, int, int] = BOX) -> DiceReading:
    return DiceReading.of([Die(face or Colour.RED, 3, 0.9, box, face_colour=face)])


@pytest.mark.parametrize(
    ("reading", "expected"),
    [
        (_read(Colour.BLUE), "found and right"),
        (_read(Colour.PURPLE), "wrong colour"),
        (_read(None), "read as a pip die"),
        (_read(Colour.BLUE, (300, 300, 340, 340)), "missed: finder found nothing"),
        (DiceReading.empty(), "missed: finder found nothing"),
    ],
)
def test_each_die_has_one_outcome(reading: DiceReading, expected: str) -> None:
    assert outcome(RENDERED, reading, "missed: finder found nothing")[0] == expected


def test_a_short_check_accounts_for_every_colour_face_die() -> None:
    reader = load_default_reader(ReaderConfig(colour_faces=True), threads=1)
    report = check_kind(reader, "plain", 2)
    assert set(report.outcomes) == set(OUTCOMES)
    assert report.dice > 0 and 0 <= report.unsure_right <= report.outcomes["found and right"]
    text = report_text(report)
    assert text.startswith(f"plain: {report.dice} colour-face dice in 2 scenes")


@pytest.mark.parametrize("argv", [["--scenes", "0"], ["--kind", "carpet"]])
def test_bad_settings_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(argv)
    assert "error:" in capsys.readouterr().err
