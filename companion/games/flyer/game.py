"""The Essen 2006 flyer game as the registry serves it (`companion.games.find_game("flyer")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import (
    CameraDice,
    RuleSet,
    acting_player,
    no_dice,
    state_free,
)
from companion.games.flyer.board import BoardError, board_from_header
from companion.games.flyer.notation import parse_event
from companion.games.flyer.rules import apply as apply_event
from companion.games.flyer.rules import check_homes, check_players, new_game
from companion.games.flyer.state import GameState, Phase
from companion.games.flyer.view import state_json
from companion.games.flyer.writing import format_event
from companion.games.notation import header_flag, header_names, header_value


def start(header: Mapping[str, str]) -> GameState:
    """A new game from `[Players]`, `[Board]` (default), `[Homes]` and `[Covered]` (no)."""
    names = header_names(header, "Players", 'name the players in seat order, [Players "Al, Bo"]')
    with header_value("Board", BoardError):
        board = board_from_header(header.get("Board", "default"))
    homes = board.homes[: len(names)]
    if "Homes" in header:
        homes = header_names(header, "Homes", 'homebases in seat order, [Homes "ne-home, sw-home"]')
    with header_value("Players"):
        check_players(board, names)
    with header_value("Homes"):
        check_homes(board, names, homes)
    return new_game(board, names, homes, header_flag("Covered", header.get("Covered", "no")))


def current_player(state: GameState) -> str | None:
    return None if state.phase in (Phase.OVER, Phase.VALUES) else state.player


def winner(state: GameState) -> str | None:
    """The winners of a shared first place as one name: `Al and Bo`."""
    winners = state.winners()
    return " and ".join(winners) if winners else None


RULES = RuleSet(
    name="flyer",
    new_game=start,
    parse_event=state_free(parse_event),
    apply=apply_event,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=winner,
    current_player=current_player,
    # A flyer roll attempts no goal, and its dice are read by face colour, not counted by body
    # colour as an RYB attempt's are.
    expected_dice=no_dice,
    table_verbs=frozenset({"values"}),
    roll_verbs=frozenset({"values", "roll"}),
    camera_dice=CameraDice.COLOUR_FACES,
)
