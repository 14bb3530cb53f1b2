"""The record notation every game shares: header names and yes/no words (companion.notation)."""

from __future__ import annotations

import re

import pytest

from companion.games import HeaderError
from companion.notation import header_flag, header_names


@pytest.mark.parametrize(
    ("value", "names", "error"),
    [
        (" Al ,Bo", ("Al", "Bo"), None),
        (None, None, "[Players]: missing: name them"),
        ("Al, Bo Bo", None, "[Players]: 'Bo Bo' is not a name (one word, no colon)"),
        ("Al,", None, "[Players]: '' is not a name"),
        ("Al, Bo:", None, "[Players]: 'Bo:' is not a name"),
    ],
)
def test_header_names(value: str | None, names: tuple[str, ...] | None, error: str | None) -> None:
    header = {} if value is None else {"Players": value}
    if error is None:
        assert header_names(header, "Players", "name them") == names
    else:
        with pytest.raises(HeaderError, match=re.escape(error)):
            header_names(header, "Players", "name them")


def test_header_names_adds_the_rule_to_a_refused_name() -> None:
    def short(name: str) -> str:
        if len(name) > 3:
            raise ValueError(f"{name!r} is too long")
        return name

    with pytest.raises(HeaderError, match=re.escape("[Homes]: 'Bruce' is too long (at most 3)")):
        header_names({"Homes": "Al, Bruce"}, "Homes", "", short, "at most 3")


@pytest.mark.parametrize(
    ("value", "flag"),
    [("yes", True), (" On ", True), ("TRUE", True), ("no", False), ("off", False), ("", False)],
)
def test_header_flag(value: str, flag: bool) -> None:
    assert header_flag("Cancel", value) is flag


def test_header_flag_refuses_other_words() -> None:
    with pytest.raises(HeaderError, match=re.escape("[Cancel]: 'Maybe' is not yes or no")):
        header_flag("Cancel", " Maybe ")
