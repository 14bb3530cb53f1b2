"""Amending an earlier event (issue 32 item 15): the amendment is appended like any other event,
every later event is checked against it, and a refusal names the first event it would break;
nothing stored is rewritten, and undo takes the amendment back."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.session import Session
from companion.session.errors import FieldError

LINES = (
    "Al: goal red 10 value 30",
    "Al: attempt red r2 r2",
    "Al: bank 4",
    "Al: pass",
    "Bruce: goal blue 12 value 30",
)


@pytest.fixture
def game(tmp_path: Path) -> tuple[Session, str]:
    session = Session.open(tmp_path)
    made = session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in LINES:
        session.append(made, line)
    return session, made


def record_lines(session: Session, game_id: str) -> list[str]:
    return [line for line in session.export(game_id).splitlines() if line and line[0] != "["]


def test_an_amendment_replaces_one_line_and_keeps_the_rest(game: tuple[Session, str]) -> None:
    session, made = game
    view = session.append(made, "amend #2 Al: attempt red r3 r4")
    assert view.seq == 6
    assert record_lines(session, made) == [LINES[0], "Al: attempt red r3 r4", *LINES[2:]]
    stored = [e.line for e in session.history(made)]
    assert stored == [*LINES, "amend #2 Al: attempt red r3 r4"]  # nothing rewritten
    rows = session.rolls_csv(made).splitlines()
    assert rows[1].startswith("2,Al,red 10,r3 r4,")
    session.undo(made)
    assert record_lines(session, made) == list(LINES)


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("amend #2 Al: attempt red r1 r1", InvalidEventError, "would break #3 'Al: bank 4'"),
        ("amend #2 Al: goal red 9", InvalidEventError, "#2 cannot be"),
        ("amend #9 Al: pass", FieldError, "no live event #9"),
        ("amend #2 Al: attempt red r2 r2", FieldError, "already reads"),
        ("amend #2 Al: fly away", RecordError, "fly"),
    ],
)
def test_a_refused_amendment_names_why_and_stores_nothing(
    game: tuple[Session, str], line: str, error: type[Exception], words: str
) -> None:
    session, made = game
    with pytest.raises(error, match=words.replace("(", r"\(")):
        session.append(made, line)
    assert session.view(made).seq == len(LINES)


def test_an_amendment_is_sent_alone(game: tuple[Session, str]) -> None:
    session, made = game
    with pytest.raises(FieldError, match="alone"):
        session.append_lines(made, ["amend #2 Al: attempt red r3 r4", "Bruce: pass"])


def test_an_amendment_of_an_amendment_is_refused(game: tuple[Session, str]) -> None:
    session, made = game
    session.append(made, "amend #2 Al: attempt red r3 r4")
    with pytest.raises(FieldError, match="no live event #6"):
        session.append(made, "amend #6 Al: attempt red r4 r4")
    session.append(made, "amend #2 Al: attempt red r4 r4")  # the event itself, again
    assert record_lines(session, made)[1] == "Al: attempt red r4 r4"
