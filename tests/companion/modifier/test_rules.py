"""The modifier dice game's events: rounds, rolls, cards, specials, roll-offs and the end, and
every refusal naming the bad value with the state left exactly as it was."""

from __future__ import annotations

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.games import ANY_COLOUR, find_game
from companion.games.modifier import GameState, Phase, format_event, parse_event
from companion.games.modifier.rules import apply

HEADER = '[Game "modifier"]\n[Players "Ann, Ben, Cat"]\n'
ROUND = [
    "goals most-1s highest-total longest-run",
    "Ann: roll 1 1 3 4 5 6",
    "Ben: roll 2 2 2 2 2 2",
    "Cat: roll 6 6 6 5 5 1",
    "Ann: mod 1 +2 x2",
    "Ben: mod 3 reroll:5 flip =7",
]
SAME = ["Ann: roll 1 2 3 4 5 6", "Ben: roll 1 2 3 4 5 6", "Cat: roll 1 2 3 4 5 6"]
DECKS = [
    ["most-1s", "most-2s", "most-3s"],
    ["most-4s", "most-5s", "most-6s"],
    ["most-0s", "most-odds", "most-evens"],
    ["most-div3", "fewest-positive", "most-non-123456"],
    ["highest-total", "lowest-total", "second-highest-total"],
    ["second-lowest-total", "biggest-number", "smallest-number"],
]


def play(*lines: str, header: str = HEADER) -> GameState:
    state: GameState = replay(header + "\n" + "\n".join(lines) + "\n")
    return state


def rounds(count: int, rolls: list[str] = SAME) -> list[str]:
    out: list[str] = []
    for cards in DECKS[:count]:
        out += ["goals " + " ".join(cards), *rolls, "reveal"]
    return out


def test_a_round_is_decided_and_paid() -> None:
    state = play(*ROUND, "reveal")
    assert state.tokens == (9, 0, 9)  # most-1s Ann+Cat 3 each; total Cat; run Ann
    assert state.phase is Phase.GOALS and state.lost == 0
    current = state.round
    assert current is not None and current.values is not None
    assert current.values[0] == (6, 1, 3, 4, 5, 6)
    assert current.values[1] == (2, 2, 7, 2, 2, 2)
    shown = find_game("modifier").state_json(state)
    assert [p["values"] for p in shown["players"]][1] == [2, 2, 7, 2, 2, 2]
    assert [(g["card"], g["winners"]) for g in shown["goals"]] == [
        ("most-1s", ["Ann", "Cat"]),
        ("highest-total", ["Cat"]),
        ("longest-run", ["Ann"]),
    ]
    assert shown["table"]["players"][0]["dice"][0]["steps"] == "1, +2 = 3, x2 = 6"
    assert shown["order"]["tie"] == ["Ann", "Cat"] and shown["winner"] is None


def test_tokens_that_cannot_be_split_leave_the_game() -> None:
    state = play(*rounds(1))  # all equal: most-1s to all three (2 each), 2s and 3s alike
    assert state.tokens == (6, 6, 6) and state.lost == 0
    four = '[Game "modifier"]\n[Players "Ann, Ben, Cat, Dan"]\n'
    lines = ["goals most-1s most-2s most-0s", *SAME, "Dan: roll 1 2 3 4 5 6", "reveal"]
    state = play(*lines, header=four)
    assert state.tokens == (2, 2, 2, 2) and state.lost == 2 + 2 + 6


def test_the_deck_selecting_order_is_fewest_tokens_first_and_ties_roll_off() -> None:
    state = play(*ROUND, "reveal")
    assert state.standing is not None and state.standing.order == ("Ben", "Ann", "Cat")
    state = play(*ROUND, "reveal", "rolloff Cat 4 Ann 4")  # a tie again: still open
    assert state.standing is not None and state.standing.tie == ("Ann", "Cat")
    state = play(*ROUND, "reveal", "rolloff Cat 4 Ann 4", "rolloff Ann 5 Cat 2")
    assert state.standing is not None and state.standing.tie is None
    assert state.standing.order == ("Ben", "Cat", "Ann")  # the lowest throw picks first


def test_the_game_ends_after_round_six_with_a_roll_off_for_the_most_tokens() -> None:
    state = play(*rounds(6))
    assert state.phase is Phase.OVER and state.winner is None
    assert state.standing is not None and state.standing.tie == ("Ann", "Ben", "Cat")
    state = play(*rounds(6), "rolloff Ann 6 Ben 6 Cat 1")
    assert state.winner is None and state.standing is not None
    assert state.standing.tie == ("Ann", "Ben")
    state = play(*rounds(6), "rolloff Ann 6 Ben 6 Cat 1", "rolloff Ben 3 Ann 2")
    assert state.winner == "Ben"
    assert find_game("modifier").current_player(state) is None


