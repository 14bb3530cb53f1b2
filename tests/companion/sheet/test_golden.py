"""Whole score sheets in tests/companion/golden/sheet-*.sheet replay to the `.json` beside them,
export and replay to the same state, and go through the session and the CLI; every record in
golden/sheet-refused/ is refused at the line and for the reason its first line gives, and the
stored game it is appended to stays as it was.

Regenerate after a deliberate change: `DICETABLE_REGEN_GOLDEN=1 python -m pytest <this file>`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RecordError
from companion.exports.record import parse_record, replay
from companion.games.sheet import format_event, state_json
from companion.session import Session
from tests.companion.golden_support import assert_export_replays, assert_matches_golden

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = sorted(GOLDEN.glob("sheet-*.sheet"))
REFUSED = sorted((GOLDEN / "sheet-refused").glob("*.sheet"))


def final(name: str) -> dict[str, object]:
    return state_json(replay((GOLDEN / f"{name}.sheet").read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_sheet_replays_to_its_json(path: Path) -> None:
    assert_matches_golden(path, state_json(replay(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_golden_sheet_exports_and_replays_to_the_same_state(path: Path) -> None:
    assert_export_replays(path, format_event)


@pytest.mark.parametrize(
    ("name", "scores", "winner", "ending"),
    [
        (
            "sheet-target",
            [52, 30, 75],
            "Mary Jo",
            "Ann and Mary Jo reached the target 50 in round 4",
        ),
        ("sheet-sixes", [36, 36], "Ann and Ben", "the game is 3 rounds long"),
        ("sheet-lowest", [5, 2, 0], "Cat", "Ann reached the target 5 in round 2"),
        ("sheet-end", [1, 65], "Bo", "the table ended the game after round 2"),
    ],
)
def test_each_sheet_ends_with_its_scores_and_winner(
    name: str, scores: list[int], winner: str, ending: str
) -> None:
    got = final(name)
    assert [p["score"] for p in got["players"]] == scores  # type: ignore[attr-defined]
    assert got["winner"] == winner and got["ending"] == ending and got["turn"] is None


def _refusal(path: Path) -> tuple[int, str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    line_no, _, reason = first.removeprefix("# refused: ").partition(": ")
    return int(line_no), reason


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_bad_record_is_refused_at_its_line(path: Path, tmp_path: Path) -> None:
    line_no, reason = _refusal(path)
    text = path.read_text(encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        replay(text)
    assert caught.value.line_no == line_no
    assert caught.value.line == text.splitlines()[line_no - 1]
    assert reason in str(caught.value)
    with Session.open(tmp_path) as session, pytest.raises(RecordError):
        session.import_record(text)
    with Session.open(tmp_path) as session:
        assert session.list_games() == []  # nothing half-stored


@pytest.mark.parametrize("path", REFUSED, ids=[p.stem for p in REFUSED])
def test_a_refused_line_leaves_the_stored_game_unchanged(path: Path, tmp_path: Path) -> None:
    line_no, reason = _refusal(path)
    record = parse_record(path.read_text(encoding="utf-8"))
    before = [str(r) for r in record.lines if r.line_no < line_no]
    bad = [str(r) for r in record.lines if r.line_no == line_no]
    if not bad:
        return  # a header refused: there is no game to append to (checked above)
    with Session.open(tmp_path) as session:
        view = session.create_game(record.header, "sheet")
        for line in before:
            session.append(view.game_id, line)
        stored = session.view(view.game_id)
        with pytest.raises((RecordError, ValueError)) as caught:
            session.append(view.game_id, bad[0])
        assert reason in str(caught.value)
        after = session.view(view.game_id)
        assert after.state == stored.state and after.seq == stored.seq


def test_the_session_imports_and_exports_a_sheet(tmp_path: Path) -> None:
    text = (GOLDEN / "sheet-target.sheet").read_text(encoding="utf-8")
    with Session.open(tmp_path) as session:
        view = session.import_record(text)
        assert view.game == "sheet" and view.state["winner"] == "Mary Jo"
        again = session.import_record(session.export(view.game_id))
        assert again.state == view.state


def test_cli_replays_a_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(GOLDEN / "sheet-sixes.sheet")
    assert main(["replay", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Ann and Ben"
    assert main(["replay", path]) == 0
    assert capsys.readouterr().out.splitlines() == ["Ann: 36", "Ben: 36", "winner: Ann and Ben"]
