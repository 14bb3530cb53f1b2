"""The RYB rule set as the registry serves it (`companion.games.find_game("ryb")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import InvalidEventError
from companion.games import RuleSet, acting_player, recorded_winner
from companion.games.notation import header_value
from companion.games.ryb import header as hd
from companion.games.ryb import tokens as tk
from companion.games.ryb.dice import DIE_COLOURS, NEEDS, pool_of
from companion.games.ryb.events import GoalRef
from companion.games.ryb.goals import find_goal
from companion.games.ryb.notation import parse_event
from companion.games.ryb.rules import apply, new_game
from companion.games.ryb.state import GameState
from companion.games.ryb.variants import drafter
from companion.games.ryb.view import state_json
from companion.games.ryb.writing import format_event
from vision.types import Colour


def start(header: Mapping[str, str]) -> GameState:
    """The starting state a record header describes."""
    names = hd.players(header)
    with header_value("Players"):
        return new_game(hd.options(header, names), names)


def current_player(state: GameState) -> str | None:
    if state.winner is not None:
        return None
    if state.draft is not None:
        return state.players[drafter(state)].name
    return state.current.name


def parse_goal_ref(text: str) -> GoalRef:
    """`green`, `#2`, `Ed:green` or `Ed:#2` as a GoalRef; InvalidEventError when malformed."""
    try:
        return tk.goal_ref(text.strip())
    except (tk.TokenError, ValueError) as exc:
        raise InvalidEventError(str(exc)) from None


def expected_dice(state: GameState, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """The dice an attempt on `goal_ref` rolls (ruling 1; Shanghai dice for the current player).
    Every RYB roll attempts a goal, so None is refused."""
    if goal_ref is None:
        raise InvalidEventError("name the goal the roll attempts: a colour or #K")
    goal = find_goal(state, parse_goal_ref(goal_ref))
    pool = state.player(player).dice
    if player == state.current.name:
        pool = pool.plus(state.borrowed_pool())
    return {colour: pool[colour] for colour in NEEDS[goal.colour]}


def roll_again(state: GameState, player: str) -> tuple[str, dict[Colour, int]]:
    """A Do-Over or paid re-roll throws the open roll's dice again: its goal's colour and the
    same dice, counted by colour; InvalidEventError when `player` has no failed roll open."""
    roll = state.turn.roll
    if roll is None or roll.player != player:
        raise InvalidEventError(
            f"{player} has no failed attempt roll open to throw again (a Do-Over or a paid "
            "re-roll comes right after one)"
        )
    pool = pool_of(roll.dice)
    return roll.goal.colour.value, {colour: pool[colour] for colour in NEEDS[roll.goal.colour]}


RULES = RuleSet(
    name="ryb",
    new_game=start,
    parse_event=parse_event,
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=recorded_winner,
    current_player=current_player,
    expected_dice=expected_dice,
    roll_verbs=frozenset({"attempt", "doover", "reroll"}),
    roll_again=roll_again,
    again_verbs=frozenset({"doover", "reroll"}),
    palette=DIE_COLOURS,
)
