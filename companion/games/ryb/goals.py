"""Finding goals: by what a line says (colour or #K, in play or in a treasure pile) or by uid."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import fail
from companion.games.ryb.events import GoalRef
from companion.games.ryb.state import GameState, Goal


def _where(owner: str | None) -> str:
    return "in play" if owner is None else f"in {owner}'s treasure pile"


def find_goal(state: GameState, ref: GoalRef) -> Goal:
    """The goal `ref` names; an unknown or ambiguous reference fails with the choices."""
    goals = state.goals if ref.owner is None else state.player(ref.owner).treasure
    where = _where(ref.owner)
    if ref.index is not None:
        if ref.index > len(goals):
            fail(f"there is no goal #{ref.index} {where} (there are {len(goals)})")
        return goals[ref.index - 1]
    assert ref.colour is not None
    hits = [(k, g) for k, g in enumerate(goals, start=1) if g.colour is ref.colour]
    if not hits:
        listed = ", ".join(g.name for g in goals) or "none"
        fail(f"there is no {ref.colour.value} goal {where} (goals: {listed})")
    if len(hits) > 1:
        listed = ", ".join(f"#{k} {g.name}" for k, g in hits)
        refs = " or ".join(f"{ref.owner}:#{k}" if ref.owner else f"#{k}" for k, _ in hits)
        fail(f"{len(hits)} {ref.colour.value} goals are {where} ({listed}); use {refs}")
    return hits[0][1]


def replace_goal(state: GameState, owner: str | None, goal: Goal) -> GameState:
    """Put a changed goal back where the goal with its uid lies."""
    if owner is None:
        goals = tuple(goal if g.uid == goal.uid else g for g in state.goals)
        return replace(state, goals=goals)
    holder = state.player(owner)
    treasure = tuple(goal if g.uid == goal.uid else g for g in holder.treasure)
    return state.with_player(replace(holder, treasure=treasure))


def current_goal(state: GameState, owner: str | None, uid: int) -> Goal:
    goals = state.goals if owner is None else state.player(owner).treasure
    return next(g for g in goals if g.uid == uid)


def remove_goal(state: GameState, owner: str | None, uid: int) -> GameState:
    if owner is None:
        return replace(state, goals=tuple(g for g in state.goals if g.uid != uid))
    holder = state.player(owner)
    treasure = tuple(g for g in holder.treasure if g.uid != uid)
    return state.with_player(replace(holder, treasure=treasure))
