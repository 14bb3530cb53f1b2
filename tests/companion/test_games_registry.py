"""Every game's `RULES` is a `RuleSet` the registry serves: the GameRules it promises, the
table verbs and the table roll only where a game has them."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games import (
    GameRules,
    RuleSet,
    farkle,
    find_game,
    fivedice,
    flyer,
    game_names,
    modifier,
    rgb,
    ryb,
    sheet,
    table_verbs,
)
from companion.table_roll.pending import TableRollRules

# mypy checks these: a RuleSet's function fields stand for GameRules' methods.
RYB: GameRules[ryb.GameState, ryb.Event] = ryb.RULES
RGB: GameRules[rgb.GameState, rgb.Event] = rgb.RULES
FLYER: GameRules[flyer.GameState, flyer.Event] = flyer.RULES
MODIFIER: GameRules[modifier.GameState, modifier.Event] = modifier.RULES
FIVEDICE: GameRules[fivedice.GameState, fivedice.Event] = fivedice.RULES
FARKLE: GameRules[farkle.GameState, farkle.Event] = farkle.RULES
SHEET: GameRules[sheet.GameState, sheet.Event] = sheet.RULES
TABLE_ROLL: TableRollRules = modifier.RULES

SERVED = {"ryb": ryb.RULES, "rgb": rgb.RULES, "flyer": flyer.RULES, "modifier": modifier.RULES}
SERVED["fivedice"] = fivedice.RULES
SERVED["farkle"] = farkle.RULES
SERVED["sheet"] = sheet.RULES


@pytest.mark.parametrize(
    ("name", "verbs", "table_roll"),
    [
        ("ryb", frozenset(), False),
        ("rgb", frozenset(), False),
        ("flyer", frozenset({"values"}), False),
        ("modifier", frozenset({"goals", "special", "reveal", "rolloff"}), True),
        ("fivedice", frozenset(), False),
        ("farkle", frozenset(), False),
        ("sheet", frozenset({"end"}), False),
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
