"""One die under its Modifier cards (rulings 1 and 2), and the card spellings of the record."""

from __future__ import annotations

import pytest

from companion.games.modifier.cards import COPIES, CardError, Kind, Mod, mod
from companion.games.modifier.dice import explain, final_face, final_value


def cards(text: str) -> tuple[Mod, ...]:
    return tuple(mod(t) for t in text.split())


@pytest.mark.parametrize(
    ("rolled", "text", "face", "value"),
    [
        (4, "+2 x2", 4, 12),
        (4, "x2 +2", 4, 10),  # value cards apply top to bottom: order matters
        (5, "/2", 5, 2),
        (5, "neg /2", 5, -3),  # halving rounds toward minus infinity: -5 -> -3
        (1, "-3 /2", 1, -1),
        (3, "neg", 3, -3),
        (3, "=0 neg", 3, 0),  # negating 0 leaves 0
        (2, "=7 x2", 2, 14),
        (6, "blank", 6, 6),
        (6, "+3 =1", 6, 1),  # a later set wins over what came before
        (2, "reroll:5", 5, 5),
        (2, "reroll:5 reroll:3", 3, 3),  # the last reroll stands
        (2, "pick:6 pick:1", 1, 1),  # the last pick stands
        (2, "flip", 5, 5),
        (2, "flip flip", 2, 2),  # two flips cancel
        (2, "pick:6 reroll:3", 6, 6),  # reroll first, then pick, whatever the stack's order
        (2, "flip reroll:3", 4, 4),  # reroll 3, then flip to 4
        (2, "flip pick:1 reroll:6", 6, 6),  # reroll 6, pick 1, flip to 6
        (1, "+2 flip x2", 6, 16),  # the die flips to 6 first, then +2 = 8, x2 = 16
        (4, "-1 -2 -3 neg", 4, 2),
        (6, "-3 -3 -2 -2 -1 -1", 6, -6),
    ],
)
def test_modifiers_apply_in_the_ruled_order(rolled: int, text: str, face: int, value: int) -> None:
    stack = cards(text)
    assert (final_face(rolled, stack), final_value(rolled, stack)) == (face, value)


@pytest.mark.parametrize(
    ("rolled", "text", "shown"),
    [
        (4, "+2 x2", "4, +2 = 6, x2 = 12"),
        (3, "blank", "3"),
        (2, "x2 reroll:5 flip", "2, reroll = 5, flip = 2, x2 = 4"),
        (5, "neg /2", "5, neg = -5, /2 = -3"),
    ],
)
def test_the_arithmetic_is_shown_step_by_step(rolled: int, text: str, shown: str) -> None:
    assert explain(rolled, cards(text)) == shown


@pytest.mark.parametrize(
    ("token", "kind", "amount", "canonical"),
    [
        ("+1", Kind.ADD, 1, "+1"),
        ("-3", Kind.ADD, -3, "-3"),
        ("=0", Kind.SET, 0, "=0"),
        ("=7", Kind.SET, 7, "=7"),
        ("X2", Kind.DOUBLE, 0, "x2"),
        ("/2", Kind.HALVE, 0, "/2"),
        ("NEG", Kind.NEGATE, 0, "neg"),
        ("blank", Kind.BLANK, 0, "blank"),
        ("Reroll:4", Kind.REROLL, 4, "reroll:4"),
        ("pick:6", Kind.PICK, 6, "pick:6"),
        ("flip", Kind.FLIP, 0, "flip"),
    ],
)
def test_card_spellings(token: str, kind: Kind, amount: int, canonical: str) -> None:
    card = mod(token)
    assert (card.kind, card.amount, str(card)) == (kind, amount, canonical)
    assert card.card in COPIES


@pytest.mark.parametrize(
    ("token", "named"),
    [
        ("+4", "no modifier card '+4'"),
        ("=8", "no modifier card '=8'"),
        ("x3", "no modifier card 'x3'"),
        ("reroll", "no modifier card 'reroll'"),
        ("reroll:7", "a die face 1 to 6, not '7'"),
        ("pick:0", "a die face 1 to 6, not '0'"),
        ("pick:", "a die face 1 to 6, not ''"),
    ],
)
def test_bad_cards_are_named(token: str, named: str) -> None:
    with pytest.raises(CardError) as caught:
        mod(token)
    assert named in str(caught.value)


def test_the_game_holds_96_modifier_cards() -> None:
    assert sum(COPIES.values()) == 96
