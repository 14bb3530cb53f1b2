"""What the start page's new-game form offers for each registered game: its name in words, how
many players it takes (read from its rules, so the form and the rules never disagree) and its
rule options. A game the registry gains without a form here is still offered, with the widest
player limits the API accepts and no options, so the rules have the last word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games import game_names
from companion.session.rules import MAX_PLAYERS_LISTED


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of the new-game form: the API's option key and its choices."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    default: str
    # Any value may be typed (a number the rules read); the choices are only suggestions.
    typed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "choices": [list(c) for c in self.choices],
            "default": self.default,
            "typed": self.typed,
        }


@dataclass(frozen=True, slots=True)
class GameForm:
    """One game of the form: `key` is the API's `options.game`."""

    key: str
    label: str
    min_players: int
    max_players: int
    seats: int  # name fields shown when the game is chosen
    options: tuple[Option, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "seats": self.seats,
            "options": [o.to_json() for o in self.options],
        }


_YES_NO = (("no", "no"), ("yes", "yes"))


def _ryb(options: tuple[Option, ...]) -> GameForm:
    from companion.games.ryb.rules import MAX_PLAYERS, MIN_PLAYERS

    return GameForm("ryb", "RYB", MIN_PLAYERS, MAX_PLAYERS, 3, options)


def _modifier(_: tuple[Option, ...]) -> GameForm:
    from companion.games.modifier.state import MAX_PLAYERS, MIN_PLAYERS

    return GameForm("modifier", "Modifier dice game", MIN_PLAYERS, MAX_PLAYERS, 3)


def _rgb(_: tuple[Option, ...]) -> GameForm:
    from companion.games.rgb.rules import PLAYERS

    return GameForm("rgb", "RGB", PLAYERS, PLAYERS, PLAYERS)


def _flyer(_: tuple[Option, ...]) -> GameForm:
    from companion.games.flyer.board import builtin_board
    from companion.games.flyer.rules import MIN_PLAYERS

    covered = Option("covered", "Covered markers rule", _YES_NO, "no")
    most = len(builtin_board().homes)  # one homebase per player on the shipped board
    return GameForm("flyer", "Flyer game (Essen 2006)", MIN_PLAYERS, most, 2, (covered,))


def _fivedice(_: tuple[Option, ...]) -> GameForm:
    from companion.games.fivedice.rules import MAX_PLAYERS, MIN_PLAYERS

    return GameForm("fivedice", "Five dice (category game)", MIN_PLAYERS, MAX_PLAYERS, 2)


def _farkle(_: tuple[Option, ...]) -> GameForm:
    from companion.games.farkle.scoring import DEFAULT_SCORING, Scoring
    from companion.games.farkle.state import MAX_PLAYERS, MIN_PLAYERS

    names = {
        Scoring.FIXED: "Fixed prices (4 of a kind 1000)",
        Scoring.CLASSIC: "Classic doubling (4 of a kind 2x)",
        Scoring.BOXED: "Boxed set (fixed + two triplets)",
    }
    scoring = Option(
        "scoring", "Scoring", tuple((s.value, names[s]) for s in Scoring), DEFAULT_SCORING.value
    )
    least = (("0", "any points"), *((n, f"{n} in one turn") for n in ("350", "500", "1000")))
    opening = Option("opening", "To get on the board", least, "0")
    target = Option(
        "target", "Target", (("10000", "10,000"), ("5000", "5,000"), ("2500", "2,500")), "10000"
    )
    penalty = (("no", "no penalty"), ("500", "lose 500"), ("1000", "lose 1000"))
    farkles = Option("threefarkles", "Three farkles in a row", penalty, "no")
    return GameForm(
        "farkle", "Farkle", MIN_PLAYERS, MAX_PLAYERS, 2, (scoring, opening, target, farkles)
    )


def _sheet(_: tuple[Option, ...]) -> GameForm:
    from companion.games.sheet.rules import MAX_PLAYERS, MIN_PLAYERS

    faces = [str(f) for f in range(1, 7)]
    count = Option(
        "count",
        "A roll scores",
        (
            ("pips", "all its pips"),
            *((f"only {f}", f"only its {f}s, with their pips") for f in faces),
            *((f"dice {f}", f"1 for each {f}") for f in faces),
        ),
        "pips",
    )
    lowest = Option("lowest", "Lowest total wins", _YES_NO, "no")
    targets = ("25", "50", "100", "150", "200", "300", "500", "1000", "5000", "10000")
    # Typed: a house game's target or length is any number; empty is none.
    target = Option("target", "Target score (empty: none)", _same(targets), "", typed=True)
    rounds = Option(
        "rounds", "Rounds (empty: no limit)", _same(map(str, range(1, 21))), "", typed=True
    )
    dice = Option(
        "dice",
        "Dice a roll throws",
        (("any", "any number"), *_same(map(str, range(1, 13)))),
        "any",
    )
    return GameForm(
        "sheet", "Score sheet (any dice game)", MIN_PLAYERS, MAX_PLAYERS, 2,
        (count, lowest, target, rounds, dice),
    )  # fmt: skip


def _same(values: Iterable[str]) -> tuple[tuple[str, str], ...]:
    return tuple((v, v) for v in values)


_FORMS: dict[str, Callable[[tuple[Option, ...]], GameForm]] = {
    "ryb": _ryb,
    "modifier": _modifier,
    "rgb": _rgb,
    "flyer": _flyer,
    "fivedice": _fivedice,
    "farkle": _farkle,
    "sheet": _sheet,
}


def game_forms(ryb_options: Sequence[Option]) -> tuple[GameForm, ...]:
    """Every registered game's form, in the registry's order (RYB, the default, first)."""
    out = []
    for name in game_names():
        make = _FORMS.get(name)
        if make is None:
            out.append(GameForm(name, name, 1, MAX_PLAYERS_LISTED, 2))
        else:
            out.append(make(tuple(ryb_options)))
    return tuple(out)
