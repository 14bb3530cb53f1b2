"""Invariants of the five-dice game, as hypothesis properties: whatever is thrown and whichever
allowed box is chosen, a whole game ends after thirteen turns each with every box filled, each
sheet's total is its boxes plus its bonuses, a box never scores past what five dice can, a
joker never lets five alike go where the rule forbids, and the game's record replays to the same
state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.exports.record import format_record, replay
from companion.games.fivedice import Box, box_score, format_event, parse_event
from companion.games.fivedice.choices import choices
from companion.games.fivedice.events import Event, Keep, Roll, Score
from companion.games.fivedice.rules import apply, new_game
from companion.games.fivedice.scoring import UPPER, UPPER_BONUS

dice = st.tuples(*[st.integers(min_value=1, max_value=6)] * 5)
# Each turn: up to three throws, then which allowed box (an index into the allowed ones).
turns = st.lists(
    st.tuples(st.lists(dice, min_size=1, max_size=3), st.integers(min_value=0, max_value=12)),
    min_size=26,
    max_size=26,
)
MOST = {Box.FULL_HOUSE: 25, Box.SMALL_STRAIGHT: 30, Box.LARGE_STRAIGHT: 40, Box.FIVE_KIND: 50}


def keep_between(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The faces both throws show (what might have been kept aside), at most four."""
    left = list(after)
    out: list[int] = []
    for face in before:
        if face in left and len(out) < 4:
            left.remove(face)
            out.append(face)
    return tuple(out)


@settings(max_examples=25, deadline=None)
@given(turns)
def test_a_whole_game_adds_up(plays: list[tuple[list[tuple[int, ...]], int]]) -> None:
    state = new_game(["Ann", "Ben"])
    events: list[Event] = []
    for throws, pick in plays:
        who = state.player
        for k, thrown in enumerate(throws):
            if k:
                events.append(Keep(who, keep_between(throws[k - 1], thrown)))
                state = apply(state, events[-1])
            events.append(Roll(who, thrown))
            state = apply(state, events[-1])
        sheet = state.sheets[state.seat]
        allowed = [c for c in choices(sheet, throws[-1]) if c.allowed]
        assert allowed  # some box is always open to the dice
        own = UPPER[throws[-1][0] - 1]
        if len(set(throws[-1])) == 1 and Box.FIVE_KIND in sheet.boxes and own in sheet.open:
            assert [c.box for c in allowed] == [own]  # the forced joker
        choice = allowed[pick % len(allowed)]
        assert 0 <= choice.points <= MOST.get(choice.box, 30)
        events.append(Score(who, choice.box, choice.points))
        state = apply(state, events[-1])
    assert state.over and len(state.winners()) >= 1
    for sheet in state.sheets:
        assert len(sheet.boxes) == 13
        bonus = UPPER_BONUS if sum(sheet.boxes[b] for b in UPPER) >= 63 else 0
        assert sheet.total == sum(sheet.boxes.values()) + bonus + 100 * sheet.extra
    lines = [format_event(e) for e in events]
    assert [parse_event(line) for line in lines] == events
    record = format_record({"Game": "fivedice", "Players": "Ann, Ben"}, lines)
    assert replay(record) == state


@given(dice, st.sampled_from(list(Box)))
def test_an_upper_box_counts_only_its_face(thrown: tuple[int, ...], box: Box) -> None:
    points = box_score(box, thrown)
    if box.face is not None:
        assert points == box.face * thrown.count(box.face)
    else:
        assert points in (0, sum(thrown), MOST.get(box, -1))
