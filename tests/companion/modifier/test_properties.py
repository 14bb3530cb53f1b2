"""Invariants of the modifier dice game, as hypothesis properties: tokens are never created, the
order of Modifier cards matters exactly as ruling 2 says, and an exported record replays to the
same state."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.exports.record import format_record, replay
from companion.games.modifier import GOALS, GameState, Goal, Kind, Mod, decide, share
from companion.games.modifier.cards import COPIES
from companion.games.modifier.dice import apply_value, final_face, final_value
from companion.games.modifier.notation import format_event, parse_event
from companion.games.modifier.rules import apply, new_game
from companion.games.modifier.state import TOKENS_PER_GOAL

values = st.integers(min_value=-30, max_value=30)
hand = st.tuples(values, values, values, values, values, values)
faces = st.integers(min_value=1, max_value=6)
value_cards = st.one_of(
    st.builds(Mod, st.just(Kind.ADD), st.sampled_from([-3, -2, -1, 1, 2, 3])),
    st.builds(Mod, st.just(Kind.SET), st.integers(min_value=0, max_value=7)),
    st.sampled_from([Mod(Kind.DOUBLE), Mod(Kind.HALVE), Mod(Kind.NEGATE), Mod(Kind.BLANK)]),
)
physical_cards = st.one_of(
    st.builds(Mod, st.sampled_from([Kind.REROLL, Kind.PICK]), faces),
    st.just(Mod(Kind.FLIP)),
)
any_card = st.one_of(value_cards, physical_cards)


@given(st.sampled_from(GOALS), st.lists(hand, min_size=2, max_size=6))
def test_a_goal_pays_at_most_six_tokens_and_never_creates_any(
    card: Goal, hands: list[tuple[int, ...]]
) -> None:
    decision = decide(card, hands)
    each, lost = share(len(decision.winners), TOKENS_PER_GOAL)
    assert each * len(decision.winners) + lost == TOKENS_PER_GOAL
    assert 0 <= lost < max(len(decision.winners), 1) or not decision.winners
    assert all(decision.scores[k] == decision.best for k in decision.winners)


def _reference(rolled: int, cards: Sequence[Mod]) -> int:
    """Ruling 2 spelt out once more: last reroll, last pick, flips, then value cards in order."""
    face = rolled
    rerolls = [c.amount for c in cards if c.kind is Kind.REROLL]
    picks = [c.amount for c in cards if c.kind is Kind.PICK]
    face = picks[-1] if picks else rerolls[-1] if rerolls else rolled
    if sum(c.kind is Kind.FLIP for c in cards) % 2:
        face = 7 - face
    value = face
    for card in cards:
        value = apply_value(value, card)
    return value


@given(faces, st.lists(any_card, max_size=6))
def test_a_die_follows_the_ruled_order(rolled: int, cards: list[Mod]) -> None:
    assert final_value(rolled, cards) == _reference(rolled, cards)
    assert 1 <= final_face(rolled, cards) <= 6


@given(faces, st.lists(value_cards, max_size=4), st.lists(physical_cards, max_size=3), st.data())
def test_physical_cards_act_first_wherever_they_sit(
    rolled: int, values_: list[Mod], physical: list[Mod], data: st.DataObject
) -> None:
    # Interleave the physical cards anywhere among the value cards, keeping each group's order.
    stack = list(values_)
    for card in physical:
        at = data.draw(st.integers(min_value=0, max_value=len(stack)))
        stack.insert(at, card)
    ordered = [c for c in stack if c.physical] + [c for c in stack if not c.physical]
    assert final_value(rolled, stack) == final_value(rolled, ordered)


@given(faces, st.sampled_from([-3, -2, -1, 1, 2, 3]))
def test_adding_and_doubling_do_not_commute(rolled: int, amount: int) -> None:
    add, double = Mod(Kind.ADD, amount), Mod(Kind.DOUBLE)
    first_add = final_value(rolled, [add, double])
    first_double = final_value(rolled, [double, add])
    assert first_add == (rolled + amount) * 2 and first_double == rolled * 2 + amount
    assert first_add != first_double


@given(faces, st.lists(value_cards, max_size=4), st.integers(min_value=0, max_value=7))
def test_a_set_card_wipes_out_the_value_cards_above_it(
    rolled: int, above: list[Mod], to: int
) -> None:
    assert final_value(rolled, [*above, Mod(Kind.SET, to)]) == to


@given(faces, st.lists(value_cards, max_size=4))
def test_two_flips_cancel(rolled: int, cards: list[Mod]) -> None:
    flips = [Mod(Kind.FLIP), Mod(Kind.FLIP)]
    assert final_value(rolled, [*flips, *cards]) == final_value(rolled, cards)


@st.composite
def games(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A random game as record lines: every round's goals, rolls, cards within the limits,
    declared specials, reveals and roll-offs until no tie is open."""
    names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"][: draw(st.integers(2, 6))]
    deck = draw(st.permutations(GOALS))
    state: GameState = new_game(names)
    lines: list[str] = []

    def add(line: str) -> None:
        nonlocal state
        state = apply(state, parse_event(line))
        lines.append(line)

    for number in range(1, draw(st.integers(1, 6)) + 1):
        add("goals " + " ".join(deck.pop() for _ in range(3)))
        if number > 1 and draw(st.booleans()):
            add(f"special {deck.pop()}")
        used: dict[str, int] = {}
        for name in names:
            add(f"{name}: roll " + " ".join(str(draw(faces)) for _ in range(6)))
            dice = draw(st.lists(st.integers(1, 6), unique=True, max_size=3))
            for die in dice:
                cards = draw(st.lists(any_card, min_size=1, max_size=2))
                if all(used.get(c.card, 0) < COPIES[c.card] - 1 for c in cards):
                    for c in cards:
                        used[c.card] = used.get(c.card, 0) + 1
                    add(f"{name}: mod {die} " + " ".join(map(str, cards)))
        for card in state.open_specials:
            add(f"{draw(st.sampled_from(names))}: declare {card}")
        add("reveal")
        while state.standing is not None and (tie := state.standing.tie) is not None:
            add("rolloff " + " ".join(f"{n} {draw(faces)}" for n in tie))
    return names, lines


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
@given(games())
def test_an_exported_record_replays_to_the_same_state(game: tuple[list[str], list[str]]) -> None:
    names, lines = game
    header = {"Game": "modifier", "Players": ", ".join(names)}
    text = format_record(header, lines)
    state: GameState = replay(text)
    again = format_record(header, [format_event(parse_event(line)) for line in lines])
    assert replay(again) == state
    decided = sum(len(r.results or ()) for r in state.rounds)
    assert sum(state.tokens) + state.lost == TOKENS_PER_GOAL * decided
