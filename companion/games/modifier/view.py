"""The modifier dice game's state as JSON for `dicetable replay --json`, the API and the pages.

`players`, `round`, `goals` and `winner` are the shape docs/rules-modifier.md promises; `table`
shows the round on the table die by die (with the arithmetic of each modified die), `order` the
next deck-selecting order or the final standing with any open roll-off.
"""

from __future__ import annotations

from typing import Any

from companion.games.modifier.cards import Goal, Mod
from companion.games.modifier.dice import explain, final_face, final_value, steps
from companion.games.modifier.state import (
    ROUNDS,
    GameState,
    Purpose,
    Result,
    Round,
    Stacks,
    Standing,
)

TITLES: dict[Goal, str] = {
    **{Goal(f"most-{n}s"): f"most {n}s" for n in range(1, 7)},
    Goal.MOST_0S: "most zeroes",
    Goal.MOST_ODDS: "most odds",
    Goal.MOST_EVENS: "most evens",
    Goal.MOST_DIV3: "most divisible by 3",
    Goal.FEWEST_POSITIVE: "fewest positive",
    Goal.MOST_NON_123456: "fewest 123456 (most dice not 1 to 6)",
    Goal.HIGHEST_TOTAL: "highest total",
    Goal.LOWEST_TOTAL: "lowest total",
    Goal.SECOND_HIGHEST_TOTAL: "2nd highest total",
    Goal.SECOND_LOWEST_TOTAL: "2nd lowest total",
    Goal.BIGGEST_NUMBER: "biggest number",
    Goal.SMALLEST_NUMBER: "smallest number",
    Goal.GREATEST_RANGE: "greatest range",
    Goal.SMALLEST_RANGE: "smallest range",
    Goal.LONGEST_RUN: "longest run",
    Goal.LARGEST_SET: "largest set",
    Goal.MOST_PAIRS: "most pairs",
    Goal.GREATEST_VARIETY: "greatest variety",
}


def _result(result: Result, names: tuple[str, ...]) -> dict[str, Any]:
    return {
        "card": result.card.value,
        "title": TITLES[result.card],
        "special": result.declared_by is not None,
        "declared_by": result.declared_by,
        "winners": list(result.winners),
        "each": result.each,
        "lost": result.lost,
        "best": result.best,
        "scores": dict(zip(names, result.scores, strict=True)),
        "why": result.why,
    }


def _die(rolled: int, cards: tuple[Mod, ...]) -> dict[str, Any]:
    return {
        "rolled": rolled,
        "cards": [str(c) for c in cards],
        "face": final_face(rolled, cards),
        "value": final_value(rolled, cards),
        "steps": explain(rolled, cards),
        "trail": [{"card": step.card, "value": step.value} for step in steps(rolled, cards)],
    }


def _seat(name: str, roll: tuple[int, ...] | None, stacks: Stacks) -> dict[str, Any]:
    dice = [] if roll is None else [_die(f, s) for f, s in zip(roll, stacks, strict=True)]
    return {"name": name, "rolled": roll is not None, "dice": dice}


def _table(current: Round, names: tuple[str, ...]) -> dict[str, Any]:
    seats = zip(names, current.rolls, current.cards, strict=True)
    return {
        "round": current.number,
        "revealed": current.revealed,
        "goals": [{"card": g.value, "title": TITLES[g]} for g in current.goals],
        "specials": [
            {"card": g.value, "title": TITLES[g], "declared_by": who} for g, who in current.specials
        ],
        "players": [_seat(n, r, s) for n, r, s in seats],
    }


def _order(place: Standing | None) -> dict[str, Any] | None:
    if place is None:
        return None
    return {
        "purpose": place.purpose.value,
        "players": list(place.order),
        "groups": [list(g) for g in place.groups],
        "tie": None if place.tie is None else list(place.tie),
        "rolloffs": [[{"player": n, "value": v} for n, v in t] for t in place.throws],
    }


def _goal_line(result: Result) -> str:
    takers = ", ".join(result.winners) or "nobody"
    paid = f" ({result.each} each)" if result.winners else ""
    return f"{result.card}: {takers}{paid}"


def summary(state: GameState) -> list[str]:
    """A few readable lines for `dicetable replay` without --json."""
    lines = [f"{n}: {t} tokens" for n, t in zip(state.players, state.tokens, strict=True)]
    last = next((r for r in reversed(state.rounds) if r.revealed), None)
    if last is not None:
        lines.append(f"round {last.number}: " + "; ".join(map(_goal_line, last.results or ())))
    place = state.standing
    if state.winner is not None:
        lines.append(f"winner: {state.winner}")
    elif place is not None and place.tie is not None:
        what = "the win" if place.purpose is Purpose.END else "the deck-selecting order"
        lines.append(f"roll-off for {what}: {', '.join(place.tie)}")
    elif place is not None:
        lines.append("deck-selecting order: " + ", ".join(place.order))
    lines.append(f"phase: {state.phase.value} (round {len(state.rounds)} of {ROUNDS})")
    return lines


def state_json(state: GameState) -> dict[str, Any]:
    last = next((r for r in reversed(state.rounds) if r.revealed), None)
    values = [None] * len(state.players) if last is None or last.values is None else last.values
    return {
        "game": "modifier",
        "players": [
            {"name": n, "tokens": t, "values": None if v is None else list(v)}
            for n, t, v in zip(state.players, state.tokens, values, strict=True)
        ],
        "round": len(state.rounds),
        "phase": state.phase.value,
        "goals": [] if last is None else [_result(r, state.players) for r in last.results or ()],
        "table": None if state.round is None else _table(state.round, state.players),
        "open_specials": [{"card": g.value, "title": TITLES[g]} for g in state.open_specials],
        "order": _order(state.standing),
        "tokens_lost": state.lost,
        "winner": state.winner,
        "summary": summary(state),
    }
