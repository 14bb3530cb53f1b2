"""Whole five-dice games in tests/companion/golden/*.fivedice replay to the `.json` beside them
and to every box, bonus and total worked out by hand below; records with a bad line are refused
whole, naming the line and why, with the stored game unchanged.

Regenerate the `.json` after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest
<this file>`, then review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import InvalidEventError, RecordError
from companion.exports.record import replay
from companion.games.fivedice import Box, format_event, state_json
from companion.session import Session
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("*.fivedice"))
BOXES = [b.value for b in Box]
# Every box by hand, in BOXES order, then (upper, upper bonus, extra bonus, total).
SHEETS = {
    "fivedice-two": {
        "Ann": ((3, 8, 9, 20, 20, 24, 27, 14, 25, 30, 40, 50, 19), (84, 35, 200, 524)),
        "Ben": ((1, 4, 15, 8, 10, 12, 23, 25, 25, 30, 40, 0, 17), (50, 0, 0, 210)),
    },
    "fivedice-solo": {
        "Cy": ((3, 10, 12, 12, 20, 0, 18, 27, 25, 30, 40, 50, 22), (57, 0, 300, 569)),
    },
}
WINNERS = {"fivedice-two": "Ann", "fivedice-solo": "Cy"}


def played(path: Path) -> dict[str, Any]:
    got: dict[str, Any] = state_json(replay(path.read_text(encoding="utf-8")))
    return got


def test_the_golden_games_are_here() -> None:
    assert {p.stem for p in GAMES} == set(SHEETS)


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_replays_to_its_json(path: Path) -> None:
    assert_matches_golden(path, played(path))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_box_and_bonus_is_as_worked_out_by_hand(path: Path) -> None:
    got = played(path)
    for player in got["players"]:
        boxes, (upper, bonus, extra, total) = SHEETS[path.stem][player["name"]]
        assert [player["boxes"][b] for b in BOXES] == list(boxes)
        assert (player["upper"], player["upper_bonus"], player["extra_bonus"]) == (
            upper, bonus, extra,
        )  # fmt: skip
        assert player["score"] == total == sum(boxes) + bonus + extra
    assert got["over"] and got["winner"] == WINNERS[path.stem]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_game_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


HEAD = '[Game "fivedice"]\n[Players "Ann, Ben"]\n'
BAD = [
    ("Ann: roll 4 4 4 4 4\nAnn: score chance 20\n", 4,
     "Ann: score chance 20", "Ann cannot score"),  # fine: five-kind open, no joker
    ("Ann: roll 1 2 3 4 5\nAnn: score large-straight 30\n", 4,
     "Ann: score large-straight 30",
     "1 2 3 4 5 scores 40 in Large straight, not 30 (1 2 3 4 5 in a row: a large straight "
     "scores 40)"),
    ("Ann: roll 1 2 3 4 5\nAnn: keep 1 2 3 4\nAnn: roll 1 2 3 4 6\nAnn: keep 1 2 3 6\n"
     "Ann: roll 1 2 3 4 4\n", 7, "Ann: roll 1 2 3 4 4",
     "Ann kept 1 2 3 6 aside, so they must lie among the five; 1 2 3 4 4 has no 6"),
    ("Ann: roll 1 2 3 4 5\nAnn: keep 1 2 6\n", 4, "Ann: keep 1 2 6",
     "Ann's dice show 1 2 3 4 5: no 6 to keep"),
    ("Ann: roll 1 2 3 4 5\nAnn: score chance\nAnn: roll 1 1 1 1 1\n", 5,
     "Ann: roll 1 1 1 1 1", "it is Ben's turn, not Ann's"),
    ("Ann: roll 1 2 3 4 5 6\n", 3, "Ann: roll 1 2 3 4 5 6", "a throw lists all 5 dice, got 6"),
    ("Ann: roll 6 6 6 6 6\nAnn: score five-kind\nBen: roll 1 2 3 4 5\nBen: score chance\n"
     "Ann: roll 6 6 6 6 6\nAnn: score full-house\n", 8, "Ann: score full-house",
     "Ann cannot score 6 6 6 6 6 in Full house: the joker rule: five 6s must go in Sixes while "
     "it is open"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "line_no", "raw", "why"), BAD[1:])
def test_a_bad_record_is_refused_naming_the_line_and_why(
    body: str, line_no: int, raw: str, why: str
) -> None:
    with pytest.raises(RecordError) as refused:
        replay(HEAD + body)
    assert (refused.value.line_no, refused.value.line) == (line_no, raw)
    assert refused.value.reason.startswith(why)


def test_five_alike_with_the_box_open_may_go_anywhere() -> None:
    state = state_json(replay(HEAD + BAD[0][0]))
    assert state["players"][0]["boxes"]["chance"] == 20


def test_an_import_with_a_bad_line_stores_nothing(tmp_path: Path) -> None:
    good = (GOLDEN / "fivedice-two.fivedice").read_text(encoding="utf-8")
    bad = good.replace("Ann: score fours 20", "Ann: score chance 20")
    with Session.open(tmp_path) as session:
        with pytest.raises(RecordError, match="the joker rule: five 4s must go in Fours"):
            session.import_record(bad)
        assert session.list_games() == []
        view = session.import_record(good)
        assert view.game == "fivedice" and view.state["winner"] == "Ann"
        again = session.import_record(session.export(view.game_id))
        assert again.state == view.state


def test_a_refused_line_leaves_the_stored_game_as_it_was(tmp_path: Path) -> None:
    with Session.open(tmp_path) as session:
        game = session.create_from_options(["Ann", "Ben"], {"game": "fivedice"}).game_id
        session.append(game, "Ann: roll 2 2 2 2 2")
        before = (session.view(game).state, [e.line for e in session.store.events(game)])
        with pytest.raises(InvalidEventError, match=r"^Ann's dice show 2 2 2 2 2: no 3 to keep$"):
            session.append(game, "Ann: keep 3")
        after = (session.view(game).state, [e.line for e in session.store.events(game)])
        assert after == before


def test_cli_replays_a_golden_game(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "fivedice-two.fivedice")
    assert main(["replay", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Ann"
