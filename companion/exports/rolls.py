"""The rolls CSV: one row per roll of a game's live events (its rules' `roll_verbs`). RYB's
attempt, Do-Over and re-roll carry the goal, the dice, the colour totals, the points and whether
the goal was completed; another game's throws (the modifier game's `roll`, the flyer game's
`values` and `roll`) carry their dice as written, the other columns left empty."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.exports.record import start, step
from companion.games import roll_verbs

if TYPE_CHECKING:
    from companion.games import GameRules
    from companion.store.values import StoredEvent

GOAL_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "black")
CSV_COLUMNS = (
    "seq",
    "player",
    "goal",
    "dice",
    *(f"total_{c}" for c in GOAL_COLOURS),
    "points",
    "completed",
    "source",
)


def _dice_text(dice: Sequence[Mapping[str, Any]]) -> str:
    return " ".join(f"{str(d['colour'])[:1]}{d['pips']}" for d in dice)


def _roll_row(event: StoredEvent, attempt: Mapping[str, Any]) -> list[object]:
    goal = attempt.get("goal") or {}
    totals = attempt.get("totals") or {}
    owner = goal.get("owner")
    goal_text = f"{goal.get('colour')} {goal.get('target')}" + (f" ({owner})" if owner else "")
    return [
        event.seq,
        attempt.get("player"),
        goal_text,
        _dice_text(attempt.get("dice") or []),
        *(totals.get(c, "") for c in GOAL_COLOURS),
        attempt.get("points"),
        "yes" if attempt.get("completed") else "no",
        event.source,
    ]


def rolls_csv(
    rules: GameRules[Any, Any], header: Mapping[str, str], events: Sequence[StoredEvent]
) -> str:
    """One CSV row per roll of the live events."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    verbs = roll_verbs(rules)
    state = start(rules, header)
    for event in events:
        _, state = step(rules, state, event.line)
        who, named, rest = event.line.partition(":")
        words = (rest if named else who).split()  # a table line (`reveal`) has no name
        verb = words[0].lower() if words else ""
        if verb not in verbs:
            continue
        attempt = rules.state_json(state).get("last_attempt")
        if isinstance(attempt, Mapping):
            writer.writerow(_roll_row(event, attempt))
        else:
            writer.writerow(_throw_row(event, who.strip() if named else "", words[1:]))
    return out.getvalue()


def _throw_row(event: StoredEvent, player: str, dice: Sequence[str]) -> list[object]:
    """A throw with no goal to attempt: who (none for a table line), and the dice as written."""
    blanks = [""] * (len(CSV_COLUMNS) - 5)
    return [event.seq, player, "", " ".join(dice), *blanks, event.source]
