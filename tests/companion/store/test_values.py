"""The checks every value passes before the event store keeps it."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta, timezone

import pytest

from companion.errors import InvalidGameIdError, StoreValueError
from companion.store.values import (
    GAME_ID_RE,
    MAX_HEADER_ITEMS,
    MAX_LINE_CHARS,
    MAX_META_JSON_CHARS,
    MAX_THUMBNAIL_BYTES,
    check_game_id,
    check_header,
    check_line,
    check_meta,
    check_name,
    check_seq,
    check_thumbnail,
    default_title,
    new_game_id,
    utc_iso,
)

JPEG = b"\xff\xd8\xff\xe0 tiny"


def test_new_ids_are_valid_and_distinct() -> None:
    ids = {new_game_id() for _ in range(500)}
    assert len(ids) == 500
    assert all(GAME_ID_RE.fullmatch(i) for i in ids)


@pytest.mark.parametrize("value", ["0123456789", "abcdefghjk", "zzzzzzzzzz", "7m3xq9v2ta"])
def test_game_id_accepted(value: str) -> None:
    assert check_game_id(value) == value


@pytest.mark.parametrize(
    "value",
    [
        "",
        "abcdefghj",  # 9 characters
        "abcdefghjkm",  # 11
        "ABCDEFGHJK",  # upper case
        "abcdefghji",  # i is not in the alphabet
        "-bcdefghjk",
        "../../etc/",
        "abcdefghj\n",
        None,
        1234567890,
    ],
)
def test_game_id_rejected_naming_it(value: object) -> None:
    with pytest.raises(InvalidGameIdError, match="invalid game id") as info:
        check_game_id(value)
    assert repr(value) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "line",
    ["Al: attempt green y4 y5 b2 b5", "x", "Zoë: bank 12 — nice", "x" * MAX_LINE_CHARS],
)
def test_line_accepted(line: str) -> None:
    assert check_line(line) == line


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "empty or blank"),
        ("   ", "empty or blank"),
        ("Al: roll\nBo: roll", "control characters"),
        ("Al: roll\r", "whitespace"),
        ("Al:\rroll", "control characters"),
        ("Al:\troll", "control characters"),
        ("Al:\x00roll", "control characters"),
        ("Al:\x85roll", "control characters"),
        ("Al:\u2028roll", "control characters"),
        ("Al:\u2029roll", "control characters"),
        ("Al:\ud800roll", "control characters"),
        (" Al: roll", "whitespace"),
        ("Al: roll ", "whitespace"),
        ("x" * (MAX_LINE_CHARS + 1), f"over the limit of {MAX_LINE_CHARS}"),
        (None, "must be a str"),
        (b"Al: roll", "must be a str"),
    ],
)
def test_line_rejected(line: object, message: str) -> None:
    with pytest.raises(StoreValueError, match=message):
        check_line(line)


def test_header_keeps_order() -> None:
    header = {"Players": "Al, Bo", "Edition": "2000", "Date": "2026-11-22"}
    assert list(check_header(header).items()) == list(header.items())


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (["Players"], "must be a mapping"),
        ({"": "Al"}, "header key must not be empty"),
        ({"Players": ""}, "header value of 'Players' must not be empty"),
        ({"Players": "Al\nBo"}, "control characters"),
        ({"Play\ners": "Al"}, "control characters"),
        ({"Players": 2}, "must be a str"),
        ({1: "x"}, "must be a str"),
        ({"k": "x" * 1001}, "over the limit"),
        ({f"k{i}": "v" for i in range(MAX_HEADER_ITEMS + 1)}, "over the limit"),
    ],
)
def test_header_rejected(header: object, message: str) -> None:
    with pytest.raises(StoreValueError, match=message):
        check_header(header)


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        (None, "{}"),
        ({}, "{}"),
        ({"confidence": 0.5, "dice": [4, 5]}, '{"confidence":0.5,"dice":[4,5]}'),
        ({"who": "Zoë"}, '{"who":"Zoë"}'),
    ],
)
def test_meta_as_json(meta: object, expected: str) -> None:
    assert check_meta(meta) == expected


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ([1, 2], "mapping with str keys"),
        ({1: 2}, "mapping with str keys"),
        ({"x": math.nan}, "not JSON-serialisable"),
        ({"x": object()}, "not JSON-serialisable"),
        ({"x": "y" * MAX_META_JSON_CHARS}, "over the limit"),
    ],
)
def test_meta_rejected(meta: object, message: str) -> None:
    with pytest.raises(StoreValueError, match=message):
        check_meta(meta)


@pytest.mark.parametrize("jpeg", [None, JPEG, bytearray(JPEG), memoryview(JPEG)])
def test_thumbnail_accepted(jpeg: object) -> None:
    assert check_thumbnail(jpeg) == (None if jpeg is None else JPEG)


@pytest.mark.parametrize(
    ("jpeg", "message"),
    [
        (b"", "not a JPEG"),
        (b"\x89PNG\r\n\x1a\n", "not a JPEG"),
        (JPEG + bytes(MAX_THUMBNAIL_BYTES), "over the limit"),
        ("jpeg", "must be bytes"),
    ],
)
def test_thumbnail_rejected(jpeg: object, message: str) -> None:
    with pytest.raises(StoreValueError, match=message):
        check_thumbnail(jpeg)


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ("manual", True),
        ("camera", True),
        ("camera-roll", True),
        ("import_v2", True),
        ("", False),
        ("Camera", False),
        ("2camera", False),
        ("cam era", False),
        ("c" * 33, False),
        (None, False),
    ],
)
def test_names(value: object, ok: bool) -> None:
    if ok:
        assert check_name("source", value) == value
    else:
        with pytest.raises(StoreValueError, match="invalid source"):
            check_name("source", value)


@pytest.mark.parametrize(
    ("value", "ok"), [(0, True), (7, True), (-1, False), (True, False), (1.0, False), ("1", False)]
)
def test_seq(value: object, ok: bool) -> None:
    if ok:
        assert check_seq(value) == value
    else:
        with pytest.raises(StoreValueError, match="invalid seq"):
            check_seq(value)


@pytest.mark.parametrize(
    ("moment", "text"),
    [
        (datetime(2026, 11, 22, 1, 2, 3, 4, tzinfo=UTC), "2026-11-22T01:02:03.000004Z"),
        (
            datetime(2026, 11, 22, 3, 0, tzinfo=timezone(timedelta(hours=2))),
            "2026-11-22T01:00:00.000000Z",
        ),
    ],
)
def test_utc_iso(moment: datetime, text: str) -> None:
    assert utc_iso(moment) == text


def test_utc_iso_refuses_naive_time() -> None:
    with pytest.raises(StoreValueError, match="naive"):
        utc_iso(datetime(2026, 11, 22))


@pytest.mark.parametrize(
    ("header", "title"),
    [
        ({"Title": "Friday at Gran's"}, "Friday at Gran's"),
        ({"Players": "Al", "title": "lower key"}, "lower key"),
        ({"Players": "Al"}, "ryb game of 2026-11-22"),
    ],
)
def test_default_title(header: dict[str, str], title: str) -> None:
    assert default_title("ryb", header, "2026-11-22T01:02:03.000000Z") == title
