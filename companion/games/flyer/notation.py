"""Flyer-game record lines (`NAME: verb args`, docs/rules-flyer.md) to events: syntax only."""

from __future__ import annotations

from companion.errors import RecordError
from companion.games.flyer.colours import Hue, HueError, parse_hue
from companion.games.flyer.events import Event, MoveMarkers, Roll, Values
from companion.games.notation import split_line

USAGE = {
    "values": "values V V V V V V",
    "roll": "roll COLOUR COLOUR... (the colour dice as they lie)",
    "move": "move MARKER... to SPACE paying COLOUR...",
}


def _hues(texts: list[str]) -> tuple[Hue, ...]:
    try:
        return tuple(parse_hue(t) for t in texts)
    except HueError as exc:
        raise RecordError(str(exc)) from None


def _values(player: str, args: list[str]) -> Values:
    if not all(a.isascii() and a.isdigit() and len(a) == 1 for a in args):
        bad = next(a for a in args if not (a.isascii() and a.isdigit() and len(a) == 1))
        raise RecordError(f"{bad!r} is not a throw of a normal die (1 to 6)")
    return Values(player, tuple(int(a) for a in args))


def _move(player: str, args: list[str]) -> MoveMarkers:
    lowered = [a.lower() for a in args]
    if "to" not in lowered or "paying" not in lowered:
        raise RecordError(f"usage: {USAGE['move']}")
    to, pay = lowered.index("to"), lowered.index("paying")
    if not 0 < to < pay - 1 or pay != to + 2 or pay == len(args) - 1:
        raise RecordError(f"usage: {USAGE['move']}")
    return MoveMarkers(player, _hues(args[:to]), args[to + 1], _hues(args[pay + 1 :]))


def parse_event(line: str) -> Event:
    """One record line to an event; RecordError (no line number) when it cannot be read.

    `values ...` is the whole table's line and needs no name (`NAME: values ...` is read too)."""
    player, verb, args = split_line(line, table=frozenset({"values"}))
    if verb == "values":
        return _values(player, args)
    if verb == "roll":
        if not args:
            raise RecordError(f"usage: {USAGE['roll']}")
        return Roll(player, _hues(args))
    if verb == "move":
        return _move(player, args)
    raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join(USAGE)})")
