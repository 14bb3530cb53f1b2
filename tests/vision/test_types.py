import pytest

from vision.types import Colour, DiceReading, Die, box_side


def die(colour: Colour = Colour.RED, pips: int = 4, y: int = 0, x: int = 0) -> Die:
    return Die(colour, pips, 0.9, (x, y, x + 10, y + 10))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pips": 0}, "pips must be 1..6, got 0"),
        ({"pips": 7}, "pips must be 1..6, got 7"),
        ({"confidence": 1.5}, "confidence must be in 0..1, got 1.5"),
        ({"box_xyxy": (5, 5, 5, 9)}, "x2 > x1"),
    ],
)
def test_die_rejects_bad_values(kwargs: dict[str, object], message: str) -> None:
    base: dict[str, object] = {
        "colour": Colour.RED,
        "pips": 3,
        "confidence": 0.5,
        "box_xyxy": (0, 0, 4, 4),
    }
    base.update(kwargs)
    with pytest.raises(ValueError, match=message):
        Die(**base)  # type: ignore[arg-type]


def test_reading_orders_dice_and_round_trips_json() -> None:
    reading = DiceReading.of([die(pips=1, y=50), die(Colour.BLUE, 6, y=10, x=30), die(y=10)])
    assert [d.pips for d in reading] == [4, 6, 1]
    assert DiceReading.from_json(reading.to_json()) == reading
    assert reading.counts() == {Colour.RED: 2, Colour.BLUE: 1}
    assert len(reading.filter(lambda d: d.colour is Colour.BLUE)) == 1
    assert len(DiceReading.empty()) == 0


def test_colour_parse_names_the_bad_value() -> None:
    assert Colour.parse(" Yellow ") is Colour.YELLOW
    with pytest.raises(ValueError, match="unknown colour 'teal'"):
        Colour.parse("teal")


def test_corrected_die_is_certain() -> None:
    fixed = Die(Colour.OTHER, 2, 0.3, (0, 0, 9, 9), unsure=True).corrected(Colour.RED, 5)
    assert (fixed.colour, fixed.pips, fixed.confidence, fixed.unsure) == (Colour.RED, 5, 1.0, False)


@pytest.mark.parametrize(
    ("box", "side"),
    [((0, 0, 30, 20), 30.0), ((5, 10, 15, 50), 40.0), ((2, 2, 2, 2), 0.0)],
)
def test_box_side_is_the_longer_side_and_a_die_s_size(
    box: tuple[int, int, int, int], side: float
) -> None:
    assert box_side(box) == side
    if side:
        assert Die(Colour.RED, 3, 0.9, box).size_px == side
