"""Reading the tokens of an RYB record line: dice, colours, goal references, numbers, names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from companion.games.ryb.dice import DIE_COLOURS, GOAL_COLOURS, LETTER, RolledDie
from companion.games.ryb.events import GoalRef
from vision.types import Colour

DIE_RE = re.compile(r"^([ryb])([1-6])$", re.IGNORECASE)
NAME_SIGNS = frozenset(" '.-_")
_BY_LETTER = {letter: colour for colour, letter in LETTER.items()}


class TokenError(ValueError):
    """One token of a line is malformed; the caller adds the line."""


def die(token: str) -> RolledDie:
    m = DIE_RE.match(token)
    if m is None:
        raise TokenError(
            f"bad die {token!r}: expected a colour letter r, y or b and pips 1-6, like r4"
        )
    return RolledDie(_BY_LETTER[m.group(1).lower()], int(m.group(2)))


def dice(tokens: list[str]) -> tuple[RolledDie, ...]:
    return tuple(die(t) for t in tokens)


def die_colour(token: str) -> Colour:
    """A die colour as a letter (r y b) or a word (red yellow blue)."""
    low = token.lower()
    if low in _BY_LETTER:
        return _BY_LETTER[low]
    colour = _colour(token)
    if colour not in DIE_COLOURS:
        raise TokenError(f"dice are red, yellow or blue (r, y, b), not {token!r}")
    return colour


def die_colours(tokens: list[str]) -> tuple[Colour, ...]:
    return tuple(die_colour(t) for t in tokens)


def goal_colour(token: str) -> Colour:
    colour = _colour(token)
    if colour not in GOAL_COLOURS:
        raise TokenError(f"goal colours are {_goal_names()}, not {token!r}")
    return colour


def _goal_names() -> str:
    return " ".join(c.value for c in GOAL_COLOURS)


def _colour(token: str) -> Colour:
    try:
        return Colour(token.lower())
    except ValueError:
        raise TokenError(f"unknown colour {token!r} (colours: {_goal_names()})") from None


def number(token: str, what: str, low: int = 0, high: int = 999) -> int:
    # isdigit alone accepts digits int() refuses ("²") and any length int() may refuse.
    plain = token.isascii() and token.isdigit() and len(token.lstrip("0")) <= len(str(high))
    if not plain or not low <= int(token) <= high:
        raise TokenError(f"{what} must be a whole number {low}..{high}, not {token!r}")
    return int(token)


def name(token: str) -> str:
    if not is_name(token) or DIE_RE.match(token):
        raise TokenError(f"bad player name {token!r}")
    return token


def is_name(text: str) -> bool:
    """A person's name as they write it: words of letters (any script), digits, emoji and
    ' . - _, one space between words; not starting with a digit or a sign. No `:`, `,` or `#`,
    which the record uses."""
    if not text or text != text.strip() or "  " in text or text[0].isdigit():
        return False
    if not (text[0].isalpha() or _is_emoji(text[0])):
        return False
    return all(c.isalnum() or c in NAME_SIGNS or _is_emoji(c) for c in text)


def _is_emoji(char: str) -> bool:
    # Symbols (🎲), skin tones, the variation selector and the joiner of composed emoji.
    return unicodedata.category(char) in ("So", "Sk") or char in "\ufe0f\u200d"


def join_names(args: list[str], names: Iterable[str]) -> list[str]:
    """`args` with each player name of several words joined back into one argument, also
    before `:GOAL` (`Mary Ann:red`); one-word names and other words are left alone."""
    spaced = sorted((n.split(" ") for n in names if " " in n), key=len, reverse=True)
    out: list[str] = []
    at = 0
    while at < len(args):
        found = next((w for w in spaced if _starts_with(args, at, w)), None)
        if found is None:
            out.append(args[at])
            at += 1
            continue
        out.append(" ".join(args[at : at + len(found)]))
        at += len(found)
    return out


def _starts_with(args: list[str], at: int, words: list[str]) -> bool:
    end = at + len(words)
    if end > len(args) or args[at : end - 1] != words[:-1]:
        return False
    last = args[end - 1]
    return last == words[-1] or last.startswith(words[-1] + ":")


def goal_ref(token: str) -> GoalRef:
    """`green`, `#2`, `Ed:green` or `Ed:#2`."""
    owner: str | None = None
    what = token
    if ":" in token:
        owner_text, _, what = token.partition(":")
        owner = name(owner_text)
    if what.startswith("#"):
        return GoalRef(index=number(what[1:], "a goal index", 1), owner=owner)
    return GoalRef(colour=goal_colour(what), owner=owner)


def letters(colours: tuple[Colour, ...]) -> list[str]:
    return [LETTER[c] for c in colours]
