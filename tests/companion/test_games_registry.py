"""Every game's `RULES` is a `RuleSet` the registry serves: the GameRules it promises, the
table verbs and the table roll only where a game has them; the header readers games share."""

from __future__ import annotations

import dataclasses
import re

import pytest

from companion import flyer, modifier, rgb, ryb
from companion.games import (
    GameRules,
    HeaderError,
    RuleSet,
    find_game,
    game_names,
    header_flag,
    header_names,
    table_verbs,
)
from companion.table_roll import TableRollRules

# mypy checks these: a RuleSet's function fields stand for GameRules' methods.
RYB: GameRules[ryb.GameState, ryb.Event] = ryb.RULES
RGB: GameRules[rgb.GameState, rgb.Event] = rgb.RULES
FLYER: GameRules[flyer.GameState, flyer.Event] = flyer.RULES
MODIFIER: GameRules[modifier.GameState, modifier.Event] = modifier.RULES
TABLE_ROLL: TableRollRules = modifier.RULES

SERVED = {"ryb": ryb.RULES, "rgb": rgb.RULES, "flyer": flyer.RULES, "modifier": modifier.RULES}


@pytest.mark.parametrize(
    ("name", "verbs", "table_roll"),
    [
        ("ryb", frozenset(), False),
        ("rgb", frozenset(), False),
        ("flyer", frozenset({"values"}), False),
        ("modifier", frozenset({"goals", "special", "reveal", "rolloff"}), True),
    ],
)
def test_each_game_is_served_as_its_rule_set(
    name: str, verbs: frozenset[str], table_roll: bool
) -> None:
    rules = find_game(name.upper())
    assert rules is SERVED[name]
    assert isinstance(rules, RuleSet)
    assert rules.name == name
    assert table_verbs(rules) == verbs
    assert isinstance(rules, TableRollRules) is table_roll


def test_every_registered_game_is_checked_here() -> None:
    assert set(game_names()) == set(SERVED)


def test_a_rule_set_cannot_be_changed() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ryb.RULES.name = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("value", "names", "error"),
    [
        (" Al ,Bo", ("Al", "Bo"), None),
        (None, None, "[Players]: missing: name them"),
        ("Al, Bo Bo", None, "[Players]: 'Bo Bo' is not a name (one word, no colon)"),
        ("Al,", None, "[Players]: '' is not a name"),
        ("Al, Bo:", None, "[Players]: 'Bo:' is not a name"),
    ],
)
def test_header_names(value: str | None, names: tuple[str, ...] | None, error: str | None) -> None:
    header = {} if value is None else {"Players": value}
    if error is None:
        assert header_names(header, "Players", "name them") == names
    else:
        with pytest.raises(HeaderError, match=re.escape(error)):
            header_names(header, "Players", "name them")


def test_header_names_adds_the_rule_to_a_refused_name() -> None:
    def short(name: str) -> str:
        if len(name) > 3:
            raise ValueError(f"{name!r} is too long")
        return name

    with pytest.raises(HeaderError, match=re.escape("[Homes]: 'Bruce' is too long (at most 3)")):
        header_names({"Homes": "Al, Bruce"}, "Homes", "", short, "at most 3")


@pytest.mark.parametrize(
    ("value", "flag"),
    [("yes", True), (" On ", True), ("TRUE", True), ("no", False), ("off", False), ("", False)],
)
def test_header_flag(value: str, flag: bool) -> None:
    assert header_flag("Cancel", value) is flag


def test_header_flag_refuses_other_words() -> None:
    with pytest.raises(HeaderError, match=re.escape("[Cancel]: 'Maybe' is not yes or no")):
        header_flag("Cancel", " Maybe ")
