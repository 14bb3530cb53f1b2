"""The session over a real store: games, validated appends, undo/redo, import/export, CSV, and
the change feed the SSE stream waits on."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.errors import (
    ConflictError,
    InvalidEventError,
    InvalidGameIdError,
    NothingToRedoError,
    NothingToUndoError,
    RecordError,
    StoreValueError,
    UnknownGameError,
)
from companion.exports.record import replay
from companion.games import find_game
from companion.session import Session
from companion.session.errors import FieldError
from companion.session.table import Table

GOLDEN = Path(__file__).parents[1] / "golden" / "example3.ryb"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


@pytest.fixture
def game(session: Session) -> str:
    return session.create_from_options(["Al", "Bruce"], {"edition": "2000"}).game_id


def snapshot(session: Session, game_id: str) -> tuple[Any, ...]:
    view = session.view(game_id)
    history = [h.to_json() for h in session.history(game_id)]
    return view.seq, view.version, json.dumps(view.state, sort_keys=True), history


def test_create_from_options_builds_the_header(session: Session) -> None:
    view = session.create_from_options(
        ["Al", "Bruce"], {"edition": "1999", "rules": "lenient", "draft": False, "title": "Fri"}
    )
    assert dict(view.header) == {
        "Game": "ryb",
        "Players": "Al, Bruce",
        "Edition": "1999",
        "Rules": "lenient",
        "Draft": "no",
        "Title": "Fri",
    }
    assert (view.title, view.seq, view.version, view.pending) == ("Fri", 0, "0.0", None)
    assert view.state["options"]["edition"] == "1999"
    assert view.state["turn"]["player"] == "Al"


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        ("Al, Bruce", {}, "players"),
        ([], {}, "players"),
        (["Al", ""], {}, "players"),
        (["Al", "Bo,b"], {}, "players"),
        (["Al"], {}, "players"),
        (["Al", "Al"], {}, "players"),
        (["Al", "7up"], {}, "players"),
        (["Al", "Bruce"], {"edition": "1998"}, "options.edition"),
        (["Al", "Bruce"], {"rules": "loose"}, "options.rules"),
        (["Al", "Bruce"], {"colour": "red"}, "options.colour"),
        (["Al", "Bruce"], {"edition": 2000}, "options.edition"),
        (["Al", "Bruce"], ["edition"], "options"),
    ],
)
def test_bad_new_game_names_the_field_and_stores_nothing(
    session: Session, players: object, options: object, field: str
) -> None:
    with pytest.raises(FieldError) as caught:
        session.create_from_options(players, options)
    assert caught.value.field == field
    assert str(caught.value).count("[") <= 1
    assert session.list_games() == []


def test_append_stores_the_canonical_line(session: Session, game: str) -> None:
    view = session.append(game, "Al:   goal   orange 7   ")
    assert (view.seq, view.version) == (1, "1.0")
    assert [h.line for h in session.history(game)] == ["Al: goal orange 7 value 21"]
    assert view.state["turn"]["phase"] == "attempt"
    assert view.state["goals"][0]["colour"] == "orange"


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("Al: fly away", RecordError, "unknown verb 'fly'"),
        ("Al: attempt orange r3 r9", RecordError, "bad die 'r9'"),
        ("no colon here", RecordError, "NAME: VERB"),
        ("", RecordError, "one line"),
        ("Al: goal orange 7\nAl: pass", RecordError, "one line"),
        ("Bruce: goal orange 7", InvalidEventError, "Bruce"),
        ("Al: attempt orange r3 r4 y5 y2", InvalidEventError, "must play a card"),
        ("Zed: goal orange 7", InvalidEventError, "Zed"),
        ("Al: goal orange 8", RecordError, "no Orange 8 card"),
        (7, FieldError, "line must be a string"),
    ],
)
def test_refused_line_changes_nothing(
    session: Session, game: str, line: Any, error: type[Exception], words: str
) -> None:
    before = snapshot(session, game)
    with pytest.raises(error) as caught:
        session.append(game, line)
    assert words in str(caught.value)
    assert snapshot(session, game) == before


def test_expected_seq_is_the_head_and_a_stale_one_conflicts(session: Session, game: str) -> None:
    session.append(game, "Al: goal orange 7", expected_seq=0)
    before = snapshot(session, game)
    with pytest.raises(ConflictError) as caught:
        session.append(game, "Al: pass", expected_seq=0)
    assert (caught.value.expected_seq, caught.value.actual_seq) == (0, 1)
    assert snapshot(session, game) == before
    assert session.append(game, "Al: pass", expected_seq=1).seq == 2


def test_undo_redo_fold_one_event_fewer_and_back(session: Session, game: str) -> None:
    with pytest.raises(NothingToUndoError):
        session.undo(game)
    played = session.append(game, "Al: goal orange 7")
    undone = session.undo(game, expected_seq=1)
    assert (undone.seq, undone.state["goals"]) == (0, [])
    assert [(h.seq, h.undone) for h in session.history(game)] == [(1, True)]
    redone = session.redo(game, expected_seq=0)
    assert (redone.seq, redone.state) == (1, played.state)
    with pytest.raises(NothingToRedoError):
        session.redo(game)


def test_unknown_and_malformed_game_ids(session: Session) -> None:
    with pytest.raises(UnknownGameError):
        session.view("zzzzzzzzzz")
    for bad in ("../../etc", "ZZZZZZZZZZ", "", "a" * 11):
        with pytest.raises(InvalidGameIdError):
            session.view(bad)


def test_import_then_export_round_trips_example3(session: Session) -> None:
    text = GOLDEN.read_text()
    view = session.import_record(text)
    assert view.seq == 8
    assert view.state == find_game("ryb").state_json(replay(text))
    exported = session.export(view.game_id)
    assert exported.startswith('[Game "ryb"]\n[Players "Al, Bruce, Catherine"]\n')
    again = session.import_record(exported)
    assert again.state == view.state
    assert session.export(again.game_id) == exported
    assert {h.source for h in session.history(view.game_id)} == {"import"}


@pytest.mark.parametrize(
    ("text", "line_no", "words"),
    [
        ('[Players "Al, Bruce"]\nAl: goal orange 7\nAl: attempt orange r9\n', 3, "bad die"),
        ('[Players "Al"]\n', 1, "2 to 5 players"),
        ('[Players "Al, Bo"]\n[Edition "3000"]\n', 2, "'3000'"),
        ('[Players "Al, Bo"]\nBo: pass\n', 2, "Bo"),
        ('[Game "chess"]\n[Players "Al, Bo"]\n', 1, "unknown game"),
    ],
)
def test_bad_record_names_its_line_and_stores_nothing(
    session: Session, text: str, line_no: int, words: str
) -> None:
    with pytest.raises(RecordError) as caught:
        session.import_record(text)
    assert caught.value.line_no == line_no
    assert words in str(caught.value)
    assert session.list_games() == []


@pytest.mark.parametrize("text", ["", "   \n", "# only a comment\n"])
def test_empty_record_is_refused(session: Session, text: str) -> None:
    with pytest.raises((FieldError, RecordError)):
        session.import_record(text)
    assert session.list_games() == []


def test_rolls_csv_has_one_row_per_roll(session: Session) -> None:
    view = session.import_record(GOLDEN.read_text())
    rows = session.rolls_csv(view.game_id).splitlines()
    assert rows == [
        "seq,player,goal,dice,total_red,total_orange,total_yellow,total_green,total_blue,"
        "total_purple,total_black,points,completed,source",
        "2,Al,green 9,y4 y5 b2 b5,0,0,9,7,7,0,0,7,no,import",
        "5,Bruce,green 9,y1 y4 y5 b3 b5,0,0,10,8,8,0,0,8,no,import",
        "7,Catherine,red 18,r3 r4,7,0,0,0,0,0,0,7,no,import",
    ]


def test_list_games_summarises_each(session: Session, game: str) -> None:
    session.append(game, "Al: goal orange 7")
    (summary,) = session.list_games()
    assert summary.to_json() | {"created_at": "", "updated_at": "", "title": ""} == {
        "id": game,
        "game": "ryb",
        "title": "",
        "seq": 1,
        "players": ["Al", "Bruce"],
        "current_player": "Al",
        "winner": None,
        "created_at": "",
        "updated_at": "",
        "scores": [0, 0],
        "lowest_wins": False,
    }


def test_header_values_the_store_refuses_store_nothing(session: Session) -> None:
    with pytest.raises(StoreValueError):
        session.create_game({"Players": "Al, Bo", "Title": " padded "})
    assert session.list_games() == []


def test_wait_for_change_times_out_then_wakes_on_append(session: Session, game: str) -> None:
    version = session.view(game).version
    assert session.wait_for_change(game, version, timeout_s=0.1) is None
    assert session.wait_for_change(game, "stale", timeout_s=0.1) == session.view(game)

    got: list[Any] = []
    waiter = threading.Thread(target=lambda: got.append(session.wait_for_change(game, version, 5)))
    waiter.start()
    session.append(game, "Al: goal orange 7")
    waiter.join(5)
    assert [v.seq for v in got] == [1]


def test_wait_for_change_sees_another_session_on_the_same_folder(
    session: Session, game: str, tmp_path: Path
) -> None:
    version = session.view(game).version
    with Session.open(tmp_path / "data") as other:
        timer = threading.Timer(0.2, lambda: other.append(game, "Al: goal orange 7"))
        timer.start()
        changed = session.wait_for_change(game, version, timeout_s=5)
        timer.join()
    assert changed is not None and changed.seq == 1


def test_closing_the_table_wakes_waiters_without_probing_again() -> None:
    """The session closes its store right after its table, so a waiter woken by the close must
    not probe (read the store) again: it returns None at once."""
    table = Table()
    probed: list[bool] = []
    first = threading.Event()

    def probe() -> None:
        probed.append(table.closed)
        first.set()

    got: list[Any] = []
    waiter = threading.Thread(target=lambda: got.append(table.wait_until(probe, 30, 30)))
    waiter.start()
    assert first.wait(5)
    time.sleep(0.2)  # let it block in the wait that the close must end
    table.close()
    waiter.join(5)
    assert not waiter.is_alive()
    assert (got, probed) == ([None], [False])
    assert table.wait_until(probe, 30, 30) is None
    assert probed == [False]


def test_closing_the_session_ends_every_wait_quietly(session: Session, game: str) -> None:
    version = session.view(game).version
    outcomes: list[object] = []

    def wait() -> None:
        try:
            outcomes.append(session.wait_for_change(game, version, 30))
        except Exception as exc:  # the test reports whatever escaped
            outcomes.append(exc)

    waiters = [threading.Thread(target=wait) for _ in range(8)]
    for waiter in waiters:
        waiter.start()
    time.sleep(0.2)
    session.close()
    for waiter in waiters:
        waiter.join(5)
    assert outcomes == [None] * 8
    assert session.wait_for_change(game, version, 30) is None
