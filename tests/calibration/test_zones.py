"""Player zones (equal sectors in seat order, named rectangles) and the region syntax users type."""

from __future__ import annotations

import pytest

from calibration import geometry as geo
from calibration.errors import ProfileError
from calibration.parse import parse_poly, parse_rect, parse_zone
from calibration.zones import clipped_zone, sector_zones

TABLE = geo.rect_polygon((100, 80, 540, 400))
TURNED = ((150, 60), (560, 140), (490, 430), (90, 350))


@pytest.mark.parametrize("table", [TABLE, TURNED, ((0, 0), (600, 0), (300, 400))])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 12])
def test_sectors_share_the_table_equally(table: geo.Polygon, count: int) -> None:
    zones = sector_zones(table, count)
    assert [name for name, _ in zones] == [f"seat-{i + 1}" for i in range(count)]
    areas = [geo.area(poly) for _, poly in zones]
    assert sum(areas) == pytest.approx(geo.area(table), rel=0.01)
    assert max(areas) - min(areas) <= 0.02 * geo.area(table) / count + 50
    for _, poly in zones:
        for x, y in poly:
            assert geo.inside_or_near(table, x, y, 1.0)


@pytest.mark.parametrize(
    ("count", "expected_seats"),
    [
        # Where each side's middle lands: seat 1 centred on the bottom, then clockwise.
        (2, {"bottom": "seat-1", "top": "seat-2"}),
        (4, {"bottom": "seat-1", "left": "seat-2", "top": "seat-3", "right": "seat-4"}),
    ],
)
def test_seats_go_clockwise_from_the_bottom(count: int, expected_seats: dict[str, str]) -> None:
    probes = {"bottom": (320, 390), "left": (110, 240), "top": (320, 90), "right": (530, 240)}
    zones = sector_zones(TABLE, count)
    for side, seat in expected_seats.items():
        inside = [name for name, poly in zones if geo.contains(poly, *probes[side])]
        assert inside == [seat], side


def test_sectors_need_a_convex_table() -> None:
    concave = ((0, 0), (400, 0), (400, 300), (200, 100), (0, 300))
    with pytest.raises(ProfileError, match="convex") as caught:
        sector_zones(concave, 3)
    assert caught.value.field == "player_zones"
    assert sector_zones(concave, 1) == (("seat-1", concave),)


@pytest.mark.parametrize("count", [0, -1, 13])
def test_sector_count_is_bounded(count: int) -> None:
    with pytest.raises(ProfileError, match=f"got {count}"):
        sector_zones(TABLE, count)


@pytest.mark.parametrize(
    ("rect", "expected"),
    [
        ((100, 80, 320, 400), geo.rect_polygon((100, 80, 320, 400))),
        ((0, 0, 320, 480), geo.rect_polygon((100, 80, 320, 400))),
        ((500, 300, 640, 480), geo.rect_polygon((500, 300, 540, 400))),
    ],
)
def test_named_zones_are_clipped_to_the_table(rect: geo.RectXYXY, expected: geo.Polygon) -> None:
    assert sorted(clipped_zone("al", rect, TABLE)) == sorted(expected)


def test_a_named_zone_off_the_table_is_refused() -> None:
    with pytest.raises(ProfileError, match=r"zone 'al' at \[0, 0, 50, 50\] does not overlap"):
        clipped_zone("al", (0, 0, 50, 50), TABLE)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("10,20,30,40", (10, 20, 30, 40)), (" 0, 0 ,640,480", (0, 0, 640, 480))],
)
def test_parse_rect(text: str, expected: geo.RectXYXY) -> None:
    assert parse_rect(text, "--table") == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10,20,30", "(four numbers), got '10,20,30'"),
        ("10,20,x,40", "whole numbers, got '10,20,x,40'"),
        ("30,20,10,40", "x2 > x1 and y2 > y1, got '30,20,10,40'"),
        ("", "whole numbers, got ''"),
    ],
)
def test_parse_rect_errors_name_flag_and_text(text: str, message: str) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_rect(text, "--white")
    assert caught.value.field == "--white"
    assert message in str(caught.value)


def test_parse_poly() -> None:
    assert parse_poly("1,2 3,4  5,6;7,8", "--table-poly") == ((1, 2), (3, 4), (5, 6), (7, 8))
    with pytest.raises(ProfileError, match="at least 3 points"):
        parse_poly("1,2 3,4", "--table-poly")
    with pytest.raises(ProfileError, match=r"x,y, got '1,2,3'"):
        parse_poly("1,2,3 4,5 6,7", "--table-poly")


def test_parse_zone() -> None:
    assert parse_zone("Al:1,2,3,4") == ("Al", (1, 2, 3, 4))
    with pytest.raises(ProfileError, match="NAME:x1,y1,x2,y2"):
        parse_zone("1,2,3,4")
    with pytest.raises(ProfileError) as caught:
        parse_zone("Al:1,2,3")
    assert caught.value.field == "--zone Al"
