"""Game records: plain text like chess PGN. Header lines `[Key "Value"]`, then `NAME: verb args`.

`#` starts a comment (a whole line, or after a space) unless a digit follows it: `#2` is a goal
reference. The record layer knows no game rule: `replay` hands each line to the rules the `Game`
header names (default `ryb`). The format is documented in docs/record-format.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.errors import InvalidEventError, RecordError

if TYPE_CHECKING:
    from companion.games import GameRules

_HEADER_RE = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_KEY_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One event line: who and what (`verb args`, single-spaced, comment removed)."""

    player: str
    text: str
    line_no: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"{self.player}: {self.text}" if self.player else self.text


@dataclass(frozen=True, slots=True)
class Record:
    header: dict[str, str]
    lines: tuple[RecordLine, ...]
    header_line_nos: dict[str, int] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed line: the line, the event it became and the state after it."""

    line: RecordLine
    event: Any
    state: Any


def strip_comment(line: str) -> str:
    for at, char in enumerate(line):
        if char != "#" or (at > 0 and not line[at - 1].isspace()):
            continue
        if at + 1 < len(line) and line[at + 1] in "0123456789":
            continue
        return line[:at]
    return line


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _event_line(
    text: str, line_no: int, raw: str, table: frozenset[str] = frozenset()
) -> RecordLine:
    """`NAME: verb args`, or `verb args` for a verb the whole table does (player "")."""
    words = text.split()
    if words and words[0].lower() in table:
        return RecordLine("", " ".join(words), line_no, raw)
    who, sep, rest = text.partition(":")
    player = " ".join(who.split())  # a name may be several words ("Mary Ann")
    words = rest.split()
    if not sep or not player or not words:
        raise RecordError('expected `NAME: VERB ARGS...` or a header `[Key "Value"]`', line_no, raw)
    return RecordLine(player, " ".join(words), line_no, raw)


def _header_line(raw: str, line_no: int) -> tuple[str, str]:
    text = raw.strip()
    close = text.rfind("]")
    rest = text[close + 1 :].strip() if close >= 0 else ""
    if rest and not rest.startswith("#"):
        raise RecordError("text after a header line's closing ]", line_no, raw)
    m = _HEADER_RE.match(text[: close + 1])
    if m is None:
        raise RecordError('a header line is [Key "Value"]', line_no, raw)
    return m.group(1), _unescape(m.group(2))


def _table_verbs(header: Mapping[str, str]) -> frozenset[str]:
    """The verbs the header's game lets the table write without a name (none if unknown)."""
    from companion.games import DEFAULT_GAME, UnknownRulesError, find_game, table_verbs

    try:
        return table_verbs(find_game(header.get("Game", DEFAULT_GAME)))
    except UnknownRulesError:
        return frozenset()


def parse_record(text: str) -> Record:
    """Split a record into its header and event lines (syntax only: the header's game only
    says which verbs may come without a name)."""
    header: dict[str, str] = {}
    where: dict[str, int] = {}
    lines: list[RecordLine] = []
    table: frozenset[str] | None = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith("["):
            if lines:
                raise RecordError("header lines come before the first event line", line_no, raw)
            key, value = _header_line(raw, line_no)
            if key in header:
                raise RecordError(f"{key} is already set on line {where[key]}", line_no, raw)
            header[key], where[key] = value, line_no
            continue
        body = strip_comment(raw).strip()
        if body:
            if table is None:  # the header is complete once the first event line comes
                table = _table_verbs(header)
            lines.append(_event_line(body, line_no, raw, table))
    return Record(header, tuple(lines), where)


def format_record(header: Mapping[str, str], event_lines: Iterable[str]) -> str:
    """A record's text; `parse_record` of it gives back `header` and the (single-spaced) lines."""
    out: list[str] = []
    for key, value in header.items():
        if not _KEY_RE.match(key):
            raise RecordError(f"bad header key {key!r}: letters, digits and _ only")
        if "\n" in value or "\r" in value:
            raise RecordError(f"header {key} holds a line break: {value!r}")
        out.append(f'[{key} "{_escape(value)}"]')
    body: list[str] = []
    table = _table_verbs(header)
    for n, line in enumerate(event_lines, start=1):
        if strip_comment(line) != line or "\n" in line or line.lstrip().startswith("["):
            raise RecordError(f"event line {n} cannot hold a comment, a break or a [", None, line)
        body.append(str(_event_line(line, n, line, table)))
    if out and body:
        out.append("")
    return "\n".join(out + body) + "\n"


def _rules_for(record: Record) -> Any:
    from companion.games import DEFAULT_GAME, UnknownRulesError, find_game

    name = record.header.get("Game", DEFAULT_GAME)
    try:
        return find_game(name)
    except UnknownRulesError as exc:
        line_no = record.header_line_nos.get("Game")
        raise RecordError(str(exc), line_no, f'[Game "{name}"]') from None


def _start(record: Record, rules: Any) -> Any:
    from companion.games import HeaderError

    try:
        return rules.new_game(record.header)
    except HeaderError as exc:
        line_no = record.header_line_nos.get(exc.key)
        shown = f'[{exc.key} "{record.header[exc.key]}"]' if exc.key in record.header else None
        # The line itself is shown: the reason need not say `[Key]:` again.
        raise RecordError(exc.reason.removeprefix(f"[{exc.key}]: "), line_no, shown) from None


def start(rules: GameRules[Any, Any], header: Mapping[str, str]) -> Any:
    """The starting state; a header the rules refuse is a RecordError naming the key."""
    from companion.games import HeaderError

    try:
        return rules.new_game(header)
    except HeaderError as exc:
        raise RecordError(exc.reason) from None


def step(rules: GameRules[Any, Any], state: Any, line: str) -> tuple[Any, Any]:
    """(event, state after it) for one record line; RecordError or InvalidEventError if bad."""
    event = rules.parse_event(line, state)
    return event, rules.apply(state, event)


def seated_names(rules: GameRules[Any, Any], state: Any) -> tuple[str, ...]:
    """The names the rules seat (their state JSON's `players`), as `seated_line` takes them."""
    shown = rules.state_json(state).get("players", [])
    return tuple(str(p.get("name")) for p in shown if isinstance(p, Mapping))


def replay_steps(text: str) -> Iterator[Step]:
    """Fold a record line by line; a bad line raises RecordError with its number and text.
    A line's leading name may be any case (`al: pass` is Al's), as the players are told apart."""
    from companion.games.players import seated_line

    record = parse_record(text)
    rules = _rules_for(record)
    state = _start(record, rules)
    names = seated_names(rules, state)
    for line in record.lines:
        try:
            event = rules.parse_event(seated_line(str(line), names), state)
            state = rules.apply(state, event)
        except (RecordError, InvalidEventError) as exc:
            reason = exc.reason if isinstance(exc, RecordError) else str(exc)
            raise RecordError(reason, line.line_no, line.raw) from None
        yield Step(line, event, state)


def replay(text: str) -> Any:
    """The state after every line of a record (the starting state for a record of no events)."""
    record = parse_record(text)
    state = _start(record, _rules_for(record))
    for step in replay_steps(text):
        state = step.state
    return state
