"""Flyer-game boards: a graph of coloured spaces in Dicetable's own text format.

    # comment
    name TEXT                 the board's name
    space NAME COLOUR         a space of one of the six colours
    home NAME                 a homebase: a white corner space (ruling 2)
    start NAME                where the marker stack begins
    link NAME NAME...         a black line between the first space and each other one
    at NAME X Y               where the table view draws a space (optional; any numbers; a
                              space named again is drawn there too, as the ring of a border)

Statements are one per line, or separated by `;` (so a whole board fits in a record header).
Every `link` is both ways. `parse_board` checks the whole board and names the first fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources

from companion.games.flyer.colours import Hue, HueError, parse_hue

DEFAULT_BOARD = "default"
_BUILTIN = (DEFAULT_BOARD,)


class BoardError(ValueError):
    """A board text that is not a usable board; the message names the statement."""


@dataclass(frozen=True)
class Board:
    name: str
    colours: Mapping[str, Hue]
    links: Mapping[str, frozenset[str]]
    homes: tuple[str, ...]
    start: str
    layout: Mapping[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)

    def colour(self, space: str) -> Hue:
        return self.colours[space]

    def next_to(self, space: str) -> frozenset[str]:
        return self.links.get(space, frozenset())

    def is_home(self, space: str) -> bool:
        return space in self.homes


@dataclass
class _Draft:
    name: str = "unnamed"
    start: str | None = None

    def __post_init__(self) -> None:
        self.colours: dict[str, Hue] = {}
        self.homes: list[str] = []
        self.links: dict[str, set[str]] = {}
        self.layout: dict[str, tuple[tuple[float, float], ...]] = {}


def _statements(text: str) -> list[tuple[int, list[str]]]:
    out: list[tuple[int, list[str]]] = []
    for line in text.splitlines():
        for part in line.split("#", 1)[0].split(";"):
            if part.split():
                out.append((len(out) + 1, part.split()))
    return out


def _space(draft: _Draft, name: str, hue: Hue, where: str) -> None:
    if name in draft.colours:
        raise BoardError(f"{where}: space {name!r} is named twice")
    draft.colours[name] = hue
    draft.links.setdefault(name, set())


def _number(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BoardError(f"{where}: {text!r} is not a number") from None
    if value != value or abs(value) > 1e6:
        raise BoardError(f"{where}: {text!r} is not a usable position")
    return value


def _statement(draft: _Draft, words: list[str], where: str) -> None:
    verb, args = words[0].lower(), words[1:]
    if verb == "name" and args:
        draft.name = " ".join(args)
    elif verb == "space" and len(args) == 2:
        try:
            _space(draft, args[0], parse_hue(args[1]), where)
        except HueError as exc:
            raise BoardError(f"{where}: {exc}") from None
    elif verb == "home" and len(args) == 1:
        _space(draft, args[0], Hue.WHITE, where)
        draft.homes.append(args[0])
    elif verb == "start" and len(args) == 1:
        draft.start = args[0]
    elif verb == "at" and len(args) == 3:
        point = (_number(args[1], where), _number(args[2], where))
        draft.layout[args[0]] = (*draft.layout.get(args[0], ()), point)
    elif verb == "link" and len(args) >= 2:
        for other in args[1:]:
            draft.links.setdefault(args[0], set()).add(other)
            draft.links.setdefault(other, set()).add(args[0])
    else:
        usage = (
            "name TEXT | space NAME COLOUR | home NAME | start NAME | link NAME NAME... "
            "| at NAME X Y"
        )
        raise BoardError(f"{where}: cannot read {' '.join(words)!r} ({usage})")


def _reachable(links: Mapping[str, set[str]], start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for other in links.get(todo.pop(), set()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _check(draft: _Draft) -> Board:
    for space, others in draft.links.items():
        for name in (space, *others):
            if name not in draft.colours:
                raise BoardError(f"a link names {name!r}, which is no space of the board")
    unknown = sorted(set(draft.layout) - set(draft.colours))
    if unknown:
        raise BoardError(f"`at` names {unknown[0]!r}, which is no space of the board")
    if not draft.homes:
        raise BoardError("the board has no homebase (`home NAME`)")
    if draft.start is None or draft.start not in draft.colours:
        raise BoardError(f"the start {draft.start!r} is no space of the board (`start NAME`)")
    if draft.start in draft.homes:
        raise BoardError("the marker stack cannot start on a homebase")
    cut_off = sorted(set(draft.homes) - _reachable(draft.links, draft.start))
    if cut_off:
        raise BoardError(f"homebase {cut_off[0]!r} cannot be reached from the start")
    return Board(
        draft.name,
        dict(draft.colours),
        {k: frozenset(v) for k, v in draft.links.items()},
        tuple(draft.homes),
        draft.start,
        dict(draft.layout),
    )


def parse_board(text: str) -> Board:
    draft = _Draft()
    for n, words in _statements(text):
        _statement(draft, words, f"board statement {n}")
    return _check(draft)


_CACHE: dict[str, Board] = {}


def builtin_board(name: str = DEFAULT_BOARD) -> Board:
    """A board shipped with Dicetable (companion/games/flyer/NAME.board)."""
    if name not in _BUILTIN:
        raise BoardError(f"unknown board {name!r} (boards: {', '.join(_BUILTIN)})")
    if name not in _CACHE:
        path = resources.files("companion.games.flyer").joinpath(f"{name}.board")
        _CACHE[name] = parse_board(path.read_text("utf-8"))
    return _CACHE[name]


def board_from_header(value: str) -> Board:
    """`[Board "default"]` names a shipped board; a value with `;` is a whole board inline."""
    if ";" in value:
        return parse_board(value)
    return builtin_board(value.strip() or DEFAULT_BOARD)
