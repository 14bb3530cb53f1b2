"""Score sheet record lines to events and back (docs/rules-sheet.md).

`NAME: roll 3 4 6` and `NAME: score 12` are a player's entries; `end` (no name) is the table
ending the game after a finished round.
"""

from __future__ import annotations

import re

from companion.errors import RecordError
from companion.games.notation import split_line
from companion.games.sheet.events import End, Event, Roll, Score
from companion.games.sheet.options import MAX_DICE

# A name: words of letters, digits and ' . - _ (one space between), starting with a letter.
NAME_RE = re.compile(r"^[^\W\d_][\w'.-]*( [\w'.-]+)*$")
TABLE_VERBS = frozenset({"end"})
VERBS = ("roll", "score")
EXPECTED = "expected `NAME: roll DICE...`, `NAME: score POINTS` or `end`"


def name(token: str) -> str:
    if not NAME_RE.match(token):
        raise ValueError(f"{token!r} is not a player's name")
    if token.lower() in TABLE_VERBS:
        raise ValueError(f"{token!r} is a word of the record; choose another name")
    return token


def _number(word: str, what: str) -> int:
    sign, digits = (word[0], word[1:]) if word[:1] in "+-" else ("", word)
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        raise RecordError(f"{what} {word!r} is not a whole number")
    return int(sign + digits)


def _dice(args: list[str]) -> tuple[int, ...]:
    # Written together (`346`) or apart (`3 4 6`), as a phone's number pad types them.
    words = " ".join(args).replace(",", " ").replace(".", " ").split()
    if len(words) == 1 and len(words[0]) > 1 and words[0].isascii() and words[0].isdigit():
        words = list(words[0])
    if not words or len(words) > MAX_DICE:
        raise RecordError(f"usage: roll DICE...  (1 to {MAX_DICE} dice, each 1 to 6: roll 3 4 6)")
    dice = []
    for k, word in enumerate(words, start=1):
        if not word.isascii() or not word.isdigit() or not 1 <= int(word) <= 6:
            raise RecordError(f"die {k} is {word!r}: a die shows 1 to 6")
        dice.append(int(word))
    return tuple(dice)


def parse_event(line: str) -> Event:
    """One record line to an event (syntax only: `rules.apply` judges it)."""
    player, verb, args = split_line(line, name, TABLE_VERBS, EXPECTED)
    if not player:
        if args:
            raise RecordError("usage: end  (the table ends the game after a finished round)")
        return End()
    if verb == "roll":
        return Roll(player, _dice(args))
    if verb == "score":
        if len(args) != 1:
            raise RecordError("usage: score POINTS  (a whole number, like score 12 or score -5)")
        return Score(player, _number(args[0], "the score"))
    if verb in TABLE_VERBS:
        raise RecordError(f"{verb} is done by the whole table: write it without a name")
    raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join(VERBS)}, end)")


def format_event(event: Event) -> str:
    """The canonical record line of `event` (`parse_event` reads it back to the same event)."""
    if isinstance(event, Roll):
        return f"{event.player}: roll " + " ".join(map(str, event.dice))
    if isinstance(event, Score):
        return f"{event.player}: score {event.points}"
    return "end"