def test_a_clear_leader_wins_at_once() -> None:
    lines = [*rounds(5), "goals largest-set most-pairs greatest-variety"]
    lines += ["Ann: roll 1 1 1 1 1 1", "Ben: roll 1 2 3 4 5 6", "Cat: roll 1 2 3 4 5 5", "reveal"]
    state = play(*lines)
    assert state.winner == "Ann"


def test_special_goals_are_revealed_between_rounds_and_declared_into_a_round() -> None:
    lines = [*rounds(1), "goals most-4s most-5s most-6s", "special greatest-range"]
    state = play(*lines)
    assert state.open_specials[0].value == "greatest-range"
    lines += ["Ann: roll 1 1 1 1 1 1", "Ben: roll 1 2 3 4 5 6", "Cat: roll 6 6 6 6 6 6"]
    lines += ["Cat: declare greatest-range", "reveal"]
    state = play(*lines)
    assert state.open_specials == ()
    current = state.round
    assert current is not None and current.results is not None
    special = current.results[-1]
    assert (special.card.value, special.winners, special.declared_by) == (
        "greatest-range",
        ("Ben",),
        "Cat",
    )


def test_six_players_reveal_two_special_goals_in_the_last_phase() -> None:
    six = '[Game "modifier"]\n[Players "A1, B2, C3, D4, E5, F6"]\n'
    rolls = [f"{p}: roll 1 2 3 4 5 6" for p in ("A1", "B2", "C3", "D4", "E5", "F6")]
    lines = [*rounds(5, rolls), "special longest-run", "special largest-set"]
    state = play(*lines, header=six)
    assert len(state.open_specials) == 2
    with pytest.raises(RecordError, match="reveals 2 special goal cards, and it has"):
        play(*lines, "special most-pairs", header=six)


def test_lines_read_leniently_and_write_canonically() -> None:
    for line, canonical in [
        ("GOALS Most-1s  most-2s most-3s", "goals most-1s most-2s most-3s"),
        ("Ann:  roll 1 2 3 4 5 6", "Ann: roll 1 2 3 4 5 6"),
        ("Ann: MOD 3 Reroll:4 X2 +1", "Ann: mod 3 reroll:4 x2 +1"),
        ("rolloff Ann 3  Ben 4", "rolloff Ann 3 Ben 4"),
        ("Ben: declare MOST-PAIRS", "Ben: declare most-pairs"),
        ("special most-0s", "special most-0s"),
        ("Reveal", "reveal"),
    ]:
        assert format_event(parse_event(line)) == canonical
        assert format_event(parse_event(canonical)) == canonical


SYNTAX = [
    ("goals most-1s most-7s most-3s", "no goal card called 'most-7s'"),
    ("Ann: roll 1 2 3 4 5 9", "die 6 must be a die face 1 to 6, not '9'"),
    ("Ann: roll 1 2 x 4 5 6", "die 3 must be a die face 1 to 6, not 'x'"),
    ("Ann: mod 7 +1", "dice are numbered 1 to 6, not '7'"),
    ("Ann: mod 2 +5", "no modifier card '+5'"),
    ("Ann: mod 2 pick:9", "the face a pick card gives must be a die face 1 to 6, not '9'"),
    ("rolloff Ann 3 Ben", "usage: rolloff"),
    ("rolloff Ann 7 Ben 2", "Ann's roll-off throw must be a die face 1 to 6, not '7'"),
    ("Ann: reveal", "reveal is done by the whole table: write it without a name"),
    ("roll 1 2 3 4 5 6", "expected `NAME: VERB ARGS...`"),
    ("Ann: dance", "unknown verb 'dance'"),
    ("special", "usage: special CARD"),
]


