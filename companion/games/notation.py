"""What every game's record notation shares: reading names and yes/no words from the header,
and splitting an event line into who, verb and arguments (docs/record-format.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager

from companion.errors import InvalidEventError, RecordError
from companion.games import HeaderError

YES, NO = ("yes", "on", "true"), ("no", "off", "false", "")


def one_word(name: str) -> str:
    """A name that is one word without a colon, for `header_names`."""
    if not name or len(name.split()) != 1 or ":" in name:
        raise ValueError(f"{name!r} is not a name (one word, no colon)")
    return name


def header_names(
    header: Mapping[str, str],
    key: str,
    missing: str,
    read: Callable[[str], object] = one_word,
    rule: str = "",
) -> tuple[str, ...]:
    """The comma-separated names of header `key`, in order. HeaderError when the key is missing
    (`missing` says what to write) or when `read` refuses a name (its ValueError, then `rule`)."""
    if key not in header:
        raise HeaderError(key, f"missing: {missing}")
    names = tuple(n.strip() for n in header[key].split(","))
    for name in names:
        try:
            read(name)
        except ValueError as exc:
            raise HeaderError(key, f"{exc} ({rule})" if rule else str(exc)) from None
    return names


@contextmanager
def header_value(key: str, refused: type[Exception] = InvalidEventError) -> Iterator[None]:
    """Says a `refused` error raised inside (the rules, or a reader, refusing what the header
    gives) as a HeaderError on `key`."""
    try:
        yield
    except refused as exc:
        raise HeaderError(key, str(exc)) from None


def header_flag(key: str, value: str) -> bool:
    """A yes/no header value (also on/off, true/false; empty is no)."""
    word = value.strip().lower()
    if word not in YES + NO:
        raise HeaderError(key, f"{value.strip()!r} is not yes or no")
    return word in YES


def split_line(
    line: str,
    read_name: Callable[[str], str] = one_word,
    table: frozenset[str] = frozenset(),
    expected: str = "expected `NAME: VERB ARGS...`",
) -> tuple[str, str, list[str]]:
    """`NAME: verb args` to (name, verb in lower case, args), or ("", verb, args) for a verb of
    `table` that the whole table writes without a name. RecordError (no line number) saying
    `expected` when the line has neither shape, or why `read_name` refuses the name."""
    words = line.split()
    if words and words[0].lower() in table:
        return "", words[0].lower(), words[1:]
    who, sep, rest = line.partition(":")
    words = rest.split()
    if not sep or not who.strip() or not words:
        raise RecordError(expected)
    try:
        return read_name(who.strip()), words[0].lower(), words[1:]
    except ValueError as exc:
        raise RecordError(str(exc)) from None
