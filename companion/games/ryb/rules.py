"""`apply(state, event) -> state`: the one entry point of the RYB rules, and `new_game`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.games.players import check_players
from companion.games.ryb import attempt, cards, reactions, turns, variable, variants
from companion.games.ryb.common import fail
from companion.games.ryb.deck import Card
from companion.games.ryb.dice import Pool
from companion.games.ryb.events import (
    VARIABLE_EVENTS,
    Attempt,
    Balance,
    Bank,
    Cancel,
    Denied,
    DoOver,
    Draft,
    Dump,
    Event,
    Exchange,
    Gimme,
    Pass,
    PlayableCard,
    PlayGoal,
    Raid,
    Recycle,
    RedRover,
    Refill,
    Reroll,
    Reset,
    Reshuffle,
    Shanghai,
    Swap,
    SwissBankCard,
    TeaParty,
    Trade,
    Void,
)
from companion.games.ryb.state import Draft as DraftState
from companion.games.ryb.state import GameState, Options, Player, Reaction, Turn

MIN_PLAYERS, MAX_PLAYERS = 2, 5

_FIXED_CARDS: dict[type[object], Card] = {
    Gimme: Card.GIMME,
    Swap: Card.SWAP,
    RedRover: Card.RED_ROVER,
    Shanghai: Card.SHANGHAI,
}


def new_game(options: Options, names: Sequence[str]) -> GameState:
    """Seats in `names` order, the first player first; pools full, or empty for a draft."""
    check_players("RYB", names, MIN_PLAYERS, MAX_PLAYERS)
    if not 0 <= options.draft_first < len(names):
        fail(f"the draft starts at seat {options.draft_first}, but there are {len(names)} seats")
    pool = Pool() if options.draft else Pool.starting()
    players = tuple(Player(name, pool) for name in names)
    n = len(names)
    draft = DraftState(Pool(2 * n, 2 * n, 2 * n)) if options.draft else None
    return GameState(options, players, Turn(0), draft=draft)


def card_of(event: PlayableCard | Recycle | DoOver | Denied) -> Card:
    if isinstance(event, DoOver):
        return Card.DO_OVER
    return _FIXED_CARDS.get(type(event), Card.VARIABLE)


def target_of(event: PlayableCard | Recycle) -> str | None:
    """The player a card targets, who may answer it with De-nied!."""
    if isinstance(event, Recycle):
        return target_of(event.card)
    if isinstance(event, Gimme | Swap | RedRover | Shanghai | Balance | Void | Raid):
        return event.target
    return None


def apply(state: GameState, event: Event) -> GameState:
    """The state after `event`; an event the rules refuse raises InvalidEventError."""
    if state.winner is not None:
        fail(f"the game is over: {state.winner} won")
    state.seat_of(event.player)
    if state.draft is not None:
        after = variants.draft(state, event)
    elif isinstance(event, Draft):
        fail("the dice draft is over (or this game has none)")
    elif isinstance(event, Denied):
        after = reactions.denied(state, event)
    elif isinstance(event, Cancel):
        after = reactions.cancel(state, event)
    elif isinstance(event, Exchange):
        after = variable.exchange(replace(state, reaction=None), event)
    else:
        after = _turn_event(turns.enter(replace(state, reaction=None), event.player), event)
    return replace(after, moves=state.moves + 1)


def _reshuffle(state: GameState) -> GameState:
    # Ruling 7: with two players an empty draw deck stays empty.
    if len(state.players) == 2:
        fail("with two players the discards are never shuffled back into the draw deck")
    return replace(state, discard=())


def _turn_event(state: GameState, event: Event) -> GameState:
    if isinstance(event, Refill):
        return turns.refill(state, event)
    if isinstance(event, Dump):
        return turns.dump(state, event)
    if isinstance(event, Pass):
        return turns.pass_turn(state, event)
    if isinstance(event, Reshuffle):
        return _reshuffle(state)
    if isinstance(event, Attempt):
        return attempt.attempt(state, event)
    if isinstance(event, Bank):
        return attempt.bank(state, event)
    if isinstance(event, Reroll):
        return attempt.reroll(state, event)
    if isinstance(event, DoOver):
        after = attempt.do_over(state, event)
        return _discard_and_wait(state, after, Card.DO_OVER, event.player, None)
    if isinstance(event, PlayGoal):
        return cards.play_goal(cards.begin_card(state, event.player), event)
    assert not isinstance(event, Draft | Denied | Cancel | Exchange)
    begun = cards.begin_card(state, event.player)
    after = _effect(begun, event)
    return _discard_and_wait(begun, after, card_of(event), event.player, target_of(event))


def _discard_and_wait(
    before: GameState, after: GameState, card: Card, player: str, target: str | None
) -> GameState:
    """Discard the played card and keep the state before it for De-nied! or a cancel."""
    return replace(
        after,
        discard=(*after.discard, card),
        reaction=Reaction(player, card, target, before),
    )


def _effect(state: GameState, event: PlayableCard | Recycle) -> GameState:
    """What an Action card played in the Play-a-Card step does."""
    mode = VARIABLE_EVENTS.get(type(event))
    if mode is not None:
        state = variable.choose_mode(state, mode)
    if isinstance(event, Recycle):
        return _recycle(state, event)
    if isinstance(event, Gimme):
        return cards.gimme(state, event)
    if isinstance(event, Swap):
        return cards.swap(state, event)
    if isinstance(event, RedRover):
        return cards.red_rover(state, event)
    if isinstance(event, Shanghai):
        return cards.shanghai(state, event)
    if isinstance(event, Reset):
        return variable.reset(state)
    if isinstance(event, Balance):
        return variable.balance(state, event)
    if isinstance(event, TeaParty):
        return variable.tea_party(state, event)
    if isinstance(event, Trade):
        return variable.trade(state)
    if isinstance(event, Void):
        return variable.void(state, event)
    if isinstance(event, SwissBankCard):
        return variable.swiss_bank(state, event)
    return variable.raid(state, event)


def _recycle(state: GameState, event: Recycle) -> GameState:
    """Take a card from the discard pile and play it now; it goes back to the pile after."""
    inner = event.card
    if inner.player != event.player:
        fail(f"the recycled card is played by {event.player}, not {inner.player}")
    card = card_of(inner)
    if card not in state.discard:
        shown = ", ".join(c.value for c in state.discard) or "empty"
        fail(f"there is no {card.value} card in the discard pile ({shown})")
    at = len(state.discard) - 1 - state.discard[::-1].index(card)
    state = replace(state, discard=state.discard[:at] + state.discard[at + 1 :])
    after = _effect(state, inner)
    return replace(after, discard=(*after.discard, card))
