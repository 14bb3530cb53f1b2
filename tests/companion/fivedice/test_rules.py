"""A five-dice turn: up to three throws with dice kept aside, then one box; the upper bonus; the
end of the game; every refusal in words with the state unchanged; the record lines."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games.fivedice import Box, format_event, new_game, parse_event, state_json
from companion.games.fivedice.events import Event, Keep, Roll, Score
from companion.games.fivedice.rules import apply
from companion.games.fivedice.state import GameState, Sheet
from tests.companion.fivedice.support import all_but, at


def play(state: GameState, *lines: str) -> GameState:
    for line in lines:
        state = apply(state, parse_event(line))
    return state


def two() -> GameState:
    return new_game(["Ann", "Ben"])


def test_a_turn_of_three_throws_then_a_box() -> None:
    state = play(two(), "Ann: roll 3 4 4 2 6", "Ann: keep 4 4")
    assert state.turn.throws == 1 and state.turn.kept == (4, 4)
    state = play(state, "Ann: roll 4 4 4 1 5")
    assert state.turn.throws == 2 and (state.turn.kept, state.turn.held) == ((), (4, 4))
    state = play(state, "Ann: keep 4 4 4", "Ann: roll 4 4 4 4 1", "Ann: score fours")
    assert state.sheets[0].boxes == {Box.FOURS: 16}
    assert state.player == "Ben" and state.turn.throws == 0
    assert state.last is not None and state.last.points == 16
    turn = state_json(state)["turn"]
    assert turn == {
        "player": "Ben", "round": 1, "throws": 0, "throws_left": 3, "dice": [], "kept": [],
        "held": [], "choices": [], "joker": None,
    }  # fmt: skip


def test_the_page_is_offered_every_open_box_with_its_score() -> None:
    state = play(two(), "Ann: roll 4 4 4 2 2")
    offered = {c["box"]: (c["points"], c["why"]) for c in state_json(state)["turn"]["choices"]}
    assert len(offered) == 13
    assert offered["fours"] == (12, "three 4s: 4 + 4 + 4 = 12")
    assert offered["full-house"] == (25, "three 4s and two 2s: a full house scores 25")
    assert offered["large-straight"] == (0, "no large straight: 0")


@pytest.mark.parametrize(
    ("upper", "bonus"), [((3, 6, 9, 12, 15, 18), 35), ((3, 6, 9, 12, 15, 17), 0)]
)
def test_the_upper_bonus_at_63(upper: tuple[int, ...], bonus: int) -> None:
    sheet = Sheet(dict(zip(list(Box)[:6], upper, strict=True)))
    assert sheet.upper_bonus == bonus and sheet.total == sum(upper) + bonus


def test_the_game_ends_when_every_box_is_filled() -> None:
    state = at((6, 6, 6, 6, 6), all_but(Box.FIVE_KIND, points=3))
    state = apply(state, Score("Ann", Box.FIVE_KIND, 50))
    got = state_json(state)
    assert got["over"] and got["winner"] == "Ann" and got["turn"]["player"] is None
    assert got["players"][0]["score"] == 6 * 3 + 6 * 3 + 50


def test_a_tie_shares_the_win() -> None:
    state = replace(two(), sheets=(Sheet(all_but(points=2)), Sheet(all_but(points=2))))
    assert state.winners() == ("Ann", "Ben")
    assert state_json(state)["winner"] == "Ann and Ben"


@pytest.mark.parametrize(
    ("lines", "bad", "why"),
    [
        ((), "Ben: roll 1 2 3 4 5", "it is Ann's turn, not Ben's"),
        ((), "Cy: roll 1 2 3 4 5", "Cy is not playing (players: Ann, Ben)"),
        ((), "Ann: score chance", "Ann has not thrown yet this turn: roll the five dice first"),
        ((), "Ann: keep 1", "Ann has not thrown yet this turn: there are no dice to keep"),
        (
            ("Ann: roll 1 2 3 4 5",),
            "Ann: keep 6",
            "Ann's dice show 1 2 3 4 5: no 6 to keep",
        ),
        (
            ("Ann: roll 1 1 3 4 5",),
            "Ann: keep 1 1 1",
            "Ann's dice show 1 1 3 4 5: no 1 to keep",
        ),
        (
            ("Ann: roll 1 1 3 4 5", "Ann: keep 1 1"),
            "Ann: roll 1 2 2 2 2",
            "Ann kept 1 1 aside, so they must lie among the five; 1 2 2 2 2 has no 1",
        ),
        (
            ("Ann: roll 1 1 3 4 5", "Ann: keep 1 1", "Ann: keep"),
            "Ann: roll 2 2 2 2 2",
            "",
        ),
        (
            ("Ann: roll 1 1 3 4 5", "Ann: roll 1 1 1 4 5", "Ann: roll 1 1 1 1 5"),
            "Ann: roll 1 1 1 1 1",
            "Ann has thrown 3 times this turn: choose a box for 1 1 1 1 5",
        ),
        (
            ("Ann: roll 1 1 3 4 5", "Ann: roll 1 1 1 4 5", "Ann: roll 1 1 1 1 5"),
            "Ann: keep 1 1 1 1",
            "Ann has thrown 3 times this turn: choose a box for 1 1 1 1 5",
        ),
        (
            ("Ann: roll 1 1 3 4 5", "Ann: score ones", "Ben: roll 2 2 2 2 2", "Ben: score twos"),
            "Ann: roll 1 1 1 1 1",
            "",
        ),
        (
            ("Ann: roll 1 1 3 4 5",),
            "Ann: score ones 3",
            "1 1 3 4 5 scores 2 in Ones, not 3 (two 1s: 1 + 1 = 2)",
        ),
    ],
)
def test_refused_lines_change_nothing(lines: tuple[str, ...], bad: str, why: str) -> None:
    state = play(two(), *lines)
    if not why:  # a control row: the line is fine here
        play(state, bad)
        return
    with pytest.raises(InvalidEventError) as refused:
        apply(state, parse_event(bad))
    assert str(refused.value) == why


def test_a_filled_box_and_a_finished_game_are_refused() -> None:
    state = play(two(), "Ann: roll 1 1 3 4 5", "Ann: score ones", "Ben: roll 1 1 1 1 2")
    state = play(state, "Ben: score chance", "Ann: roll 1 2 3 4 6")
    with pytest.raises(InvalidEventError, match=r"^Ann's Ones box already holds 2$"):
        apply(state, parse_event("Ann: score ones"))
    over = replace(two(), sheets=(Sheet(all_but(points=4)), Sheet(all_but(points=3))))
    with pytest.raises(
        InvalidEventError, match=r"^the game is over: every box is filled \(Ann won\)$"
    ):
        apply(over, parse_event("Ann: roll 1 2 3 4 5"))


@pytest.mark.parametrize("count", [0, 9])
def test_players_one_to_eight(count: int) -> None:
    with pytest.raises(InvalidEventError, match=f"for 1 to 8 players, not {count}"):
        new_game([f"P{k}" for k in range(count)])


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Ann: roll 3 4 4 2 6", Roll("Ann", (3, 4, 4, 2, 6))),
        ("Ann: keep 4 4", Keep("Ann", (4, 4))),
        ("Ann: keep", Keep("Ann", ())),
        ("Ann: score fours", Score("Ann", Box.FOURS)),
        ("Ann: score full-house 25", Score("Ann", Box.FULL_HOUSE, 25)),
    ],
)
def test_record_lines_read_and_write_back(line: str, event: Event) -> None:
    assert parse_event(line) == event
    assert format_event(event) == line


@pytest.mark.parametrize(
    ("line", "event"),
    [
        ("Ann: roll 44415", Roll("Ann", (4, 4, 4, 1, 5))),
        ("Ann: ROLL 44 415", Roll("Ann", (4, 4, 4, 1, 5))),
        ("Ann: keep 44", Keep("Ann", (4, 4))),
    ],
)
def test_dice_written_together(line: str, event: Event) -> None:
    assert parse_event(line) == event


@pytest.mark.parametrize(
    ("line", "box"),
    [
        ("Ann: SCORE Full_House", Box.FULL_HOUSE),
        ("Ann: score 3k", Box.THREE_KIND),
        ("Ann: score smallstraight", Box.SMALL_STRAIGHT),
        ("Ann: score yacht", Box.FIVE_KIND),
        ("Ann: score 6s", Box.SIXES),
        ("Ann: score Full House 25", Box.FULL_HOUSE),
        ("Ann: score three of a kind", Box.THREE_KIND),
        ("Ann: score small straight", Box.SMALL_STRAIGHT),
    ],
)
def test_other_spellings_of_a_box(line: str, box: Box) -> None:
    event = parse_event(line)
    assert isinstance(event, Score) and event.box is box


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("Ann roll 1 2 3 4 5", "expected `NAME: roll D D D D D`, `NAME: keep K ...`"),
        ("Ann: throw 1 2 3 4 5", "unknown verb 'throw' (verbs: roll, keep, score)"),
        ("Ann: roll 1 2 3 4", "a throw lists all 5 dice, got 4"),
        ("Ann: roll 1 2 3 4 5 6", "a throw lists all 5 dice, got 6"),
        ("Ann: roll 1 2 3 4 7", "die 5 shows '7': a die shows 1 to 6"),
        ("Ann: roll 12347", "die 1 shows '12347': a die shows 1 to 6"),
        ("Ann: roll 123456", "a throw lists all 5 dice, got 6"),
        ("Ann: roll 1 2 3 4 5 keep 1", "dice kept aside go on a line of their own"),
        ("Ann: keep 0", "a kept die shows '0': a die shows 1 to 6"),
        ("Ann: keep 1 2 3 4 5", "keep names at most 4 dice"),
        ("Ann: score", "usage: score BOX [POINTS]"),
        ("Ann: score pair", "'pair' is not a box (boxes: ones, twos"),
        ("Ann: score ones two", "'ones two' is not a box"),
        ("Ann: score ones 2.5", "the points of a box are a whole number, not '2.5'"),
        ("Ann: score ones -2", "the points of a box are a whole number, not '-2'"),
        ("Ann: score 12", "'12' is not a box"),
    ],
)
def test_unreadable_lines(line: str, why: str) -> None:
    with pytest.raises(RecordError) as refused:
        parse_event(line)
    assert str(refused.value).startswith(why)
