"""What the start page's new-game form offers for each registered game: its name in words, how
many players it takes (read from its rules, so the form and the rules never disagree) and its
rule options. A game the registry gains without a form here is still offered, with the widest
player limits the API accepts and no options, so the rules have the last word.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "choices": [list(c) for c in self.choices],
            "default": self.default,
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


_FORMS: dict[str, Callable[[tuple[Option, ...]], GameForm]] = {
    "ryb": _ryb,
    "modifier": _modifier,
    "rgb": _rgb,
    "flyer": _flyer,
    "fivedice": _fivedice,
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
