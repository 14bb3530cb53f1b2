"""RGB record lines (`NAME: verb args`, docs/rules-rgb.md) to events: syntax only."""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import RecordError
from companion.games.notation import split_line
from companion.games.rgb.board import Kind, Layer, Square, SquareError
from companion.games.rgb.events import Attack, Create, Event, Heal, Move, Pass, Place, Sustain

Parser = Callable[[str, list[str]], Event]
USAGE = {
    "place": "place SIZE SQUARE (SIZE: large, medium, small or golden)",
    "move": "move FROM TO",
    "create": "create SQUARE",
    "attack": "attack FROM TO LAYER [support SQUARE]",
    "heal": "heal SQUARE",
    "sustain": "sustain SQUARE LAYER",
    "pass": "pass",
}


class _BadWordError(ValueError):
    pass


def _square(text: str) -> Square:
    try:
        return Square.parse(text)
    except SquareError as exc:
        raise _BadWordError(str(exc)) from None


def _kind(text: str) -> Kind:
    try:
        return Kind(text.lower())
    except ValueError:
        raise _BadWordError(
            f"{text!r} is not a stack size (large, medium, small or golden)"
        ) from None


def _layer(text: str) -> Layer:
    try:
        return Layer(text.lower())
    except ValueError:
        raise _BadWordError(
            f"{text!r} is not a layer colour (red, green, blue or yellow)"
        ) from None


def _attack(player: str, args: list[str]) -> Event:
    if len(args) == 3:
        return Attack(player, _square(args[0]), _square(args[1]), _layer(args[2]))
    if len(args) == 5 and args[3].lower() == "support":
        support = _square(args[4])
        return Attack(player, _square(args[0]), _square(args[1]), _layer(args[2]), support)
    raise _BadWordError(f"usage: {USAGE['attack']}")


PARSERS: dict[str, tuple[int, Parser]] = {
    "place": (2, lambda p, a: Place(p, _kind(a[0]), _square(a[1]))),
    "move": (2, lambda p, a: Move(p, _square(a[0]), _square(a[1]))),
    "create": (1, lambda p, a: Create(p, _square(a[0]))),
    "attack": (-1, _attack),
    "heal": (1, lambda p, a: Heal(p, _square(a[0]))),
    "sustain": (2, lambda p, a: Sustain(p, _square(a[0]), _layer(a[1]))),
    "pass": (0, lambda p, a: Pass(p)),
}


def parse_event(line: str) -> Event:
    """One record line to an event; RecordError (no line number) when it cannot be read."""
    player, verb, args = split_line(line)
    if verb not in PARSERS:
        raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join(PARSERS)})")
    arity, parser = PARSERS[verb]
    if arity >= 0 and len(args) != arity:
        raise RecordError(f"usage: {USAGE[verb]}")
    try:
        return parser(player, args)
    except _BadWordError as exc:
        raise RecordError(str(exc)) from None
