"""Whole Farkle games in tests/companion/golden/*.farkle replay to the `.json` beside them and
export to the same state; bad records are refused whole, naming the line and why, with nothing
stored and a stored game left as it was.

Regenerate after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest <this file>`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.games.farkle import GameState, format_event, state_json
from companion.session import Session
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.farkle"))
HEAD = '[Game "farkle"]\n[Players "Ann, Ben"]\n'


def _replay(path: Path) -> GameState:
    state: GameState = replay(path.read_text(encoding="utf-8"))
    return state


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    assert_matches_golden(path, state_json(_replay(path)))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


@pytest.mark.parametrize(
    ("stem", "scores", "winners"),
    [
        ("farkle-fixed", [5050, 4250, 2700], ["Ann"]),
        ("farkle-classic", [11200, 6700], ["Al"]),
        ("farkle-tie", [4000, 4000], ["Ann", "Ben"]),
    ],
)
def test_each_golden_game_ends_as_worked_out_by_hand(
    stem: str, scores: list[int], winners: list[str]
) -> None:
    got = state_json(_replay(GOLDEN / f"{stem}.farkle"))
    assert [p["score"] for p in got["players"]] == scores
    assert got["winners"] == winners and got["over"] and got["turn"] is None


def test_the_fixed_game_holds_every_farkle_and_hot_dice_case() -> None:
    turns = state_json(_replay(GOLDEN / "farkle-fixed.farkle"))["turns"]
    farkles = [(t["player"], t["lost"], t["penalty"]) for t in turns if t["farkle"]]
    assert farkles == [
        ("Ben", 0, 0), ("Cy", 50, 0), ("Ben", 2500, 0), ("Ann", 1200, 0), ("Ben", 0, 0),
        ("Cy", 600, 0), ("Cy", 2500, 0),
    ]  # fmt: skip
    assert sum(t["hot_dice"] for t in turns) == 8  # Ann banks her second straight whole
    classic = state_json(_replay(GOLDEN / "farkle-classic.farkle"))["turns"]
    assert [(t["player"], t["penalty"], t["score"]) for t in classic if t["penalty"]] == [
        ("Al", 1000, 2000)
    ]


# Records that must be refused whole: (record body after HEAD, line number, words of the reason).
REFUSED = [
    ("Ann: roll 1 5 2 3 4 6\nAnn: keep 2\n", 4, "2 do not all score"),
    ("Ann: roll 1 5 2 3 4 6\nAnn: keep 1\nAnn: roll 1 2 3 4 5 6\n", 5, "throws 5 dice now"),
    ("Ann: roll 1 5 2 3 4 6\nAnn: roll 1 5 2 3 4 6\n", 4, "before throwing again"),
    ("Ann: roll 2 3 4 6 6 2\nAnn: roll 1 1 1 2 3 4\n", 4, "it is Ben's turn, not Ann's"),
    ("Ann: roll 1 1 1 2 3 4\nAnn: keep 1 1 1\nAnn: keep 2\n", 5, "already set aside 1 1 1"),
    ("Ann: roll 1 5 2 3 4 6\nAnn: bank 1 1 6 6\n", 4, "does not hold 1 1 6 6: too few 1s and 6s"),
    ("Ann: roll 1 2 3 4 5 8\n", 3, "'8' is not a die"),
    ("Ann: roll 1 5 2 3 4 6\nAnn: bank\n", 4, "set aside scoring dice of the throw 1 5 2 3 4 6"),
]


@pytest.mark.parametrize(("body", "line_no", "why"), REFUSED)
def test_a_bad_record_is_refused_naming_the_line(body: str, line_no: int, why: str) -> None:
    with pytest.raises(RecordError, match=why) as caught:
        replay(HEAD + body)
    assert caught.value.line_no == line_no


def test_an_opening_short_bank_is_refused_in_an_imported_record(tmp_path: Path) -> None:
    text = HEAD + '[Opening "500"]\nAnn: roll 1 5 2 3 4 6\nAnn: bank 1 5\n'
    with Session.open(tmp_path) as session:
        with pytest.raises(RecordError, match="needs 500 in one turn") as caught:
            session.import_record(text)
        assert caught.value.line_no == 5
        assert session.list_games() == []  # nothing stored


def test_refused_lines_leave_a_stored_game_unchanged(tmp_path: Path) -> None:
    with Session.open(tmp_path) as session:
        view = session.import_record(HEAD + "Ann: roll 1 5 2 3 4 6\n")
        before = (view.seq, view.state)
        lines = ["Ann: keep 1", "Ann: roll 5 5 5 2 3", "Ann: keep 2 3"]
        with pytest.raises(InvalidEventError, match="2 3 do not all score"):
            session.append_lines(view.game_id, lines)
        after = session.view(view.game_id)
        assert (after.seq, after.state) == before
        again = session.append_lines(view.game_id, [*lines[:2], "Ann: bank 5 5 5"])
        assert again.state["players"][0]["score"] == 600


def test_a_session_exports_the_game_it_imported(tmp_path: Path) -> None:
    text = (GOLDEN / "farkle-fixed.farkle").read_text(encoding="utf-8")
    with Session.open(tmp_path) as session:
        view = session.import_record(text)
        assert view.game == "farkle" and view.state["winner"] == "Ann"
        assert session.import_record(session.export(view.game_id)).state == view.state
