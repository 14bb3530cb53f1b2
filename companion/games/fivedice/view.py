"""`state_json`: the one JSON shape of a five-dice game (CLI `replay --json`, the web API;
documented in docs/rules-fivedice.md)."""

from __future__ import annotations

from typing import Any

from companion.games.fivedice.choices import choices, joker
from companion.games.fivedice.scoring import UPPER, UPPER_TARGET, Box, explain
from companion.games.fivedice.state import THROWS, GameState, Scored, Sheet


def _sheet_json(name: str, seat: int, sheet: Sheet) -> dict[str, Any]:
    return {
        "name": name,
        "seat": seat,
        "score": sheet.total,
        "boxes": {b.value: sheet.boxes.get(b) for b in Box},
        "upper": sheet.upper,
        "upper_bonus": sheet.upper_bonus,
        "upper_to_go": max(0, UPPER_TARGET - sheet.upper),
        "lower": sheet.lower,
        "extra_fives": sheet.extra,
        "extra_bonus": sheet.extra_points,
        "filled": len(sheet.boxes),
    }


def _turn_json(state: GameState) -> dict[str, Any]:
    turn = state.turn
    sheet = state.sheets[state.seat]
    thrown = turn.throws > 0 and not state.over
    found = joker(sheet, turn.dice) if thrown else None
    return {
        "player": None if state.over else state.player,
        "round": state.round,
        "throws": turn.throws,
        "throws_left": 0 if state.over else THROWS - turn.throws,
        "dice": list(turn.dice),
        "kept": list(turn.kept),
        "held": list(turn.held),
        "choices": [
            {
                "box": c.box.value,
                "label": c.box.label,
                "points": c.points,
                "why": c.why,
                "allowed": c.allowed,
                "why_not": c.why_not or None,
            }
            for c in (choices(sheet, turn.dice) if thrown else ())
        ],
        "joker": None
        if found is None or not found.applies
        else {"rule": found.rule, "bonus": found.bonus},
    }


def _last_json(last: Scored | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "player": last.player,
        "box": last.box.value,
        "label": last.box.label,
        "dice": list(last.dice),
        "points": last.points,
        "bonus": last.bonus,
        "joker": last.joker,
        "why": explain(last.box, last.dice, last.joker and last.box.face is None),
    }


def state_json(state: GameState) -> dict[str, Any]:
    winners = state.winners()
    best = max(s.total for s in state.sheets)
    return {
        "game": "fivedice",
        "boxes": [{"box": b.value, "label": b.label, "upper": b in UPPER} for b in Box],
        "players": [
            _sheet_json(name, seat, sheet)
            for seat, (name, sheet) in enumerate(zip(state.players, state.sheets, strict=True))
        ],
        "turn": _turn_json(state),
        "last": _last_json(state.last),
        "over": state.over,
        "leaders": [p for p, s in zip(state.players, state.sheets, strict=True) if s.total == best],
        "winners": list(winners),
        "winner": " and ".join(winners) or None,
    }
