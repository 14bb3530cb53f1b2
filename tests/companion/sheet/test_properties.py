"""Invariants of the score sheet over random games: a total is the sum of its player's entries,
nobody gets two turns ahead of another, the game ends only after a finished round and only for
a reason its options give, and every state's record replays to it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InvalidEventError
from companion.exports.record import format_record, replay
from companion.games.sheet import Roll, Score, apply, format_event, start, state_json
from companion.games.sheet.events import Event

COUNTS = ["pips", "only 6", "dice 1", "only 5 6"]
entries = st.one_of(
    st.lists(st.integers(1, 6), min_size=1, max_size=8).map(lambda d: ("roll", tuple(d))),
    st.integers(-50, 50).map(lambda p: ("score", p)),
)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(1, 4),
    count=st.sampled_from(COUNTS),
    target=st.one_of(st.none(), st.integers(5, 60)),
    rounds=st.one_of(st.none(), st.integers(1, 6)),
    lowest=st.booleans(),
    moves=st.lists(entries, max_size=30),
)
def test_random_sheets_keep_their_invariants(
    seats: int,
    count: str,
    target: int | None,
    rounds: int | None,
    lowest: bool,
    moves: list[tuple[str, object]],
) -> None:
    names = ["Ann", "Ben", "Cat", "Dee"][:seats]
    header = {"Game": "sheet", "Players": ", ".join(names), "Count": count}
    header |= {"Lowest": "yes" if lowest else "no"}
    header |= {} if target is None else {"Target": str(target)}
    header |= {} if rounds is None else {"Rounds": str(rounds)}
    state = start(header)
    played: list[Event] = []
    for kind, value in moves:
        view = state_json(state)
        player = view["turn"]
        if player is None:
            event: Event = Score(names[0], 1)
            try:
                apply(state, event)
            except InvalidEventError:
                break  # over: every entry is refused
            raise AssertionError("an entry after the end was taken")
        event = Roll(player, value) if kind == "roll" else Score(player, value)  # type: ignore[arg-type]
        state = apply(state, event)
        played.append(event)
        lengths = [len(s) for s in state.sheets]
        assert max(lengths) - min(lengths) <= 1
    view = state_json(state)
    for player, sheet in zip(view["players"], state.sheets, strict=True):
        assert player["score"] == sum(e.points for e in sheet)
    if view["phase"] == "over":
        assert not state.round_open and view["winner"] is not None
        done = state.finished_rounds
        assert (rounds is not None and done >= rounds) or (
            target is not None and max(p["score"] for p in view["players"]) >= target
        )
    record = format_record(header, [format_event(e) for e in played])
    assert replay(record) == state


WORDS = st.sampled_from(["Ann:", "Ben:", "roll", "score", "end", "1", "6", "7", "-3", "346", "x"])


@settings(max_examples=100, deadline=None)
@given(text=st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=6).map(" ".join)))
def test_any_line_is_read_or_refused_in_words(text: str) -> None:
    """A line is an event or a RecordError/InvalidEventError with words; a refusal changes
    nothing (the state is a frozen value, and `apply` returns a new one or raises)."""
    from companion.errors import RecordError
    from companion.games.sheet import parse_event

    state = start({"Players": "Ann, Ben", "Target": "20"})
    try:
        event = parse_event(text)
    except RecordError as exc:
        assert str(exc)
        return
    try:
        after = apply(state, event)
    except InvalidEventError as exc:
        assert str(exc)
        return
    assert after != state
