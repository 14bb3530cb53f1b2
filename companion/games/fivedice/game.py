"""The five-dice category game as the registry serves it (`find_game("fivedice")`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.errors import InvalidEventError
from companion.games import ANY_COLOUR, RuleSet, acting_player
from companion.games.fivedice.events import Event, Roll
from companion.games.fivedice.notation import format_event, parse_event
from companion.games.fivedice.rules import apply, new_game
from companion.games.fivedice.scoring import DICE
from companion.games.fivedice.state import GameState
from companion.games.fivedice.view import state_json
from companion.games.notation import header_names, header_value
from vision.types import Colour


def start(header: Mapping[str, str]) -> GameState:
    """A new game from `[Players]` (seat order; one player plays alone)."""
    if "Players" in header and not header["Players"].strip():
        with header_value("Players"):
            new_game([])  # says how many players the game takes
    names = header_names(header, "Players", 'name the players in seat order, [Players "Ann, Ben"]')
    with header_value("Players"):
        return new_game(names)


def current_player(state: GameState) -> str | None:
    return None if state.over else state.player


def winner(state: GameState) -> str | None:
    """The winners of a shared first place as one name: `Ann and Ben`."""
    return " and ".join(state.winners()) or None


def read_line(line: str, state: GameState) -> Event:
    """A record line to an event; a throw also learns which of its dice were thrown (not kept
    aside), for the dice check."""
    event = parse_event(line)
    if not isinstance(event, Roll):
        return event
    thrown = list(event.dice)
    for face in state.turn.kept:
        if face in thrown:
            thrown.remove(face)
    return replace(event, thrown=tuple(thrown))


def thrown_pips(event: Event) -> tuple[int, ...] | None:
    """The dice a throw really threw, for the fairness check: kept dice were chosen, not thrown."""
    if not isinstance(event, Roll):
        return None
    return event.dice if event.thrown is None else event.thrown


def expected_dice(state: GameState, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """Five dice of any colour: the camera reads the kept ones with the thrown ones."""
    if goal_ref:
        raise InvalidEventError(
            f"in the five-dice game a throw is not an attempt on a goal ({goal_ref!r}): "
            "roll, then choose a box"
        )
    if state.seat_of(player) is None:
        raise InvalidEventError(f"unknown player {player!r} (players: {', '.join(state.players)})")
    return {ANY_COLOUR: DICE}


RULES = RuleSet(
    name="fivedice",
    new_game=start,
    parse_event=read_line,
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=winner,
    current_player=current_player,
    expected_dice=expected_dice,
    roll_verbs=frozenset({"roll"}),
    # A camera throw is the current player's five dice, kept ones too, in any colour.
    roll_format="{player}: roll {pips}",
    thrown_pips=thrown_pips,
)