@pytest.mark.parametrize(("line", "named"), SYNTAX)
def test_unreadable_lines_are_refused_with_their_line_number(line: str, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        play(*ROUND[:4], line)
    assert caught.value.line_no == 3 + 4 + 1 and named in str(caught.value)


REFUSED = [
    ([], "Ann: roll 1 2 3 4 5 6", "round 1 has no goal cards yet"),
    ([], "reveal", "round 1 has no goal cards yet"),
    ([], "special most-1s", "special goal cards are revealed in a deck-selecting phase"),
    ([], "goals most-1s most-2s", "a round reveals 3 goal cards, not 2"),
    ([], "goals most-1s most-2s most-1s", "the goal deck holds one most-1s card, not two"),
    (ROUND, "goals most-4s most-5s most-6s", "round 1 is still open"),
    (ROUND, "Ann: roll 1 2 3 4 5 6", "Ann already rolled 1 1 3 4 5 6 this round"),
    (ROUND, "Dan: roll 1 2 3 4 5 6", "unknown player 'Dan' (players: Ann, Ben, Cat)"),
    (ROUND, "Ann: mod 1 +1", "Ann's die 1 already has +2 x2 behind it"),
    (ROUND, "Ann: mod 2 +1 +1 +1 +1 +1", "Ann would play 7 Modifier cards this round"),
    (ROUND, "Cat: mod 2 x2 x2 x2 x2", "that makes 5 x2 cards on the table; the game has 4"),
    (ROUND, "Cat: declare most-0s", "Cat cannot declare most-0s: no special goal card"),
    (ROUND, "Cat: declare most-1s", "it is one of this round's goal cards"),
    (ROUND, "rolloff Ann 1 Cat 2", "nothing to roll off before the first reveal"),
    (ROUND[:2], "reveal", "Ben and Cat have not rolled yet this round"),
    (ROUND[:2], "Ben: mod 1 +1", "Ben has not rolled yet this round"),
    ([*ROUND, "reveal"], "rolloff Ann 1 Ben 2", "the roll-off is between Ann and Cat"),
    ([*ROUND, "reveal"], "rolloff Ann 1 Ann 2", "Ann throws once in a roll-off, not twice"),
    ([*ROUND, "reveal"], "goals most-1s most-4s most-5s", "already revealed as a goal of round 1"),
    ([*ROUND, "reveal", "special most-4s"], "special most-5s", "reveals 1 special goal card"),
    (
        [*ROUND, "reveal", "special most-4s"],
        "goals most-4s most-5s most-6s",
        "already revealed as a special goal after round 1",
    ),
    (
        [*ROUND, "reveal", "goals most-4s most-5s most-6s", "Ann: roll 1 2 3 4 5 6"],
        "special most-0s",
        "the deck-selecting phase ended when round 2's dice were rolled",
    ),
    (
        [*ROUND, "reveal", "rolloff Ann 1 Cat 2"],
        "rolloff Ann 1 Cat 2",
        "nobody is tied, so there is nothing to roll off (order: Ben, Ann, Cat)",
    ),
    (rounds(6), "goals most-1s most-2s most-3s", "the game is over after round 6"),
    (rounds(6), "Ann: roll 1 2 3 4 5 6", "the game is over after round 6"),
]


@pytest.mark.parametrize(("before", "line", "named"), REFUSED)
def test_a_refused_event_names_the_bad_value_and_changes_nothing(
    before: list[str], line: str, named: str
) -> None:
    state = play(*before)
    snapshot = repr(state)
    with pytest.raises(InvalidEventError) as caught:
        apply(state, parse_event(line))
    assert named in str(caught.value)
    assert repr(state) == snapshot
    with pytest.raises(RecordError) as in_record:
        play(*before, line)
    assert in_record.value.line_no == 3 + len(before) + 1


@pytest.mark.parametrize(
    ("players", "named"),
    [
        ("Ann", "for 2 to 6 players, not 1"),
        ("A, B, C, D, E, F, G", "for 2 to 6 players, not 7"),
        ("Ann, ann", "two players are called"),
        ("Ann, 7up", "bad player name '7up'"),
        ("Ann, Reveal", "'Reveal' is a word of the record"),
    ],
)
def test_bad_players_are_refused_at_the_header(players: str, named: str) -> None:
    with pytest.raises(RecordError) as caught:
        play(header=f'[Game "modifier"]\n[Players "{players}"]\n')
    assert caught.value.line_no == 2 and named in str(caught.value)


def test_the_registry_serves_the_game_to_the_session() -> None:
    rules = find_game("Modifier")
    state = rules.new_game({"Players": "Ann, Ben"})
    assert rules.current_player(state) == "Ann"
    state = rules.apply(state, rules.parse_event("goals most-1s most-2s most-3s", state))
    assert rules.expected_dice(state, "Ben", None) == {ANY_COLOUR: 6}
    with pytest.raises(InvalidEventError, match="not an attempt on a goal"):
        rules.expected_dice(state, "Ben", "most-1s")
    event = rules.parse_event("Ben: roll 1 2 3 4 5 6", state)
    assert rules.event_player(event) == "Ben"
    assert rules.format_event(event) == "Ben: roll 1 2 3 4 5 6"
    state = rules.apply(state, event)
    assert rules.current_player(state) == "Ann"
    reveal = rules.parse_event("reveal", state)
    assert rules.event_player(reveal) == ""
    assert rules.winner(state) is None


def test_ryb_still_wants_a_goal_for_its_dice() -> None:
    rules = find_game("ryb")
    state = rules.new_game({"Players": "Al, Bo"})
    with pytest.raises(InvalidEventError, match="name the goal the roll attempts"):
        rules.expected_dice(state, "Al", None)
