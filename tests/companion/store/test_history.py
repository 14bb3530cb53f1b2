"""Undo and redo against a plain in-memory model, over random sequences of operations.

Also checks the fact `expected_seq` rests on: the last live seq alone fixes which events are
live, so a client that saw the same head saw the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import NothingToRedoError, NothingToUndoError
from companion.store import EventStore
from tests.store_backends import StoreSpot


@dataclass
class Model:
    """Undo and redo as two stacks; any append empties the redo stack."""

    total: int = 0
    live: list[int] = field(default_factory=list)
    redo_stack: list[int] = field(default_factory=list)

    def step(self, op: str) -> bool:
        """Apply op; False when the store should refuse it."""
        if op == "a":
            self.total += 1
            self.live.append(self.total)
            self.redo_stack.clear()
        elif op == "u":
            if not self.live:
                return False
            self.redo_stack.append(self.live.pop())
        else:
            if not self.redo_stack:
                return False
            self.live.append(self.redo_stack.pop())
        return True


def _apply(store: EventStore, game: str, op: str) -> bool:
    try:
        if op == "a":
            store.append(game, "Al: roll")
        elif op == "u":
            store.undo(game)
        else:
            store.redo(game)
    except (NothingToUndoError, NothingToRedoError):
        return False
    return True


def test_store_matches_model(store_spot: StoreSpot) -> None:
    # One store for every example: each example plays a game of its own.
    with store_spot.open() as store:

        @settings(max_examples=40, deadline=None)
        @given(ops=st.lists(st.sampled_from("aaur"), max_size=24))
        def check(ops: list[str]) -> None:
            game = store.create_game({"Players": "Al"})
            model = Model()
            live_by_head: dict[int, list[int]] = {}
            for op in ops:
                assert _apply(store, game, op) == model.step(op), (ops, op)
                live = [e.seq for e in store.events(game)]
                assert live == model.live, ops
                head = store.head_seq(game)
                assert live_by_head.setdefault(head, live) == live, (ops, head)
            history = store.events(game, include_undone=True)
            assert [e.seq for e in history] == list(range(1, model.total + 1))
            assert {e.seq for e in history if not e.undone} == set(model.live)

        check()
