"""The score sheet as the registry serves it (`companion.games.find_game("sheet")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import InvalidEventError
from companion.games import ANY_COLOUR, HeaderError, RuleSet, acting_player, state_free
from companion.games.notation import header_names, header_value
from companion.games.sheet.events import Event, Roll
from companion.games.sheet.notation import TABLE_VERBS, format_event, name, parse_event
from companion.games.sheet.options import read_options
from companion.games.sheet.rules import MAX_PLAYERS, MIN_PLAYERS, apply, new_game
from companion.games.sheet.state import GameState
from companion.games.sheet.view import state_json
from vision.types import Colour


def start(header: Mapping[str, str]) -> GameState:
    """A new sheet from `[Players]` and the house rules `Count`, `Lowest`, `Target`, `Rounds`
    and `Dice` (docs/rules-sheet.md)."""
    example = 'name the players in seat order, [Players "Ann, Ben"]'
    rule = "a name is words of letters, digits, ' . - _, starting with a letter"
    if "Players" in header and not header["Players"].strip():
        raise HeaderError(
            "Players",
            f"the score sheet is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not 0: {example}",
        )
    names = header_names(header, "Players", example, name, rule)
    options = read_options(header)
    with header_value("Players"):
        return new_game(names, options)


def current_player(state: GameState) -> str | None:
    return None if state.over else state.players[state.seat_to_play]


def winner(state: GameState) -> str | None:
    return state.winner


def thrown_pips(event: Event) -> tuple[int, ...] | None:
    """A roll's dice, for the dice check; a typed score or `end` throws none."""
    return event.dice if isinstance(event, Roll) else None


def expected_dice(state: GameState, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """A roll is the player's dice of any colour: `Dice` of them, or any number (none counted)."""
    if goal_ref:
        raise InvalidEventError(
            f"on the score sheet a roll is not an attempt on a goal ({goal_ref!r}): "
            "the player throws their dice and the sheet adds them up"
        )
    if state.seat(player) is None:
        raise InvalidEventError(f"unknown player {player!r} (players: {', '.join(state.players)})")
    wanted = state.options.dice
    return {} if wanted is None else {ANY_COLOUR: wanted}


RULES = RuleSet(
    name="sheet",
    new_game=start,
    parse_event=state_free(parse_event),
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=winner,
    current_player=current_player,
    expected_dice=expected_dice,
    table_verbs=TABLE_VERBS,
    roll_verbs=frozenset({"roll"}),
    roll_format="{player}: roll {pips}",
    thrown_pips=thrown_pips,
)
