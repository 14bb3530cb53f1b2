"""Farkle as the registry serves it (`companion.games.find_game("farkle")`)."""

from __future__ import annotations

from collections.abc import Mapping

from companion.errors import InvalidEventError
from companion.games import ANY_COLOUR, HeaderError, RuleSet, acting_player, state_free
from companion.games.farkle.notation import format_event, name, parse_event
from companion.games.farkle.rules import apply, new_game
from companion.games.farkle.scoring import Scoring
from companion.games.farkle.state import GameState, Options
from companion.games.farkle.view import state_json
from companion.games.notation import header_names, header_value
from vision.types import Colour

MOST_POINTS = 1_000_000


def _points(header: Mapping[str, str], key: str, default: int, low: int, off: bool) -> int:
    """A header's points: a whole number of 50s from `low` up (`no` or 0 where `off` allows)."""
    text = header.get(key, "").strip().lower()
    if not text:
        return default
    if off and text in ("no", "off", "none", "0"):
        return 0
    if not text.isascii() or not text.isdigit():
        raise HeaderError(key, f"{text!r} is not a number of points")
    value = int(text)
    if value % 50 or not low <= value <= MOST_POINTS:
        raise HeaderError(key, f"{value} must be a multiple of 50 from {low} to {MOST_POINTS}")
    return value


def options(header: Mapping[str, str]) -> Options:
    """The rule set the header chooses: `Scoring`, `Opening`, `Target`, `ThreeFarkles`."""
    word = header.get("Scoring", "").strip().lower() or Scoring.FIXED.value
    try:
        scoring = Scoring(word)
    except ValueError:
        sets = ", ".join(s.value for s in Scoring)
        raise HeaderError("Scoring", f"{word!r} is not a rule set (sets: {sets})") from None
    penalty = header.get("ThreeFarkles", "").strip().lower()
    return Options(
        scoring=scoring,
        opening=_points(header, "Opening", 0, 50, off=True),
        target=_points(header, "Target", 10_000, 500, off=False),
        three_farkles=1000
        if penalty in ("yes", "on")
        else _points(header, "ThreeFarkles", 0, 50, off=True),
    )


def start(header: Mapping[str, str]) -> GameState:
    """`[Players "Ann, Ben"]` in seat order (the first throws first) and the rule set."""
    example = 'name the players in seat order, [Players "Ann, Ben"]'
    # `name`'s refusal says the rule (the same words in a record line's name).
    names = header_names(header, "Players", example, name)
    chosen = options(header)
    with header_value("Players"):
        return new_game(names, chosen)


def current_player(state: GameState) -> str | None:
    return None if state.turn is None else state.turn.player


def winner(state: GameState) -> str | None:
    return state.winner


def expected_dice(state: GameState, player: str, goal_ref: str | None) -> dict[Colour, int]:
    """The dice `player` throws next, of any colour; InvalidEventError when they cannot throw."""
    if goal_ref:
        raise InvalidEventError("a Farkle throw attempts no goal: name none")
    turn = state.turn
    if turn is None:
        raise InvalidEventError("the game is over")
    if player.casefold() != turn.player.casefold():
        raise InvalidEventError(f"it is {turn.player}'s turn, not {player}'s")
    if turn.must_keep:
        raise InvalidEventError(
            f"{turn.player} sets aside scoring dice of the last throw before throwing again"
        )
    return {ANY_COLOUR: turn.dice_left}


RULES = RuleSet(
    name="farkle",
    new_game=start,
    parse_event=state_free(parse_event),
    apply=apply,
    format_event=format_event,
    event_player=acting_player,
    state_json=state_json,
    winner=winner,
    current_player=current_player,
    expected_dice=expected_dice,
    roll_verbs=frozenset({"roll"}),
    roll_format="{player}: roll {pips}",
)
