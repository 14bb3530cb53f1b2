"""Farkle's state as JSON for `dicetable replay --json`, the API and the pages; the shape is
documented in docs/rules-farkle.md. `choices` lists what the last throw lets the player set
aside, with each set's score, so the page offers them without knowing a rule."""

from __future__ import annotations

from typing import Any

from companion.games.farkle.scoring import TITLES, Combo, Scored, Scoring, choices, table, three_of
from companion.games.farkle.state import GameState, Throw, Turn, TurnResult


def how(combo: Combo, scoring: Scoring) -> str:
    """How a combination's points are made, in words a child can follow:
    `three 4s: 4 x 100 = 400`, `four 3s: 300 x 2 = 600`."""
    count, face = len(combo.dice), combo.dice[0]
    if count < 3 or combo.name in ("three pairs", "a straight 1 to 6") or " with " in combo.name:
        return f"{combo.name}: {combo.points}"
    if combo.name == "two triplets":
        return f"{combo.name}: {combo.points}"
    three = three_of(face)
    if count == 3:
        made = "1000" if face == 1 else f"{face} x 100 = {three}"
        return f"{combo.name}: {made}"
    if scoring is Scoring.CLASSIC:
        return f"{combo.name}: {three} x {2 ** (count - 3)} = {combo.points}"
    return f"{combo.name}: {combo.points}"


def _scored(scored: Scored, scoring: Scoring) -> dict[str, Any]:
    return {
        "dice": list(scored.dice),
        "points": scored.points,
        "combos": [
            {"name": c.name, "dice": list(c.dice), "points": c.points, "how": how(c, scoring)}
            for c in scored.combos
        ],
    }


def _throw(throw: Throw, scoring: Scoring) -> dict[str, Any]:
    kept = throw.kept
    return {"dice": list(throw.dice), "kept": None if kept is None else _scored(kept, scoring)}


def _turn(state: GameState, turn: Turn) -> dict[str, Any]:
    scoring = state.options.scoring
    last = turn.last
    must_keep = turn.must_keep
    offered = choices(last.dice, scoring) if last is not None and must_keep else ()
    seat = state.seat
    short = 0 if state.on_board[seat] else state.options.opening
    return {
        "player": turn.player,
        "points": turn.points,
        "dice_left": turn.dice_left,
        "hot_dice": turn.hot_dice,
        "hot": bool(turn.throws) and not must_keep and turn.dice_left == 6 and turn.hot_dice > 0,
        "throws": [_throw(t, scoring) for t in turn.throws],
        "next": "keep" if must_keep else "throw",
        "choices": [dict(_scored(c, scoring), banks=_banks(state, turn, c)) for c in offered],
        "can_bank": not must_keep and turn.points > 0 and turn.points >= short,
        "opening_needed": short,
    }


def _banks(state: GameState, turn: Turn, choice: Scored) -> bool:
    """Whether setting `choice` aside lets the player bank right away (the opening minimum)."""
    total = turn.points + choice.points
    return state.on_board[state.seat] or total >= state.options.opening


def _done(result: TurnResult, scoring: Scoring) -> dict[str, Any]:
    return {
        "player": result.player,
        "throws": [_throw(t, scoring) for t in result.throws],
        "banked": result.banked,
        "farkle": None if result.farkle is None else list(result.farkle),
        "lost": result.lost,
        "penalty": result.penalty,
        "score": result.score,
        "hot_dice": result.hot_dice,
    }


def _last_round(state: GameState, reached: int) -> dict[str, Any]:
    """Who reached the target, and who still has their one more turn (the current first)."""
    seats = len(state.players)
    left = [] if state.over else list(range(state.seat, state.seat + seats))
    waiting = [state.players[s % seats] for s in left[: (reached - state.seat) % seats]]
    return {"from": state.players[reached], "waiting": waiting}


def leaders(state: GameState) -> list[str]:
    best = max(state.scores)
    return [n for n, s in zip(state.players, state.scores, strict=True) if s == best and best > 0]


def summary(state: GameState) -> list[str]:
    """A few readable lines for `dicetable replay` without --json."""
    lines = [f"{n}: {s}" for n, s in zip(state.players, state.scores, strict=True)]
    if state.winners:
        shared = len(state.winners) > 1
        lines.append(("shared win: " if shared else "winner: ") + ", ".join(state.winners))
    elif state.turn is not None:
        lines.append(f"{state.turn.player} to play, {state.turn.points} this turn")
    if state.last_round_from is not None and not state.over:
        lines.append(f"last round: {state.players[state.last_round_from]} reached the target")
    return lines


def state_json(state: GameState) -> dict[str, Any]:
    options = state.options
    scoring = options.scoring
    seats = zip(state.players, state.scores, state.on_board, state.farkles, strict=True)
    last_from = state.last_round_from
    return {
        "game": "farkle",
        "options": {
            "scoring": scoring.value,
            "scoring_title": TITLES[scoring],
            "opening": options.opening,
            "target": options.target,
            "three_farkles": options.three_farkles,
        },
        "prices": [{"combo": c, "points": p} for c, p in table(scoring)],
        "players": [
            {"name": n, "score": s, "on_board": b, "farkles_in_a_row": f} for n, s, b, f in seats
        ],
        "turn": None if state.turn is None else _turn(state, state.turn),
        "last_turn": None if not state.done else _done(state.done[-1], scoring),
        "turns": [_done(r, scoring) for r in state.done],
        "last_round": None if last_from is None else _last_round(state, last_from),
        "leaders": leaders(state),
        "over": state.over,
        "winners": list(state.winners),
        "winner": state.winner,
        "summary": summary(state),
    }
