"""The record notation every game shares (companion.games.notation): header names, yes/no words and
the split of an event line into who, verb and arguments."""

from __future__ import annotations

import re

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games import HeaderError
from companion.games.notation import header_flag, header_names, header_value, split_line


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


TABLE = frozenset({"values"})


@pytest.mark.parametrize(
    ("line", "split"),
    [
        ("Al: roll r b", ("Al", "roll", ["r", "b"])),
        ("  Al :  ROLL  ", ("Al", "roll", [])),
        ("Al: pass: now", ("Al", "pass:", ["now"])),
        ("Values 1 2", ("", "values", ["1", "2"])),
        ("Al: values 1 2", ("Al", "values", ["1", "2"])),
    ],
)
def test_split_line(line: str, split: tuple[str, str, list[str]]) -> None:
    assert split_line(line, table=TABLE) == split


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("Al roll", "expected `NAME: VERB ARGS...`"),
        (": roll", "expected `NAME: VERB ARGS...`"),
        ("Al:", "expected `NAME: VERB ARGS...`"),
        ("", "expected `NAME: VERB ARGS...`"),
        ("Al Bo: roll", "'Al Bo' is not a name (one word, no colon)"),
        ("roll 1 2", "expected `NAME: VERB ARGS...`"),
    ],
)
def test_split_line_refuses(line: str, error: str) -> None:
    with pytest.raises(RecordError, match=re.escape(error)) as caught:
        split_line(line, table=TABLE)
    assert caught.value.line_no is None


def test_split_line_reads_the_name_and_words_its_own_refusal() -> None:
    assert split_line("al: pass", str.title) == ("Al", "pass", [])
    with pytest.raises(RecordError, match="say who: NAME: VERB"):
        split_line("pass", expected="say who: NAME: VERB")


@pytest.mark.parametrize(
    ("refused", "error", "shown"),
    [
        (InvalidEventError, InvalidEventError("too many"), "[Players]: too many"),
        (ValueError, ValueError("no such board"), "[Players]: no such board"),
        (InvalidEventError, HeaderError("Deck", "unknown"), "[Deck]: unknown"),
    ],
)
def test_header_value_says_a_refused_value_on_its_key(
    refused: type[Exception], error: Exception, shown: str
) -> None:
    """A refusal becomes the key's HeaderError; a HeaderError raised inside keeps its own key."""
    with pytest.raises(HeaderError, match=re.escape(shown)), header_value("Players", refused):
        raise error


def test_header_value_lets_other_errors_through() -> None:
    with pytest.raises(KeyError), header_value("Players"):
        raise KeyError("Players")
