"""Whole five-dice games in tests/companion/golden/*.fivedice replay to the `.json` beside them
and to every box, bonus and total worked out by hand below; the records in
golden/fivedice-refused/ are refused whole at the line and for the reason their first line gives,
and that line appended to the stored game leaves it as it was.

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
from companion.exports.record import parse_record, replay
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
    "fivedice-jokers": {
        "Di": ((5, 10, 15, 0, 25, 30, 10, 25, 25, 0, 40, 0, 15), (85, 35, 0, 235)),
    },
    "fivedice-solo": {
        "Cy": ((3, 10, 12, 12, 20, 0, 18, 27, 25, 30, 40, 50, 22), (57, 0, 300, 569)),
    },
}
WINNERS = {"fivedice-two": "Ann", "fivedice-solo": "Cy", "fivedice-jokers": "Di"}


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


REFUSED = sorted((GOLDEN / "fivedice-refused").glob("*.fivedice"))


def refusal(path: Path) -> tuple[int, str]:
    """The line number and reason a refused record's first line gives (`# refused: N: why`)."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    line_no, _, reason = first.removeprefix("# refused: ").partition(": ")
    return int(line_no), reason


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_bad_record_is_refused_whole_naming_the_line_and_why(path: Path, tmp_path: Path) -> None:
    line_no, reason = refusal(path)
    text = path.read_text(encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        replay(text)
    assert (refused.value.line_no, refused.value.line) == (line_no, text.splitlines()[line_no - 1])
    assert reason in str(refused.value)
    with Session.open(tmp_path) as session:
        with pytest.raises(RecordError):
            session.import_record(text)
        assert session.list_games() == []  # nothing half-stored


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_the_refused_line_appended_leaves_the_game_as_it_was(path: Path, tmp_path: Path) -> None:
    line_no, reason = refusal(path)
    record = parse_record(path.read_text(encoding="utf-8"))
    before = [str(r) for r in record.lines if r.line_no < line_no]
    bad = [str(r) for r in record.lines if r.line_no == line_no]
    if not bad:
        return  # the header is refused: there is no game to append to (checked above)
    with Session.open(tmp_path) as session:
        game = session.create_game(record.header, "fivedice").game_id
        for line in before:
            session.append(game, line)
        stored = session.view(game)
        with pytest.raises((RecordError, InvalidEventError)) as refused:
            session.append(game, bad[0])
        assert reason in str(refused.value)
        after = session.view(game)
        assert (after.state, after.seq) == (stored.state, stored.seq)


def test_five_alike_with_the_box_open_may_go_anywhere() -> None:
    text = '[Game "fivedice"]\n[Players "Ann"]\nAnn: roll 4 4 4 4 4\nAnn: score chance 20\n'
    assert state_json(replay(text))["players"][0]["boxes"]["chance"] == 20


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
