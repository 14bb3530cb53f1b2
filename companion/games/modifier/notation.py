"""Modifier dice game record lines to events and back (docs/rules-modifier.md).

A player's line is `NAME: verb args` (declare, roll, mod); what the whole table does has no
name (goals, special, reveal, rolloff).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.errors import RecordError
from companion.games.modifier import cards as cd
from companion.games.modifier.events import (
    Declare,
    Event,
    PlayMods,
    Reveal,
    RevealGoals,
    RevealSpecial,
    Roll,
    RollOff,
)
from companion.games.notation import split_line

NAME_RE = re.compile(r"^[^\W\d_][\w'.-]*$")
Parser = Callable[[str, list[str]], Event]


def name(token: str) -> str:
    if not NAME_RE.match(token):
        raise cd.CardError(f"bad player name {token!r}")
    return token


def _arity(args: list[str], low: int, high: int, usage: str) -> None:
    if not low <= len(args) <= high:
        raise cd.CardError(f"usage: {usage}")


def _goals(player: str, args: list[str]) -> Event:
    _arity(args, 1, 99, "goals CARD CARD CARD")
    return RevealGoals(tuple(cd.goal(a) for a in args))


def _special(player: str, args: list[str]) -> Event:
    _arity(args, 1, 1, "special CARD")
    return RevealSpecial(cd.goal(args[0]))


def _reveal(player: str, args: list[str]) -> Event:
    _arity(args, 0, 0, "reveal")
    return Reveal()


def _rolloff(player: str, args: list[str]) -> Event:
    usage = "rolloff NAME VALUE NAME VALUE ...  (each tied player and the face they threw)"
    if len(args) < 2 or len(args) % 2:
        raise cd.CardError(f"usage: {usage}")
    pairs = zip(args[::2], args[1::2], strict=True)
    return RollOff(tuple((name(n), cd.face(v, f"{n}'s roll-off throw")) for n, v in pairs))


def _declare(player: str, args: list[str]) -> Event:
    _arity(args, 1, 1, "declare CARD")
    return Declare(player, cd.goal(args[0]))


def _roll(player: str, args: list[str]) -> Event:
    _arity(args, 1, 99, "roll V V V V V V  (the six dice as thrown)")
    return Roll(player, tuple(cd.face(v, f"die {k}") for k, v in enumerate(args, start=1)))


def _mod(player: str, args: list[str]) -> Event:
    _arity(args, 1, 99, f"mod DIE CARD...  (cards: {cd.MOD_SPELLINGS})")
    die = args[0]
    if not die.isascii() or not die.isdigit() or not 1 <= int(die) <= 6:
        raise cd.CardError(f"a player's dice are numbered 1 to 6, not {die!r}")
    return PlayMods(player, int(die), tuple(cd.mod(a) for a in args[1:]))


TABLE: dict[str, Parser] = {
    "goals": _goals,
    "special": _special,
    "reveal": _reveal,
    "rolloff": _rolloff,
}
PLAYER: dict[str, Parser] = {"declare": _declare, "roll": _roll, "mod": _mod}
TABLE_VERBS = frozenset(TABLE)
EXPECTED = (
    f"expected `NAME: VERB ARGS...` ({', '.join(PLAYER)}) or a table line ({', '.join(TABLE)})"
)


def parse_event(line: str) -> Event:
    """One record line to an event (syntax only; `rules.apply` judges it)."""
    player, verb, args = split_line(line, name, TABLE_VERBS, EXPECTED)
    if player and verb in TABLE:
        raise RecordError(f"{verb} is done by the whole table: write it without a name")
    parser = TABLE.get(verb) if not player else PLAYER.get(verb)
    if parser is None:
        raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join([*PLAYER, *TABLE])})")
    try:
        return parser(player, args)
    except cd.CardError as exc:
        raise RecordError(str(exc)) from None


def format_event(event: Event) -> str:
    """The canonical record line of `event` (`parse_event` reads it back to the same event)."""
    if isinstance(event, RevealGoals):
        return " ".join(["goals", *event.cards])
    if isinstance(event, RevealSpecial):
        return f"special {event.card}"
    if isinstance(event, Reveal):
        return "reveal"
    if isinstance(event, RollOff):
        return " ".join(["rolloff", *(f"{n} {v}" for n, v in event.throws)])
    if isinstance(event, Declare):
        return f"{event.player}: declare {event.card}"
    if isinstance(event, Roll):
        return f"{event.player}: roll " + " ".join(map(str, event.faces))
    return f"{event.player}: mod {event.die} " + " ".join(map(str, event.cards))
