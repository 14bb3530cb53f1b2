"""Camera rolls through the session with real `DiceReading` and `SettledRoll` values: declare,
offer, check, correct, accept or cancel; a roll with no declared attempt is only the last roll."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.errors import InvalidEventError
from companion.session import Session
from companion.session.errors import FieldError, NoPendingError, PendingError
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE


def die(colour: Colour, pips: int, x: int, *, unsure: bool = False) -> Die:
    return Die(colour, pips, 0.55 if unsure else 0.97, (x, 20, x + 40, 60), unsure=unsure)


def settled(*dice: Die) -> SettledRoll:
    frame = np.full((240, 320, 3), 90, np.uint8)
    return SettledRoll(
        t_ms=2000.0,
        still_since_ms=1700.0,
        frame_index=60,
        frame_bgr=frame,
        reading=DiceReading.of(dice),
    )


TWO_RED_ONE_YELLOW = (die(R, 3, 10), die(R, 4, 60), die(Y, 4, 110))


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


@pytest.fixture
def game(session: Session) -> str:
    """Al has played Orange 7: an attempt rolls his 2 red and 2 yellow dice."""
    gid = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(gid, "Al: goal orange 7")
    return gid


def frozen(session: Session, game_id: str) -> tuple[Any, ...]:
    view = session.view(game_id)
    pending = None if view.pending is None else view.pending.to_json()
    return view.version, json.dumps(view.state), pending, len(session.history(game_id))


def test_declare_offer_correct_accept(session: Session, game: str) -> None:
    declared = session.declare_attempt(game, "Al", "orange")
    assert declared.pending is not None
    assert declared.pending.to_json()["expected"] == {"red": 2, "yellow": 2}
    assert declared.pending.check is None
    assert declared.seq == 1 and declared.version != "1.0"

    assert session.offer_roll(settled(*TWO_RED_ONE_YELLOW)) == game
    pending = session.view(game).pending
    assert pending is not None
    assert pending.check == "expected 2 red 2 yellow, saw 2 red 1 yellow"
    assert not pending.matches

    corrected = session.correct_die(game, 2, "yellow", 5).pending
    assert corrected is not None
    assert corrected.check == "expected 2 red 2 yellow, saw 2 red 1 yellow"
    assert corrected.dice[2].pips == 5 and not corrected.dice[2].unsure
    session.add_die(game, "y", 2)
    ready = session.view(game).pending
    assert ready is not None and ready.matches
    assert ready.check == "expected 2 red 2 yellow, saw 2 red 2 yellow"

    accepted = session.accept_roll(game, expected_seq=1)
    assert accepted.pending is None and accepted.seq == 2
    assert accepted.state["last_attempt"]["completed"] is True
    event = session.history(game)[-1]
    assert (event.line, event.source, event.has_thumbnail) == (
        "Al: attempt orange r3 r4 y5 y2",
        "camera",
        True,
    )
    thumb = session.thumbnail(game, event.seq)
    assert thumb is not None and thumb.startswith(b"\xff\xd8\xff")
    assert event.note == "camera saw r3 r4 y4, corrected die 3 to y5, added y2"
    camera = event.meta["camera"]
    assert [(d["colour"], d["pips"]) for d in camera["reading"]] == [
        ("red", 3),
        ("red", 4),
        ("yellow", 4),
    ]
    assert camera["frame_index"] == 60 and camera["delay_ms"] == 300.0
    assert event.meta["corrections"] == [
        {"action": "correct", "index": 2, "before": "y4", "after": "y5"},
        {"action": "add", "index": 3, "before": None, "after": "y2"},
    ]
    assert event.meta["check"] == "expected 2 red 2 yellow, saw 2 red 2 yellow"


def test_roll_with_no_declared_attempt_is_only_the_last_roll(session: Session, game: str) -> None:
    before = frozen(session, game)
    assert session.last_roll() is None
    assert session.offer_roll(settled(die(R, 6, 10), die(Y, 2, 60), die(B, 5, 110))) is None
    assert frozen(session, game) == before
    last = session.last_roll()
    assert last is not None and last.game_id is None
    assert last.to_json()["totals"] == {
        "red": 6,
        "orange": 2,
        "yellow": 2,
        "green": 2,
        "blue": 5,
        "purple": 5,
        "black": 2,
    }


def test_last_roll_flags_unsure_and_ignores_other_colours(session: Session) -> None:
    session.offer_roll(settled(die(R, 2, 10, unsure=True), die(Colour.GREEN, 5, 60)))
    last = session.last_roll()
    assert last is not None
    got = last.to_json()
    assert (got["unsure"], got["ignored"], got["needs_review"]) == ([0], [1], True)
    assert got["totals"]["red"] == 2 and got["totals"]["green"] == 0


def test_a_colour_face_die_adds_nothing_to_a_colour_s_total(session: Session) -> None:
    face = replace(die(R, 1, 60), face_colour=R)  # a flyer die showing its red face
    session.offer_roll(settled(die(R, 3, 10), face))
    last = session.last_roll()
    assert last is not None
    got = last.to_json()
    assert (got["totals"]["red"], got["ignored"]) == (3, [1])


def test_unsure_die_must_be_confirmed_before_accepting(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "#1")
    session.offer_roll(
        settled(die(R, 3, 10), die(R, 4, 60), die(Y, 4, 110), die(Y, 6, 160, unsure=True))
    )
    before = frozen(session, game)
    with pytest.raises(PendingError, match=r"die 4 \(y6\) is unsure"):
        session.accept_roll(game)
    assert frozen(session, game) == before
    session.correct_die(game, 3, "yellow", 6)
    assert session.accept_roll(game).seq == 2
    assert session.history(game)[-1].note == "camera saw r3 r4 y4 y6, confirmed die 4 as y6"


def test_rules_refuse_a_roll_that_does_not_match_the_pool(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    before = frozen(session, game)
    with pytest.raises(InvalidEventError, match="the roll shows 1 yellow"):
        session.accept_roll(game)
    after = frozen(session, game)
    assert after[1:] == before[1:]
    assert session.view(game).pending is not None


def test_a_new_roll_waits_behind_the_one_being_corrected(session: Session, game: str) -> None:
    # Issue #24: a throw that settles while players correct the last one never wipes their
    # corrections; it waits until a person takes it, and then replaces the roll and its fixes.
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    session.remove_die(game, 0)
    newer = settled(die(R, 1, 10), die(R, 1, 60), die(Y, 1, 110), die(Y, 1, 160))
    session.offer_roll(newer)
    pending = session.view(game).pending
    assert pending is not None and pending.queued is not None
    assert (len(pending.corrections), len(pending.dice)) == (1, 2)
    assert pending.to_json()["queued"]["reading"] == newer.reading.to_json()
    pending = session.use_queued(game).pending
    assert pending is not None and pending.queued is None
    assert (pending.corrections, len(pending.dice), pending.matches) == ((), 4, True)


def test_a_correction_names_the_die_it_changes(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    before = session.view(game).pending
    with pytest.raises(PendingError, match="die 1 is r3 now, not 'y4'"):
        session.remove_die(game, 0, was="y4")
    with pytest.raises(PendingError, match="the roll changed"):
        session.correct_die(game, 2, "yellow", 5, was="r3")
    assert session.view(game).pending == before
    after = session.correct_die(game, 2, "yellow", 5, was="y4").pending
    assert after is not None and after.dice[2].pips == 5


def test_nothing_newer_to_take_is_said(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    with pytest.raises(PendingError, match="no newer camera roll"):
        session.use_queued(game)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda s, g: s.correct_die(g, 3, "red", 2), "index"),
        (lambda s, g: s.correct_die(g, -1, "red", 2), "index"),
        (lambda s, g: s.correct_die(g, True, "red", 2), "index"),
        (lambda s, g: s.correct_die(g, 0, "mauve", 2), "colour"),
        (lambda s, g: s.correct_die(g, 0, 3, 2), "colour"),
        (lambda s, g: s.correct_die(g, 0, "red", 7), "pips"),
        (lambda s, g: s.correct_die(g, 0, "red", 0), "pips"),
        (lambda s, g: s.correct_die(g, 0, "red", "4"), "pips"),
        (lambda s, g: s.correct_die(g, 0, "red", True), "pips"),
        (lambda s, g: s.add_die(g, "blue", 9), "pips"),
        (lambda s, g: s.remove_die(g, 5), "index"),
        (lambda s, g: s.manual_roll(g, "y4 q2"), "dice"),
        (lambda s, g: s.manual_roll(g, "y44"), "dice"),
        (lambda s, g: s.manual_roll(g, "y7"), "dice"),
        (lambda s, g: s.manual_roll(g, 42), "dice"),
    ],
)
def test_bad_corrections_name_the_field_and_change_nothing(
    session: Session, game: str, call: Any, field: str
) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    before = frozen(session, game)
    with pytest.raises(FieldError) as caught:
        call(session, game)
    assert caught.value.field == field
    assert frozen(session, game) == before


@pytest.mark.parametrize(
    ("player", "goal", "field", "words"),
    [
        ("Bruce", "orange", "player", "it is Al's turn"),
        ("Zed", "orange", "player", "it is Al's turn"),
        ("Al", "green", "goal", "no green goal"),
        ("Al", "#4", "goal", "no goal #4"),
        ("Al", "two words", "goal", "one word"),
        ("Al", 7, "goal", "one word"),
    ],
)
def test_bad_declarations_change_nothing(
    session: Session, game: str, player: object, goal: object, field: str, words: str
) -> None:
    before = frozen(session, game)
    with pytest.raises(FieldError) as caught:
        session.declare_attempt(game, player, goal)
    assert caught.value.field == field
    assert words in str(caught.value)
    assert frozen(session, game) == before


def test_declaring_before_a_card_is_played_is_refused(session: Session, game: str) -> None:
    session.append(game, "Al: pass")
    before = frozen(session, game)
    with pytest.raises(PendingError, match=r"Bruce cannot attempt orange now: .*must play a card"):
        session.declare_attempt(game, "Bruce", "orange")
    assert frozen(session, game) == before


def test_cancel_and_actions_without_a_pending_attempt(session: Session, game: str) -> None:
    calls: list[Callable[[], object]] = [
        lambda: session.accept_roll(game),
        lambda: session.cancel_attempt(game),
        lambda: session.correct_die(game, 0, "red", 1),
        lambda: session.add_die(game, "red", 1),
        lambda: session.remove_die(game, 0),
    ]
    for call in calls:
        with pytest.raises(NoPendingError):
            call()
    session.declare_attempt(game, "Al", "orange")
    assert session.cancel_attempt(game).pending is None
    assert session.offer_roll(settled(*TWO_RED_ONE_YELLOW)) is None


def test_manual_roll_fills_the_pending_attempt(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    view = session.manual_roll(game, "r2 r2 y3 y1")
    assert view.pending is not None and view.pending.source == "manual"
    assert view.pending.check == "expected 2 red 2 yellow, saw 2 red 2 yellow"
    accepted = session.accept_roll(game)
    event = session.history(game)[-1]
    assert (event.source, event.has_thumbnail, event.note) == (
        "manual",
        False,
        "entered by hand: r2 r2 y3 y1",
    )
    assert accepted.state["last_attempt"]["points"] == 4
    last = session.last_roll()
    assert last is not None and last.game_id == game


def test_two_accepts_at_once_append_one_attempt(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.manual_roll(game, "r2 r2 y3 y1")
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def accept() -> None:
        barrier.wait()
        try:
            session.accept_roll(game)
            outcomes.append("ok")
        except (NoPendingError, InvalidEventError) as exc:
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=accept) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert sorted(outcomes)[-1] == "ok" and outcomes.count("ok") == 1
    assert [h.line.split()[1] for h in session.history(game)] == ["goal", "attempt"]


ATTEMPT_LINE = "Al: attempt orange r1 r1 y1 y1"


def _other_process(session: Session, game: str) -> None:
    with Session.open(session.data_dir) as other:
        other.append(game, "Al: pass")


@pytest.mark.parametrize(
    ("before", "move", "cause", "reason"),
    [
        (
            [],
            lambda s, g: s.append(g, "Al: pass"),
            "append",
            "the game moved on: 'Al: pass' was recorded; it is Bruce's turn now",
        ),
        (
            [],
            lambda s, g: s.append(g, ATTEMPT_LINE),
            "append",
            f"the game moved on: {ATTEMPT_LINE!r} was recorded",
        ),
        (
            [],
            lambda s, g: s.undo(g),
            "undo",
            "the game moved on: undo took back 'Al: goal orange 7 value 21'",
        ),
        (
            [lambda s, g: s.append(g, ATTEMPT_LINE), lambda s, g: s.undo(g)],
            lambda s, g: s.redo(g),
            "redo",
            f"the game moved on: redo brought back {ATTEMPT_LINE!r}",
        ),
        (
            [],
            _other_process,
            "changed",
            "the game changed elsewhere (seq 1, now 2)",
        ),
    ],
    ids=["turn-passed", "typed-attempt", "undo", "redo", "another-process"],
)
def test_a_pending_attempt_the_game_moved_past_is_cleared_with_its_reason(
    session: Session, game: str, before: list[Any], move: Any, cause: str, reason: str
) -> None:
    for step in before:
        step(session, game)
    declared = session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    move(session, game)
    view = session.view(game)
    assert view.pending is None and view.version != declared.version
    assert view.to_json()["pending_cleared"] == {
        "player": "Al",
        "goal": "orange",
        "cause": cause,
        "reason": reason,
        "seq": view.seq,
    }
    with pytest.raises(NoPendingError, match=r"Al's attempt on orange was cleared: the game"):
        session.accept_roll(game)
    assert session.offer_roll(settled(*TWO_RED_ONE_YELLOW)) is None


def test_the_cleared_note_lasts_until_the_game_or_a_declaration_moves_on(
    session: Session, game: str
) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.append(game, ATTEMPT_LINE)
    assert session.view(game).pending_cleared is not None
    session.undo(game)
    assert session.view(game).pending_cleared is None
    session.redo(game)
    session.undo(game)
    session.declare_attempt(game, "Al", "orange")
    session.append(game, "Al: pass")
    assert session.view(game).pending_cleared is not None
    session.undo(game)
    assert session.view(game).pending_cleared is None
    declared = session.declare_attempt(game, "Al", "orange")
    assert declared.pending is not None and declared.pending_cleared is None


def test_accepting_is_not_moving_past_the_attempt(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.manual_roll(game, "r2 r2 y3 y1")
    accepted = session.accept_roll(game)
    assert (accepted.pending, accepted.pending_cleared, accepted.seq) == (None, None, 2)
    with pytest.raises(NoPendingError) as caught:
        session.cancel_attempt(game)
    assert "cleared" not in str(caught.value)


def test_a_refused_accept_keeps_the_attempt(session: Session, game: str) -> None:
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled(*TWO_RED_ONE_YELLOW))
    with pytest.raises(InvalidEventError):
        session.accept_roll(game)
    view = session.view(game)
    assert view.pending is not None and view.pending_cleared is None


def test_an_older_read_never_clears_a_newer_declaration(session: Session, game: str) -> None:
    """A view folded at seq 1 while someone appends and declares at seq 2 must not clear the
    new attempt: the table reads the head again before clearing."""
    session.append(game, "Al: pass")
    session.append(game, "Bruce: goal red 6")
    session.declare_attempt(game, "Bruce", "red")
    asked: list[int] = []

    def why(pending: Any, head: int) -> tuple[str, str]:
        asked.append(head)
        return "changed", "an older read"

    session.table.clear_stale(game, 1, lambda: session.store.head_seq(game), why)
    assert asked == []
    view = session.view(game)
    assert view.pending is not None and view.pending_cleared is None
