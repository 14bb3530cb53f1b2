"""Farkle record lines to events and back (docs/rules-farkle.md): `NAME: roll 1 5 3 3 2 6`,
`NAME: keep 1 5`, `NAME: bank` or `NAME: bank 1 5`. Dice are written spaced or run together
(`roll 153326`); the canonical line spaces them."""

from __future__ import annotations

import re

from companion.errors import RecordError
from companion.games.farkle.events import Bank, Event, Keep, Roll
from companion.games.farkle.scoring import DICE
from companion.games.notation import split_line

NAME_RE = re.compile(r"^[^\W\d_][\w'.-]*$")
USAGE = {
    "roll": "roll DICE (the pips thrown, e.g. roll 1 5 3 3 2 6)",
    "keep": "keep DICE (the scoring dice set aside, e.g. keep 1 5)",
    "bank": "bank, or bank DICE to set those dice aside and bank at once",
}


def name(token: str) -> str:
    """A player's name: one word of letters, digits, _ ' . - starting with a letter."""
    if not NAME_RE.match(token):
        raise ValueError(
            f"{token!r} is not a player name (a name is one word: a letter first, then letters, "
            "digits, _ ' . -)"
        )
    return token


def dice(args: list[str], verb: str) -> tuple[int, ...]:
    """Pips 1 to 6 from `1 5 3` or `153`; RecordError naming the first bad one."""
    out: list[int] = []
    for word in args:
        for char in word:
            if char not in "123456":
                raise RecordError(f"{word!r} is not a die: pips are 1 to 6 (usage: {USAGE[verb]})")
            out.append(int(char))
    if len(out) > DICE:
        raise RecordError(f"{len(out)} dice: Farkle is played with {DICE}")
    return tuple(out)


def parse_event(line: str) -> Event:
    """One record line to an event; RecordError (no line number) when it cannot be read."""
    player, verb, args = split_line(line, name)
    if verb == "roll":
        if not args:
            raise RecordError(f"usage: {USAGE['roll']}")
        return Roll(player, dice(args, verb))
    if verb == "keep":
        if not args:
            raise RecordError(f"usage: {USAGE['keep']}: name the dice set aside")
        return Keep(player, dice(args, verb))
    if verb == "bank":
        return Bank(player, dice(args, verb))
    raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join(USAGE)})")


def format_event(event: Event) -> str:
    verb = {Roll: "roll", Keep: "keep", Bank: "bank"}[type(event)]
    return " ".join([f"{event.player}: {verb}", *map(str, event.dice)])
