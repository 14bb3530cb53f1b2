"""Property tests: random games of legal-looking events, checked for invariants.

Banking never creates or loses points; dice are never created or lost; export then replay gives
the same state; folding one event fewer gives the state before it; every state is JSON.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note
from hypothesis import strategies as st

from companion.errors import InvalidEventError
from companion.exports.record import format_record, replay
from companion.games.ryb import (
    DIE_COLOURS,
    NEEDS,
    GameState,
    RolledDie,
    apply,
    current_player,
    format_event,
    start,
    state_json,
)
from companion.games.ryb import events as ev
from companion.games.ryb.state import Payment
from vision.types import Colour

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[T]], T]
MODES = ["reset", "balance", "teaparty", "recycle", "trade", "void", "swissbank", "denied"]
MODES += ["raid", "first", "each"]
KINDS = ["goal", "attempt", "attempt", "bank", "bank", "pass", "pass", "next", "refill", "dump"]
KINDS += ["doover", "reroll", "gimme", "swap", "redrover", "shanghai", "variable", "variable"]
KINDS += ["exchange", "exchange", "denied", "denied"]
KINDS += ["denied", "cancel", "raid_attempt"]
GOALS = [("red", 6), ("red", 12), ("yellow", 9), ("blue", 6), ("orange", 5), ("green", 7)]
GOALS += [("purple", 9), ("black", 4), ("black", 6), ("green", 9)]


def _header(draw: Any) -> dict[str, str]:
    players = ["Al", "Bo", "Cy", "Di"][: draw(st.integers(2, 4))]
    return {
        "Players": ", ".join(players),
        "Edition": draw(st.sampled_from(["2000", "1999"])),
        "Rules": draw(st.sampled_from(["strict", "strict", "lenient"])),
        "Variable": draw(st.sampled_from(MODES)),
        "Cancel": draw(st.sampled_from(["yes", "no"])),
        "Reroll": draw(st.sampled_from(["no", "card", "treasure"])),
        "Draft": draw(st.sampled_from(["no", "no", "no", "yes"])),
    }


def _roll(draw: Any, counts: dict[Any, int]) -> tuple[RolledDie, ...]:
    out: list[RolledDie] = []
    for colour, n in counts.items():
        out.extend(RolledDie(colour, draw(st.integers(1, 6))) for _ in range(n))
    return tuple(out)


def _attempt(draw: Any, state: GameState, me: str, ref: ev.GoalRef, colours: Any) -> ev.Event:
    pool = state.player(me).dice
    if me == state.current.name:
        pool = pool.plus(state.borrowed_pool())
    counts = {c: pool[c] for c in colours}
    if not state.options.strict:
        counts = {c: draw(st.integers(0, n)) for c, n in counts.items()}
    return ev.Attempt(me, ref, _roll(draw, counts))


def _variable(draw: Any, state: GameState, me: str, other: str) -> ev.Event:
    mine, theirs = state.player(me).dice, state.player(other).dice
    owed = max(0, (theirs.size - mine.size + 1) // 2)
    given = tuple(c for c in DIE_COLOURS for _ in range(theirs[c]))[:owed]
    colour = draw(st.sampled_from(DIE_COLOURS))
    names = [p.name for p in state.players if p.name != other]
    receivers = tuple(draw(st.sampled_from(names)) for _ in range(theirs[colour]))
    inner = draw(st.sampled_from([ev.Gimme(me, other, colour), ev.Reset(me), ev.Trade(me)]))
    choices: dict[str, ev.Event] = {
        "reset": ev.Reset(me),
        "balance": ev.Balance(me, other, given),
        "teaparty": ev.TeaParty(me, draw(st.sampled_from(["left", "right"]))),
        "recycle": ev.Recycle(me, inner),
        "trade": ev.Trade(me),
        "void": ev.Void(me, other, colour, receivers),
        "swissbank": ev.SwissBankCard(me, ev.GoalRef(index=1)),
        "raid": ev.Raid(me, other),
    }
    mode = state.variable_mode()
    if mode is not None and mode.value in choices:
        return choices[mode.value]
    chosen: ev.Event = draw(st.sampled_from(list(choices.values())))
    return chosen


def _same_dice(draw: Any, state: GameState) -> tuple[RolledDie, ...]:
    roll = state.turn.roll
    if roll is None:
        return (RolledDie(DIE_COLOURS[0], 1),)
    counts: dict[Any, int] = {}
    for die in roll.dice:
        counts[die.colour] = counts.get(die.colour, 0) + 1
    return _roll(draw, counts)


def _event(draw: Any, state: GameState) -> ev.Event:
    names = [p.name for p in state.players]
    me = current_player(state) or names[0]
    if state.draft is not None:
        who = me if state.options.strict else draw(st.sampled_from(names))
        return ev.Draft(who, draw(st.sampled_from(DIE_COLOURS)))
    other = draw(st.sampled_from([n for n in names if n != me]))
    roll = state.turn.roll
    if roll is not None:
        kind = draw(st.sampled_from(["bank", "bank", "doover", "reroll", "pass", "next"]))
    elif state.turn.trade_open and draw(st.booleans()):
        kind = "exchange"
    else:
        kind = draw(st.sampled_from(KINDS))
    if kind == "goal" or kind == "next":
        colour, target = draw(st.sampled_from(GOALS))
        who = names[(state.turn.seat + 1) % len(names)] if kind == "next" else me
        return ev.PlayGoal(who, Colour(colour), target, target * 3)
    if kind == "attempt" and state.goals:
        k = draw(st.integers(1, len(state.goals)))
        return _attempt(draw, state, me, ev.GoalRef(index=k), NEEDS[state.goals[k - 1].colour])
    if kind == "raid_attempt" and state.turn.raid_target:
        owner = state.player(state.turn.raid_target)
        if owner.treasure:
            ref = ev.GoalRef(index=1, owner=owner.name)
            return _attempt(draw, state, me, ref, NEEDS[owner.treasure[0].colour])
    if kind == "bank" and roll is not None:
        return ev.Bank(me, draw(st.integers(0, roll.points)), swiss=draw(st.booleans()))
    if kind == "doover":
        return ev.DoOver(me, _same_dice(draw, state))
    if kind == "reroll":
        back = ev.GoalRef(index=1) if state.options.reroll is Payment.TREASURE else None
        return ev.Reroll(me, _same_dice(draw, state), back)
    colour = draw(st.sampled_from(DIE_COLOURS))
    if kind == "gimme":
        return ev.Gimme(me, other, colour)
    if kind == "swap":
        pool = state.player(me).dice
        rolled = _roll(draw, {c: draw(st.integers(0, pool[c])) for c in DIE_COLOURS})
        take = tuple(draw(st.sampled_from(DIE_COLOURS)) for _ in rolled)
        return ev.Swap(me, other, rolled, draw(st.sampled_from([None, take])))
    if kind == "redrover":
        pool = state.player(other).dice
        rolled = _roll(draw, {c: pool[c] for c in DIE_COLOURS})
        return ev.RedRover(me, other, draw(st.integers(1, 6)), rolled)
    if kind == "shanghai":
        return ev.Shanghai(me, other, colour)
    if kind == "variable":
        return _variable(draw, state, me, other)
    if kind == "exchange":
        return ev.Exchange(me, other, (colour,), (draw(st.sampled_from(DIE_COLOURS)),))
    if kind == "denied" and state.reaction is not None and state.reaction.target:
        return ev.Denied(state.reaction.target)
    if kind == "cancel":
        return ev.Cancel(draw(st.sampled_from(names)))
    if kind == "refill":
        return ev.Refill(me)
    if kind == "dump":
        return ev.Dump(me)
    return ev.Pass(me)


def _banked(state: GameState) -> dict[int, int]:
    goals = list(state.goals) + [g for p in state.players for g in p.treasure]
    return {g.uid: g.banked + sum(s.banked for s in g.swiss) for g in goals}


def _check_banking(before: GameState, event: ev.Event, after: GameState) -> None:
    was, now = _banked(before), _banked(after)
    assert all(v >= 0 for v in now.values())
    if isinstance(event, ev.Denied | ev.Cancel):
        assert before.reaction is not None
        assert now == _banked(before.reaction.revert)
        return
    expected = dict(was)
    if isinstance(event, ev.PlayGoal):
        expected[before.next_uid] = 0  # a new goal carries nothing
    if isinstance(event, ev.Bank):
        assert before.turn.roll is not None
        uid = before.turn.roll.goal.uid
        expected[uid] += event.points
    last = after.last_attempt
    if last is not None and last.completed and last is not before.last_attempt:
        expected[last.roll.goal.uid] = 0  # banked points go away with the completed goal
    assert now == expected, (event, was, now)


def _check_dice(state: GameState) -> None:
    n = len(state.players)
    centre = state.draft.centre if state.draft is not None else None
    for colour in DIE_COLOURS:
        held = sum(p.dice[colour] for p in state.players)
        held += sum(b.count for b in state.borrowed if b.colour is colour)
        held += centre[colour] if centre is not None else 0
        assert held == 2 * n


@settings(
    max_examples=int(os.environ.get("RYB_PROPERTY_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.data())
def test_random_games_keep_every_invariant(data: st.DataObject) -> None:
    header = _header(data.draw)
    state = start(header)
    states, events = [state], []
    for _ in range(data.draw(st.integers(10, 60), label="tries")):
        if state.winner is not None:
            break
        event = _event(data.draw, state)
        try:
            after = apply(state, event)
        except InvalidEventError:
            continue
        note(f"applied {type(event).__name__}")
        _check_banking(state, event, after)
        _check_dice(after)
        json.dumps(state_json(after))
        state = after
        states.append(state)
        events.append(event)
    note(f"winner: {state.winner is not None}")
    text = format_record(header, [format_event(e) for e in events])
    assert replay(text) == state
    for k in range(len(events)):  # undo: folding one event fewer gives the state before it
        folded = states[0]
        for event in events[:k]:
            folded = apply(folded, event)
        assert folded == states[k]
