"""The goal deck format, its loader's errors and the deck Dicetable ships."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.ryb import (
    GOAL_COLOURS,
    Card,
    DeckError,
    builtin_deck,
    load_deck,
    load_deck_file,
)
from vision.types import Colour


def test_default_deck_has_the_examples_cards_and_makes_a_win_possible() -> None:
    deck = builtin_deck()
    assert deck.value_of(Colour.GREEN, 9) == 27
    assert deck.value_of(Colour.RED, 18) == 36
    assert {g.colour for g in deck.goals} == set(GOAL_COLOURS)
    assert {c for c, _ in deck.actions} == set(Card)
    best = {c: max(g.value for g in deck.goals if g.colour is c) for c in GOAL_COLOURS}
    assert sum(sorted(best.values())[-3:]) > 100


def test_secondaries_and_black_are_harder_for_the_same_value() -> None:
    deck = builtin_deck()

    def value_per_point(colours: tuple[Colour, ...]) -> float:
        cards = [g for g in deck.goals if g.colour in colours]
        return sum(g.value / g.target for g in cards) / len(cards)

    primaries = value_per_point((Colour.RED, Colour.YELLOW, Colour.BLUE))
    secondaries = value_per_point((Colour.ORANGE, Colour.GREEN, Colour.PURPLE))
    assert primaries < secondaries < value_per_point((Colour.BLACK,))


def test_load_deck_reads_comments_copies_and_actions(tmp_path: Path) -> None:
    text = "# mine\ngoal red 7 value 14 copies 3   # three of these\naction gimme copies 2\n"
    path = tmp_path / "mine.deck"
    path.write_text(text, encoding="utf-8")
    deck = load_deck_file(path)
    assert deck == load_deck(text)
    assert deck.goals[0].copies == 3 and deck.size == 5
    assert deck.value_of(Colour.RED, 7) == 14 and deck.value_of(Colour.RED, 8) is None


@pytest.mark.parametrize(
    ("text", "line_no", "named"),
    [
        ("goal red 7\n", 1, "goal COLOUR TARGET value VALUE"),
        ("goal white 7 value 3\n", 1, "not 'white'"),
        ("goal pink 7 value 3\n", 1, "unknown colour 'pink'"),
        ("goal red 0 value 3\n", 1, "target must be a whole number 1..99, not '0'"),
        ("goal red 7 value x\n", 1, "value must be a whole number"),
        ("goal red 7 value 3 copies\n", 1, "expected `copies N`"),
        ("goal red 7 value 3\ngoal red 7 value 4\n", 2, "Red 7 is already on line 1"),
        ("goal red 7 value 3\naction joker copies 1\n", 2, "unknown action card 'joker'"),
        (
            "goal red 7 value 3\naction gimme copies 1\naction gimme copies 2\n",
            3,
            "gimme is already",
        ),
        ("card red 7\n", 1, "starts with `goal` or `action`"),
        ("action gimme copies 2\n", None, "no goal cards"),
    ],
)
def test_load_deck_errors_name_the_line(text: str, line_no: int | None, named: str) -> None:
    with pytest.raises(DeckError) as caught:
        load_deck(text)
    assert caught.value.line_no == line_no and named in str(caught.value)


def test_missing_deck_file(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read deck file"):
        load_deck_file(tmp_path / "none.deck")
