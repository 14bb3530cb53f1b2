"""The modifier dice game as pure rules: `apply(state, event) -> state`.

Every check runs before anything changes, so a refused event (InvalidEventError, naming the bad
value) leaves the state exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from companion.errors import InvalidEventError
from companion.games.modifier import goals as gl
from companion.games.modifier.cards import COPIES, FACES, Goal, Mod
from companion.games.modifier.dice import final_value
from companion.games.modifier.events import (
    Declare,
    Event,
    PlayMods,
    Reveal,
    RevealGoals,
    RevealSpecial,
    Roll,
    RollOff,
)
from companion.games.modifier.standing import roll_off, standing
from companion.games.modifier.state import (
    DICE,
    GOALS_PER_ROUND,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_CARDS,
    ROUNDS,
    TOKENS_PER_GOAL,
    GameState,
    Phase,
    Purpose,
    Result,
    Round,
)
from companion.games.players import check_players


def new_game(names: Sequence[str]) -> GameState:
    check_players("the modifier dice game", names, MIN_PLAYERS, MAX_PLAYERS)
    return GameState(players=tuple(names), tokens=(0,) * len(names))


def _seat(state: GameState, name: str) -> int:
    seat = state.seat(name)
    if seat is None:
        raise InvalidEventError(f"unknown player {name!r} (players: {', '.join(state.players)})")
    return seat


def _playing(state: GameState, what: str) -> Round:
    """The round being played; InvalidEventError when no round is open for `what`."""
    phase, current = state.phase, state.round
    if phase is Phase.OVER:
        raise InvalidEventError(f"the game is over after round {ROUNDS}: no more {what}")
    if phase is Phase.GOALS or current is None:
        upcoming = len(state.rounds) + 1
        raise InvalidEventError(
            f"round {upcoming} has no goal cards yet: reveal them before any {what}"
        )
    return current


def _unseen(state: GameState, card: Goal) -> None:
    where = state.seen().get(card)
    if where is not None:
        raise InvalidEventError(f"the goal deck holds one {card} card, already revealed {where}")


def _reveal_goals(state: GameState, event: RevealGoals) -> GameState:
    if state.phase is Phase.OVER:
        raise InvalidEventError(f"the game is over after round {ROUNDS}: no more goal cards")
    if state.phase is Phase.PLAY:
        number = len(state.rounds)
        raise InvalidEventError(f"round {number} is still open: reveal it before new goal cards")
    if len(event.cards) != GOALS_PER_ROUND:
        raise InvalidEventError(
            f"a round reveals {GOALS_PER_ROUND} goal cards, not {len(event.cards)}"
        )
    for k, card in enumerate(event.cards):
        if card in event.cards[:k]:
            raise InvalidEventError(f"the goal deck holds one {card} card, not two")
        _unseen(state, card)
    seats = len(state.players)
    new = Round(len(state.rounds) + 1, event.cards, (None,) * seats, (NO_CARDS,) * seats)
    return replace(state, rounds=(*state.rounds, new))


def _specials_allowed(state: GameState, selecting: int) -> int:
    """How many special goals the deck-selecting phase after round `selecting` reveals: one,
    and two in the last one of a six-player game."""
    return 2 if selecting == ROUNDS - 1 and len(state.players) == MAX_PLAYERS else 1


def _reveal_special(state: GameState, event: RevealSpecial) -> GameState:
    selecting = state.revealed_rounds
    current = state.round
    if selecting == 0 or state.phase is Phase.OVER:
        raise InvalidEventError(
            "special goal cards are revealed in a deck-selecting phase, between round 1 and "
            f"round {ROUNDS}"
        )
    if current is not None and not current.revealed and any(current.rolls):
        raise InvalidEventError(
            f"the deck-selecting phase ended when round {current.number}'s dice were rolled"
        )
    allowed = _specials_allowed(state, selecting)
    if sum(1 for at, _ in state.specials_revealed if at == selecting) >= allowed:
        raise InvalidEventError(
            f"the deck-selecting phase after round {selecting} reveals {allowed} special goal "
            f"card{'s' if allowed > 1 else ''}, and it has"
        )
    _unseen(state, event.card)
    return replace(
        state,
        open_specials=(*state.open_specials, event.card),
        specials_revealed=(*state.specials_revealed, (selecting, event.card)),
    )


def _declare(state: GameState, event: Declare) -> GameState:
    _seat(state, event.player)
    current = _playing(state, "declared special goals")
    if event.card not in state.open_specials:
        declared = {card: who for r in state.rounds for card, who in r.specials}
        if event.card in declared:
            why = f"{declared[event.card]} declared it already"
        elif event.card in current.goals:
            why = "it is one of this round's goal cards"
        else:
            why = "no special goal card by that name has been revealed"
        raise InvalidEventError(f"{event.player} cannot declare {event.card}: {why}")
    specials = (*current.specials, (event.card, event.player))
    return _with_round(
        replace(state, open_specials=tuple(c for c in state.open_specials if c != event.card)),
        replace(current, specials=specials),
    )


def _with_round(state: GameState, current: Round) -> GameState:
    return replace(state, rounds=(*state.rounds[:-1], current))


def _roll(state: GameState, event: Roll) -> GameState:
    seat = _seat(state, event.player)
    current = _playing(state, "rolls")
    before = current.rolls[seat]
    if before is not None:
        shown = " ".join(map(str, before))
        raise InvalidEventError(
            f"{event.player} already rolled {shown} this round; take that line back to change it"
        )
    if len(event.faces) != DICE:
        raise InvalidEventError(f"a roll is {DICE} dice, not {len(event.faces)}")
    for k, face in enumerate(event.faces, start=1):
        if face not in FACES:
            raise InvalidEventError(f"die {k} shows {face}: a die shows 1 to 6")
    return _with_round(state, current.with_seat(seat, roll=event.faces))


def _table_copies(current: Round, extra: Sequence[Mod]) -> Counter[str]:
    played = [card.card for stacks in current.cards for stack in stacks for card in stack]
    return Counter(played + [card.card for card in extra])


def _play_mods(state: GameState, event: PlayMods) -> GameState:
    seat = _seat(state, event.player)
    current = _playing(state, "Modifier cards")
    if current.rolls[seat] is None:
        raise InvalidEventError(f"{event.player} has not rolled yet this round")
    if event.die not in range(1, DICE + 1):
        raise InvalidEventError(f"there is no die {event.die}: a player's dice are 1 to {DICE}")
    if not event.cards:
        raise InvalidEventError(f"name the cards behind {event.player}'s die {event.die}")
    stacks = current.cards[seat]
    if stacks[event.die - 1]:
        shown = " ".join(map(str, stacks[event.die - 1]))
        raise InvalidEventError(
            f"{event.player}'s die {event.die} already has {shown} behind it; "
            "take that line back to change it"
        )
    in_hand = sum(len(s) for s in stacks) + len(event.cards)
    if in_hand > HAND:
        raise InvalidEventError(
            f"{event.player} would play {in_hand} Modifier cards this round; a hand holds {HAND}"
        )
    for card, count in _table_copies(current, event.cards).items():
        if count > COPIES[card]:
            raise InvalidEventError(
                f"that makes {count} {card} cards on the table; the game has {COPIES[card]}"
            )
    new = (*stacks[: event.die - 1], event.cards, *stacks[event.die :])
    return _with_round(state, current.with_seat(seat, stacks=new))


def _decide(
    state: GameState, card: Goal, values: Sequence[Sequence[int]], by: str | None
) -> Result:
    decision = gl.decide(card, values)
    each, lost = gl.share(len(decision.winners), TOKENS_PER_GOAL)
    winners = tuple(state.players[k] for k in decision.winners)
    why = gl.why(card, decision, state.players)
    return Result(card, decision.scores, decision.best, winners, each, lost, why, by)


def _reveal(state: GameState, event: Reveal) -> GameState:
    current = _playing(state, "reveal")
    missing = [n for n, r in zip(state.players, current.rolls, strict=True) if r is None]
    if missing:
        raise InvalidEventError(
            f"{' and '.join(missing)} ha{'s' if len(missing) == 1 else 've'} "
            "not rolled yet this round"
        )
    values = tuple(
        tuple(final_value(face, stack) for face, stack in zip(roll or (), stacks, strict=True))
        for roll, stacks in zip(current.rolls, current.cards, strict=True)
    )
    cards: list[tuple[Goal, str | None]] = [(c, None) for c in current.goals]
    cards += [(c, who) for c, who in current.specials]
    results = tuple(_decide(state, card, values, who) for card, who in cards)
    tokens = list(state.tokens)
    for result in results:
        for name in result.winners:
            tokens[state.players.index(name)] += result.each
    last = current.number == ROUNDS
    after = replace(
        state,
        rounds=(*state.rounds[:-1], replace(current, values=values, results=results)),
        tokens=tuple(tokens),
        lost=state.lost + sum(r.lost for r in results),
        standing=standing(state.players, tokens, Purpose.END if last else Purpose.ORDER),
    )
    return _settled(after)


def _settled(state: GameState) -> GameState:
    """The winner once the game is over and nobody is tied for the most tokens."""
    place = state.standing
    if state.phase is not Phase.OVER or place is None or place.tie is not None:
        return state
    return replace(state, winner=place.groups[0][0])


def _roll_off(state: GameState, event: RollOff) -> GameState:
    if state.standing is None:
        raise InvalidEventError("nothing to roll off before the first reveal")
    seen: set[str] = set()
    for name, value in event.throws:
        _seat(state, name)
        if name in seen:
            raise InvalidEventError(f"{name} throws once in a roll-off, not twice")
        seen.add(name)
        if value not in FACES:
            raise InvalidEventError(f"{name}'s roll-off die shows {value}: a die shows 1 to 6")
    return _settled(replace(state, standing=roll_off(state.standing, event.throws)))


_APPLY: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    RevealGoals: _reveal_goals,
    RevealSpecial: _reveal_special,
    Declare: _declare,
    Roll: _roll,
    PlayMods: _play_mods,
    Reveal: _reveal,
    RollOff: _roll_off,
}


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; InvalidEventError (state unchanged) when the rules refuse it."""
    return _APPLY[type(event)](state, event)
