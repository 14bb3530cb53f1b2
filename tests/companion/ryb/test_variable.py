"""The Variable card in each mode, and the three ways of choosing the mode (ruling 8)."""

from __future__ import annotations

import pytest

from companion.games.ryb import Card, VariableMode
from tests.companion.ryb.helpers import dice, game, play, refused

Pools = dict[str, tuple[int, int, int]]
# After this Al has 5 dice and Bruce 7 (Bruce took a red with Gimme!).
UNEVEN = "Al: goal red 6\nAl: pass\nBruce: gimme Al red\nBruce: pass\nCat: goal blue 6\nCat: pass\n"

ACCEPTED: list[tuple[str, str, str, str, Pools]] = [
    ("reset", "reset", UNEVEN, "Al: reset", {"Al": (2, 2, 2), "Bruce": (2, 2, 2)}),
    ("balance-even", "balance", "", "Al: balance Bruce", {"Al": (2, 2, 2), "Bruce": (2, 2, 2)}),
    ("balance", "balance", UNEVEN, "Al: balance Bruce y", {"Al": (1, 3, 2), "Bruce": (3, 1, 2)}),
    (
        "teaparty-left",
        "teaparty",
        UNEVEN,
        "Al: teaparty left",
        {"Al": (2, 2, 2), "Bruce": (1, 2, 2), "Cat": (3, 2, 2)},
    ),
    (
        "teaparty-right",
        "teaparty",
        UNEVEN,
        "Al: teaparty right",
        {"Al": (3, 2, 2), "Bruce": (2, 2, 2), "Cat": (1, 2, 2)},
    ),
    (
        "recycle",
        "recycle",
        UNEVEN,
        "Al: recycle gimme Bruce red",
        {"Al": (2, 2, 2), "Bruce": (2, 2, 2)},
    ),
    ("trade", "trade", "", "Al: trade", {"Al": (2, 2, 2)}),
    (
        "void",
        "void",
        "",
        "Al: void Bruce yellow Al Cat",
        {"Al": (2, 3, 2), "Bruce": (2, 0, 2), "Cat": (2, 3, 2)},
    ),
    ("swissbank", "swissbank", "Al: goal red 6\nAl: pass\n", "Bruce: swissbank red", {}),
    ("raid", "raid", "", "Al: raid Bruce", {}),
]


@pytest.mark.parametrize(
    ("mode", "setup", "line", "pools"), [a[1:] for a in ACCEPTED], ids=[a[0] for a in ACCEPTED]
)
def test_variable_mode_accepted(mode: str, setup: str, line: str, pools: Pools) -> None:
    after = play(game(setup, Variable=mode), line)
    for name, expected in pools.items():
        assert dice(after, name) == expected
    assert after.discard[-1] is Card.VARIABLE


REFUSED: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    ("reset-wrong-mode", "balance", "", "Al: reset", ("Variable cards are balance", "not reset")),
    ("balance-count", "balance", UNEVEN, "Al: balance Bruce y b", ("Balance moves 1 die, not 2",)),
    ("balance-missing", "balance", UNEVEN, "Al: balance Bruce r r", ("moves 1 die, not 2",)),
    ("recycle-empty", "recycle", "", "Al: recycle gimme Bruce red", ("no gimme card", "(empty)")),
    ("recycle-absent", "recycle", UNEVEN, "Al: recycle swap Bruce r1", ("no swap card", "(gimme)")),
    (
        "exchange-no-trade",
        "trade",
        "Al: goal red 6",
        "Al: exchange Bruce give r",
        ("no Trade card",),
    ),
    (
        "exchange-other-side",
        "trade",
        "Al: trade",
        "Bruce: exchange Al give r",
        ("Bruce has no Trade",),
    ),
    ("exchange-empty", "trade", "Al: trade", "Al: exchange Bruce give", ("at least one die",)),
    (
        "exchange-lacking",
        "trade",
        "Al: trade",
        "Al: exchange Bruce take b b b",
        ("Bruce has 2 red",),
    ),
    ("void-count", "void", "", "Al: void Bruce yellow Al", ("2 yellow dice", "got 1")),
    ("void-to-target", "void", "", "Al: void Bruce red Al Bruce", ("not to themselves",)),
    ("void-self", "void", "", "Al: void Al red Bruce Cat", ("themselves",)),
    ("swissbank-none", "swissbank", "", "Al: swissbank red", ("no red goal in play", "none")),
    ("swissbank-treasure", "swissbank", "", "Al: swissbank Bruce:red", ("goal in play",)),
    ("raid-self", "raid", "", "Al: raid Al", ("themselves",)),
]


