"""The score sheet's state as JSON for `dicetable replay --json`, the API and the pages.

The shape is documented in docs/rules-sheet.md: each player's entries by round and total
(`score`), the leaders, whose turn it is, the latest entry with its sum built die by die (the
kid view's steps) and the winner.
"""

from __future__ import annotations

from typing import Any

from companion.games.sheet.options import Count, Options
from companion.games.sheet.rules import why_over
from companion.games.sheet.state import Entry, GameState


def steps(count: Count, dice: tuple[int, ...]) -> list[str]:
    """The sum built one counted die at a time: `3`, `3 + 4 = 7`, `3 + 4 + 6 = 13`."""
    worth = [count.worth(d) for d, ok in zip(dice, map(count.counts, dice), strict=True) if ok]
    return [
        str(worth[0]) if k == 1 else " + ".join(map(str, worth[:k])) + f" = {sum(worth[:k])}"
        for k in range(1, len(worth) + 1)
    ]


def _entry(count: Count, number: int, entry: Entry) -> dict[str, Any]:
    dice = entry.dice
    return {
        "round": number,
        "points": entry.points,
        "dice": None if dice is None else list(dice),
        "counted": None if dice is None else [count.counts(d) for d in dice],
    }


def _options(options: Options) -> dict[str, Any]:
    return {
        "count": str(options.count),
        "count_words": options.count.words(),
        "lowest": options.lowest,
        "target": options.target,
        "rounds": options.rounds,
        "dice": options.dice,
    }


def _last(state: GameState) -> dict[str, Any] | None:
    if state.last is None:
        return None
    seat, number = state.last
    entry = state.sheets[seat][number - 1]
    count = state.options.count
    return {
        "player": state.players[seat],
        **_entry(count, number, entry),
        "steps": [] if entry.dice is None else steps(count, entry.dice),
        "total": state.totals[seat],
    }


def ending(state: GameState) -> str | None:
    """Why the game ends, or that it will at the end of this round; None while nothing ends it."""
    if state.over:
        return why_over(state)
    reached = state.reached()
    if reached:
        return (
            f"{' and '.join(reached)} reached the target {state.options.target}: round "
            f"{state.round} is the last, so every player has as many turns"
        )
    rounds = state.options.rounds
    if rounds is not None and state.round == rounds:
        return f"round {rounds} is the last"
    return None


def summary(state: GameState) -> list[str]:
    """A few readable lines for `dicetable replay` without --json."""
    lines = [f"{n}: {t}" for n, t in zip(state.players, state.totals, strict=True)]
    if state.winner is not None:
        lines.append(f"winner: {state.winner}")
    else:
        lines.append(f"round {state.round}: {state.players[state.seat_to_play]} to play")
    return lines


def state_json(state: GameState) -> dict[str, Any]:
    count, over = state.options.count, state.over
    leaders = state.leaders() if any(state.sheets) else ()
    return {
        "game": "sheet",
        "players": [
            {
                "name": name,
                "score": total,
                "entries": [_entry(count, k, e) for k, e in enumerate(sheet, start=1)],
                "leader": name in leaders,
            }
            for name, total, sheet in zip(state.players, state.totals, state.sheets, strict=True)
        ],
        "options": _options(state.options),
        "round": state.finished_rounds if over else state.round,
        "rounds_finished": state.finished_rounds,
        "turn": None if over else state.players[state.seat_to_play],
        # the table may write `end` now: a round finished, none begun since
        "can_end": not over and not state.round_open and state.finished_rounds > 0,
        "moves": sum(len(s) for s in state.sheets),
        "leaders": list(leaders),
        "last": _last(state),
        "phase": "over" if over else "play",
        "ending": ending(state),
        "winner": state.winner,
        "winners": list(leaders) if over else [],  # a shared win's players, for BG Stats
        "lowest_wins": state.options.lowest,
        "summary": summary(state),
    }
