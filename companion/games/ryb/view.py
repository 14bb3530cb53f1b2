"""`state_json`: the one JSON shape of an RYB game that the dashboard, overlay and CLI read."""

from __future__ import annotations

from typing import Any

from companion.games.ryb.attempt import bank_range
from companion.games.ryb.dice import GOAL_COLOURS, Pool, RolledDie, totals
from companion.games.ryb.state import (
    GameState,
    Goal,
    LastAttempt,
    Player,
    VariableMode,
    VariableRule,
)
from companion.games.ryb.turns import phase
from companion.games.ryb.variants import drafter

WIN_COLOURS, WIN_POINTS = 3, 101

_PHASE_VERBS: dict[str, tuple[str, ...]] = {
    "draft": ("draft",),
    "play": ("refill", "dump"),
    "attempt": ("attempt", "pass"),
    "bank": ("bank", "doover", "pass"),
    "end": ("pass",),
    "over": (),
}


def _goal_json(goal: Goal, index: int) -> dict[str, Any]:
    return {
        "index": index,
        "ref": f"#{index}",
        "colour": goal.colour.value,
        "target": goal.target,
        "banked": goal.banked,
        "needed": max(0, goal.target - goal.banked),
        "value": goal.value,
        "swiss": [{"player": s.owner, "banked": s.banked} for s in goal.swiss],
    }


def _treasure_json(goal: Goal) -> dict[str, Any]:
    return {
        "colour": goal.colour.value,
        "target": goal.target,
        "value": goal.value,
        "banked": goal.banked,
    }


def _player_json(state: GameState, seat: int, player: Player) -> dict[str, Any]:
    borrowed = Pool()
    if seat == state.turn.seat:
        borrowed = state.borrowed_pool()
    return {
        "name": player.name,
        "seat": seat,
        "dice": player.dice.to_json(),
        "borrowed": borrowed.to_json(),
        "treasure": [_treasure_json(g) for g in player.treasure],
        "score": player.score,
        "colours_done": [c.value for c in player.colours_done],
        "needs": {
            "colours": max(0, WIN_COLOURS - len(player.colours_done)),
            "points": max(0, WIN_POINTS - player.score),
        },
    }


def _dice_json(dice: tuple[RolledDie, ...]) -> list[dict[str, Any]]:
    return [{"colour": d.colour.value, "pips": d.pips} for d in dice]


def _attempt_json(last: LastAttempt | None) -> dict[str, Any] | None:
    if last is None:
        return None
    roll = last.roll
    sums = totals(roll.dice)
    return {
        "player": roll.player,
        "goal": {
            "colour": roll.goal.colour.value,
            "target": roll.goal.target,
            "value": roll.goal.value,
            "owner": roll.owner,
        },
        "dice": _dice_json(roll.dice),
        "totals": {c.value: sums[c] for c in GOAL_COLOURS},
        "points": roll.points,
        "needed": roll.needed,
        "completed": last.completed,
        "banked": last.banked,
        "on_swiss": last.on_swiss,
    }


def card_verbs(state: GameState) -> list[str]:
    """Verbs that play a card in the Play-a-Card step, given how Variable cards work now."""
    mode = state.variable_mode()
    modes = [m for m in VariableMode if m is not VariableMode.DENIED]
    variable = [mode.value] if mode is not None else [m.value for m in modes]
    fixed = ["goal", "gimme", "swap", "redrover", "shanghai"]
    return fixed + [v for v in variable if v != VariableMode.DENIED.value]


def _next_verbs(state: GameState, now: str) -> list[str]:
    turn = state.turn
    verbs = [] if now == "play" and turn.refilled else list(_PHASE_VERBS[now])
    if now == "play" or (now == "attempt" and not state.options.strict):
        verbs.extend(card_verbs(state))
    if now == "bank" and state.options.reroll is not None:
        verbs.append("reroll")
    if now in ("attempt", "end") and turn.trade_open:
        verbs.append("exchange")
    if now in ("end", "play") and not state.options.strict:
        # Lenient rules let the turn skip ahead, but still allow one attempt a turn.
        allowed = ("pass",) if turn.attempted else ("attempt", "pass")
        verbs.extend(v for v in allowed if v not in verbs)
    if state.reaction is not None and now != "over":
        if state.reaction.target is not None:
            verbs.append("denied")
        if state.options.cancel:
            verbs.append("cancel")
    return verbs


def _range_json(limits: tuple[int, int]) -> dict[str, int]:
    return {"min": limits[0], "max": limits[1]}


def _bank_json(state: GameState) -> dict[str, Any] | None:
    """The points the open roll may bank (ruling 4), and on the roller's Swiss Bank card."""
    limits, swiss = bank_range(state), bank_range(state, swiss=True)
    if limits is None:
        return None
    return {**_range_json(limits), "swiss": None if swiss is None else _range_json(swiss)}


def _turn_json(state: GameState) -> dict[str, Any]:
    now = phase(state)
    seat = drafter(state) if state.draft is not None else state.turn.seat
    turn = state.turn
    return {
        "player": state.players[seat].name,
        "seat": seat,
        "phase": now,
        "refilled": turn.refilled,
        "cards_played": turn.cards,
        "attempted": turn.attempted,
        "trade_open": turn.trade_open,
        "raid_target": turn.raid_target,
        "awaiting": state.reaction.target if state.reaction is not None else None,
        "next": _next_verbs(state, now),
        "bank": _bank_json(state),
    }


def _options_json(state: GameState) -> dict[str, Any]:
    o = state.options
    return {
        "edition": o.edition.value,
        "rules": "strict" if o.strict else "lenient",
        "variable": o.variable_mode.value
        if o.variable_rule is VariableRule.FIXED and o.variable_mode
        else o.variable_rule.value,
        "draft": o.draft,
        "reroll": o.reroll.value if o.reroll else None,
        "cancel": o.cancel,
        "deck": o.deck_name,
    }


def state_json(state: GameState) -> dict[str, Any]:
    """Everything a view needs, JSON-ready, keys in a fixed order (docs/state-json.md)."""
    mode = state.variable_mode()
    return {
        "game": "ryb",
        "options": _options_json(state),
        "players": [_player_json(state, s, p) for s, p in enumerate(state.players)],
        "goals": [_goal_json(g, k) for k, g in enumerate(state.goals, start=1)],
        "turn": _turn_json(state),
        "last_attempt": _attempt_json(state.last_attempt),
        "variable": mode.value if mode is not None else None,
        "discard": [c.value for c in state.discard],
        "draft_centre": state.draft.centre.to_json() if state.draft is not None else None,
        "winner": state.winner,
        "moves": state.moves,
    }
