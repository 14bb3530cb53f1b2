"""The modifier dice game as the registry serves it (`companion.games.find_game("modifier")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import InvalidEventError
from companion.games import (
    ANY_COLOUR,
    HeaderError,
    TableRollRuleSet,
    acting_player,
    recorded_winner,
    state_free,
)
from companion.games.modifier.camera import table_rollers
from companion.games.modifier.notation import TABLE_VERBS, format_event, name, parse_event
from companion.games.modifier.rules import apply, new_game
from companion.games.modifier.state import DICE, GameState, Phase
from companion.games.modifier.view import state_json
from companion.games.notation import header_names, header_value
from vision.types import Colour


def players(header: Mapping[str, str]) -> tuple[str, ...]:
    example = 'name the players in seat order, [Players "Ann, Ben"]'
    rule = "a name is one word: a letter first, then letters, digits, _ ' . -"
    names = header_names(header, "Players", example, name, rule)
    for each in names:
        if each.lower() in TABLE_VERBS:
            raise HeaderError("Players", f"{each!r} is a word of the record; choose another name")
    return names


def start(header: Mapping[str, str]) -> GameState:
    """The starting state a record header describes (only `Players` matters to the rules)."""
    names = players(header)
    with header_value("Players"):
        return new_game(names)


def current_player(state: GameState) -> str | None:
    """Everyone rolls at once, so this is the first player in seat order whose dice are not in
    yet; between rounds, the first player of the deck-selecting order; None once it is over."""
    if state.winner is not None or (state.phase is Phase.OVER and state.standing is None):
        return None
    current = state.round
    if state.phase is Phase.PLAY and current is not None:
        waiting = [n for n, r in zip(state.players, current.rolls, strict=True) if r is None]
        return waiting[0] if waiting else None
    if state.standing is not None and state.phase is Phase.GOALS:
        return state.standing.order[0]
    return None if state.phase is Phase.OVER else state.players[0]


def expected_dice(state: GameState, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """Every player throws their six dice, of any colour; a roll attempts no goal."""
    if goal_ref:
        raise InvalidEventError(
            f"in the modifier dice game a roll is not an attempt on a goal ({goal_ref!r}): "
            f"each player throws all {DICE} of their dice"
        )
    if state.seat(player) is None:
        raise InvalidEventError(f"unknown player {player!r} (players: {', '.join(state.players)})")
    return {ANY_COLOUR: DICE}


RULES = TableRollRuleSet(
    name="modifier",
    new_game=start,
    parse_event=state_free(parse_event),
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=recorded_winner,
    current_player=current_player,
    expected_dice=expected_dice,
    table_verbs=TABLE_VERBS,
    # Everyone throws at once: the camera reads the whole table (`companion.table_roll`).
    table_rollers=table_rollers,
    table_roll_format="{player}: roll {pips}",
    roll_verbs=frozenset({"roll"}),
)
