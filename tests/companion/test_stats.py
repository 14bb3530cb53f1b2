"""Roll statistics and the dice fairness check: the chi-square tail against table values, Pearson's
statistic on hand-made counts, the verdict wording, and the figures of replayed golden games."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.exports.record import parse_record, replay_steps
from companion.exports.stats import (
    FACES,
    MIN_DICE,
    FaceStats,
    GameRolls,
    chi_square_sf,
    collect,
    game_stats,
    pearson,
)
from companion.games import find_game
from companion.session import Session

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        # Critical values of the chi-square tables (NIST/SEMATECH e-Handbook, 1.3.6.7.4).
        (11.070, 5, 0.05),
        (15.086, 5, 0.01),
        (9.236, 5, 0.10),
        (20.515, 5, 0.001),
        (3.841, 1, 0.05),
        (5.991, 2, 0.05),
        (7.815, 3, 0.05),
        (18.307, 10, 0.05),
    ],
)
def test_tail_matches_the_tables(x: float, df: int, p: float) -> None:
    # The tables print x to 3 decimals, so p agrees to 4 decimals, not more.
    assert chi_square_sf(x, df) == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        # Reference values from mpmath's regularized incomplete gamma at 30 digits.
        (13.4, 5, 0.019905220334774380),
        (2.5, 3, 0.47529108334302060),
        (0.5, 1, 0.47950012218695350),
        (30.0, 1, 4.3204630578274975e-08),
        (100.0, 4, 9.83662422461598e-21),
        (200.0, 5, 2.8406228986415315e-41),
    ],
)
def test_tail_is_exact_to_double_precision(x: float, df: int, p: float) -> None:
    assert chi_square_sf(x, df) == pytest.approx(p, rel=1e-13)


@pytest.mark.parametrize("x", [0.0, 0.7, 3.0, 12.5, 60.0])
def test_tail_closed_forms(x: float) -> None:
    assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-14)
    assert chi_square_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-14)


def test_tail_ends() -> None:
    assert chi_square_sf(0.0, 5) == 1.0
    assert chi_square_sf(5000.0, 5) == 0.0
    tail = [chi_square_sf(x / 4, 5) for x in range(200)]
    assert tail == sorted(tail, reverse=True)


@pytest.mark.parametrize(
    ("x", "df", "named"),
    [
        (1.0, 0, "0"),
        (1.0, True, "True"),
        (1.0, 2.5, "2.5"),
        (-0.1, 5, "-0.1"),
        (math.nan, 5, "nan"),
        (math.inf, 5, "inf"),
    ],
)
def test_tail_refuses_bad_input(x: float, df: int, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        chi_square_sf(x, df)


@pytest.mark.parametrize(
    ("counts", "statistic", "p"),
    [
        ([10, 10, 10, 10, 10, 10], 0.0, 1.0),
        # The classic "is this die fair?" example: 60 throws, sixes come up 20 times.
        ([5, 8, 9, 8, 10, 20], 13.4, 0.0199),
        ([16, 4, 5, 5, 5, 5], 15.8, 0.0074),
        ([30, 0, 0, 0, 0, 0], 150.0, 0.0),
        ([1, 0, 0, 0, 0, 0], 5.0, 0.4159),
    ],
)
def test_pearson_on_hand_made_counts(counts: list[int], statistic: float, p: float) -> None:
    test = pearson(counts)
    assert test.statistic == pytest.approx(statistic, abs=1e-12)
    assert test.df == 5
    assert test.p_value == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize("counts", [[], [3], [1, -1, 2, 2, 2, 2], [0] * 6, [1.0] * 6, [True] * 6])
def test_pearson_refuses_bad_counts(counts: list[int]) -> None:
    with pytest.raises(ValueError, match="count"):
        pearson(counts)


@pytest.mark.parametrize(
    ("counts", "verdict", "message"),
    [
        ((0, 0, 0, 0, 0, 0), "too_few", "no dice rolled yet"),
        (
            (5, 5, 5, 5, 5, 4),
            "too_few",
            f"too few rolls to tell (29 dice; the check needs {MIN_DICE})",
        ),
        ((29, 0, 0, 0, 0, 0), "too_few", "too few rolls to tell (29 dice; the check needs 30)"),
        ((5, 5, 5, 5, 5, 5), "even", "no sign of bias (p = 1)"),
        ((0, 5, 5, 5, 5, 10), "even", "no sign of bias (p = 0.075)"),
        ((5, 8, 9, 8, 10, 20), "even", "no clear sign of bias (p = 0.02)"),
        ((16, 4, 5, 5, 5, 5), "even", "no clear sign of bias (p = 0.0074)"),
        ((1, 4, 5, 5, 5, 16), "uneven", "looks uneven (p = 0.00052): check the red dice"),
        ((30, 0, 0, 0, 0, 0), "uneven", "looks uneven (p < 0.0001): check the red dice"),
    ],
)
def test_verdict_in_words(counts: tuple[int, ...], verdict: str, message: str) -> None:
    stats = FaceStats("red", counts)
    assert (stats.verdict, stats.message) == (verdict, message)


def test_fair_dice_watched_roll_by_roll_are_rarely_flagged() -> None:
    """The check runs after every roll on four groups: fair dice must not be accused often.
    Of 300 simulated games of 60 rolls (2 dice of each colour), 1.3 % are flagged at some look
    with ALPHA 0.001; with 0.01 it would be 19 %."""
    rng = np.random.default_rng(11)
    flagged = 0
    for faces in rng.integers(0, FACES, size=(300, 60, 3, 2)):
        counts = np.zeros((4, FACES), dtype=int)
        seen = False
        for roll in faces:
            for colour, dice in enumerate(roll):
                np.add.at(counts[colour], dice, 1)
                np.add.at(counts[3], dice, 1)
            groups = (FaceStats("x", tuple(int(n) for n in row)) for row in counts)
            seen = seen or any(g.verdict == "uneven" for g in groups)
        flagged += seen
    assert flagged / 300 < 0.06


def test_overall_verdict_names_all_dice() -> None:
    assert FaceStats("all", (0, 0, 0, 0, 0, 30)).message.endswith("check the dice")


def test_face_stats_json() -> None:
    assert FaceStats("blue", (1, 0, 0, 0, 0, 1)).to_json() == {
        "colour": "blue",
        "dice": 2,
        "counts": [1, 0, 0, 0, 0, 1],
        "mean": 3.5,
        "chi_square": 4.0,
        "df": 5,
        "p_value": pytest.approx(0.5494159513527803),
        "verdict": "too_few",
        "message": "too few rolls to tell (2 dice; the check needs 30)",
    }
    empty = FaceStats("blue", (0,) * 6).to_json()
    assert (empty["mean"], empty["chi_square"], empty["p_value"]) == (None, None, None)


def rolls_of(text: str) -> GameRolls:
    record = parse_record(text)
    start = find_game("ryb").new_game(record.header)
    return collect(start, ((n, s.event, s.state) for n, s in enumerate(replay_steps(text), 1)))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data") as opened:
        yield opened


def stored_stats(session: Session, text: str) -> dict[str, Any]:
    """Import the record and compute the figures from the stored events, as the API does."""
    view = session.import_record(text)
    live = [h for h in session.history(view.game_id) if not h.undone]
    return game_stats(find_game(view.game), view.header, live).to_json()


def test_golden_game_with_a_do_over(session: Session) -> None:
    text = (GOLDEN / "win-2000.ryb").read_text()
    rolls = rolls_of(text).rolls
    assert [(r.seq, r.player, r.kind, r.completed) for r in rolls] == [
        (3, "Al", "attempt", True),
        (6, "Al", "attempt", False),
        (9, "Bo", "attempt", False),
        (12, "Al", "attempt", False),
        (13, "Al", "doover", True),
        (15, "Bo", "attempt", False),
        (18, "Al", "attempt", True),
    ]
    stats = stored_stats(session, text)
    # Counted by hand from the record's dice.
    assert [(c["colour"], c["counts"]) for c in stats["colours"]] == [
        ("red", [3, 1, 3, 1, 2, 3]),
        ("yellow", [0, 2, 1, 1, 1, 1]),
        ("blue", [2, 2, 0, 1, 2, 1]),
    ]
    overall = stats["overall"]
    assert overall == {
        "colour": "all",
        "dice": 27,
        "counts": [5, 5, 4, 3, 5, 5],
        "mean": pytest.approx(94 / 27),
        "chi_square": pytest.approx(7 / 9),
        "df": 5,
        "p_value": pytest.approx(0.97843, abs=1e-5),
        "verdict": "too_few",
        "message": "too few rolls to tell (27 dice; the check needs 30)",
    }
    assert stats["players"] == [
        {
            "name": "Al",
            "attempts": 4,
            "rolls": 5,
            "dice": 19,
            "mean_pips": 4.0,
            "goals_completed": 3,
        },
        {
            "name": "Bo",
            "attempts": 2,
            "rolls": 2,
            "dice": 8,
            "mean_pips": 2.25,
            "goals_completed": 0,
        },
    ]
    assert stats["rolls"] == 7


def test_golden_game_with_a_reroll_and_a_raid(session: Session) -> None:
    stats = stored_stats(session, (GOLDEN / "variants-1999.ryb").read_text())
    overall = stats["overall"]
    assert overall["counts"] == [6, 10, 4, 4, 4, 4]
    assert overall["chi_square"] == pytest.approx(5.5)
    assert overall["message"] == "no sign of bias (p = 0.36)"
    # Cat's re-roll completes Yellow 6 after she paid with Orange 7: two completions, one pile.
    assert [
        (p["name"], p["attempts"], p["rolls"], p["dice"], p["goals_completed"])
        for p in stats["players"]
    ] == [
        ("Al", 3, 3, 14, 2),
        ("Bruce", 3, 3, 8, 0),
        ("Cat", 3, 4, 10, 2),
    ]


CANCEL_GAME = """[Players "Al, Bo"]
[Cancel "yes"]
Al: goal red 6 value 12
Al: attempt red r1 r2
Al: doover r3 r4
{cancel}Al: bank 1
"""


@pytest.mark.parametrize(("cancel", "completed"), [("", True), ("Bo: cancel\n", False)])
def test_cancelled_do_over_counts_its_dice_not_its_goal(cancel: str, completed: bool) -> None:
    text = CANCEL_GAME.format(cancel=cancel)
    if completed:
        text = text.replace("Al: bank 1\n", "")
    rolls = rolls_of(text).rolls
    assert [(r.kind, [str(d) for d in r.dice], r.completed) for r in rolls] == [
        ("attempt", ["r1", "r2"], False),
        ("doover", ["r3", "r4"], completed),
    ]


def test_undone_rolls_are_left_out(session: Session) -> None:
    gid = session.create_from_options(["Al", "Bo"], {}).game_id
    session.append(gid, "Al: goal red 18 value 36")
    session.append(gid, "Al: attempt red r6 r6")
    session.undo(gid)
    session.append(gid, "Al: attempt red r1 r2")
    info = session.view(gid)
    live = [h for h in session.history(gid) if not h.undone]
    stats = game_stats(find_game(info.game), info.header, live)
    assert stats.overall.counts == (1, 1, 0, 0, 0, 0)
    assert stats.players[0].attempts == 1


def test_a_game_without_rolls() -> None:
    stats = rolls_of('[Players "Al, Bo"]\nAl: goal red 6 value 12\n')
    assert stats == GameRolls(("Al", "Bo"), ())