@pytest.mark.parametrize(
    ("mode", "setup", "line", "named"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_variable_mode_refused(mode: str, setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup, Variable=mode), line, *named)


def test_trade_exchanges_dice_until_the_turn_ends() -> None:
    state = game("Al: trade\nAl: exchange Bruce give r take b b", Variable="trade")
    assert dice(state, "Al") == (1, 2, 4) and dice(state, "Bruce") == (3, 2, 0)
    state = play(state, "Al: exchange Cat give y")
    assert dice(state, "Cat") == (2, 3, 2)
    state = play(state, "Al: pass")
    refused(state, "Al: exchange Cat give y", "Al has no Trade card")


def test_recycle_keeps_the_discard_pile_honest() -> None:
    state = play(game(UNEVEN, Variable="recycle"), "Al: recycle gimme Bruce red")
    assert state.discard == (Card.GIMME, Card.VARIABLE)
    state = game(UNEVEN + "Al: recycle gimme Bruce red\nAl: pass", Variable="recycle")
    again = play(state, "Bruce: recycle recycle gimme Cat red")
    assert dice(again, "Bruce") == (3, 2, 2) and dice(again, "Cat") == (1, 2, 2)
    assert again.discard == (Card.GIMME, Card.VARIABLE, Card.VARIABLE)


def test_swiss_bank_points_count_only_for_their_owner() -> None:
    state = game(
        """
        Al: goal red 12
        Al: pass
        Bruce: swissbank red
        Bruce: attempt red r3 r4
        Bruce: bank 7 swiss
        """,
        Variable="swissbank",
    )
    goal = state.goals[0]
    assert goal.banked == 0 and goal.needed_by("Bruce") == 5 and goal.needed_by("Cat") == 12
    state = play(state, "Cat: goal blue 6")
    state = play(state, "Cat: attempt red r5 r6")
    assert state.turn.roll is not None and state.turn.roll.needed == 12
    refused(state, "Cat: bank 3 swiss", "Cat has no Swiss Bank card on Red 12")
    state = play(play(state, "Cat: bank 0"), "Al: goal blue 9")
    state = play(play(state, "Al: pass"), "Bruce: goal yellow 6")
    state = play(state, "Bruce: attempt red r2 r3")
    assert [g.target for g in state.player("Bruce").treasure] == [12]
    assert state.discard.count(Card.VARIABLE) == 2  # the Swiss Bank went with its goal


def test_swiss_bank_minimum_is_about_the_card() -> None:
    state = game(
        """
        Al: goal red 12
        Al: attempt red r1 r1
        Al: bank 2
        Al: pass
        Bruce: swissbank red
        Bruce: attempt red r1 r2
        """,
        Variable="swissbank",
    )
    refused(state, "Bruce: bank 0", "already carries 2")
    assert play(state, "Bruce: bank 0 swiss").goals[0].swiss[0].banked == 0


def test_raid_completes_or_banks_on_a_treasure_goal() -> None:
    base = """
        Al: goal red 6
        Al: attempt red r3 r4
        Al: pass
        Bruce: goal yellow 6
        Bruce: pass
    """
    state = game(base, Variable="raid")
    refused(state, "Cat: attempt Al:red r5 r6", "must play a card")
    refused(play(state, "Cat: goal red 9"), "Cat: attempt Al:red r5 r6", "needs a Raid! on Al")
    raided = play(play(state, "Cat: raid Al"), "Cat: attempt Al:red r5 r6")
    assert raided.player("Al").treasure == () and raided.player("Cat").treasure[0].target == 6
    failed = play(play(play(state, "Cat: raid Al"), "Cat: attempt Al:red r1 r2"), "Cat: bank 2")
    assert failed.player("Al").treasure[0].banked == 2
    later = game(
        base + "Cat: raid Al\nCat: attempt Al:red r1 r2\nCat: bank 2\nAl: goal blue 6",
        Variable="raid",
    )
    refused(later, "Al: attempt Al:red r1 r1", "needs a Raid!")


def test_first_player_of_a_variable_card_chooses_for_the_game() -> None:
    state = game("Al: balance Bruce\nAl: pass", Variable="first")
    assert state.chosen_mode is VariableMode.BALANCE
    refused(state, "Bruce: reset", "Variable cards are balance in this game, not reset")
    assert dice(play(state, "Bruce: balance Cat"), "Bruce") == (2, 2, 2)


def test_each_player_chooses_each_time() -> None:
    state = game("Al: balance Bruce\nAl: pass\nBruce: void Cat red Al Al", Variable="each")
    assert dice(state, "Al") == (4, 2, 2) and state.chosen_mode is None
    state = play(play(state, "Bruce: pass"), "Cat: reset")
    assert dice(state, "Al") == (2, 2, 2)


@pytest.mark.parametrize(
    ("setup", "line", "named"),
    [
        ("Al: gimme Bruce red", "Cat: denied", ("only Bruce",)),
        ("Al: goal red 6", "Bruce: denied", ("no card is waiting",)),
        (
            "Al: gimme Bruce red\nAl: pass",
            "Al: denied",
            ("no card",),
        ),
    ],
    ids=["not-the-target", "goal-card", "too-late"],
)
def test_denied_refused(setup: str, line: str, named: tuple[str, ...]) -> None:
    refused(game(setup, Variable="denied"), line, *named)


def test_denied_undoes_the_card_but_not_the_turn() -> None:
    state = game("Al: gimme Bruce red\nBruce: denied", Variable="denied")
    assert dice(state, "Al") == (2, 2, 2) and dice(state, "Bruce") == (2, 2, 2)
    assert state.discard == (Card.GIMME, Card.VARIABLE)
    assert state.turn.seat == 0 and state.turn.cards == 1
    refused(state, "Al: gimme Cat red", "already played a card")
    assert play(state, "Al: pass").turn.seat == 1
    refused(game("Al: gimme Bruce red"), "Bruce: denied", "Variable cards are reset")
    shanghai = game("Al: shanghai Cat blue\nCat: denied", Variable="denied")
    assert shanghai.borrowed == () and dice(shanghai, "Cat") == (2, 2, 2)
