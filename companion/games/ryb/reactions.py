"""Answers to a card just played: De-nied! (its target) and the cancel variant (anyone)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import fail
from companion.games.ryb.deck import Card
from companion.games.ryb.events import Cancel, Denied
from companion.games.ryb.state import GameState, Reaction, VariableMode
from companion.games.ryb.variable import choose_mode


def _undo_card(state: GameState, paid: Card) -> GameState:
    """The state before the card, with the card and the answering card in the discard pile."""
    reaction = state.reaction
    assert reaction is not None
    before = reaction.revert
    return replace(
        before,
        discard=(*before.discard, reaction.card, paid),
        chosen_mode=state.chosen_mode,
        turn=replace(before.turn, cards=state.turn.cards),
        reaction=None,
    )


def denied(state: GameState, ev: Denied) -> GameState:
    reaction = state.reaction
    if reaction is None or reaction.target is None:
        fail("De-nied! is played right after a card targets you; no card is waiting")
    if reaction.target != ev.player:
        fail(f"only {reaction.target}, whom the card targets, can play De-nied! on it")
    state = choose_mode(state, VariableMode.DENIED)
    undone = _undo_card(state, Card.VARIABLE)
    # The De-nied! card may itself be cancelled; cancelling it restores the denied card's effect.
    after = replace(state, reaction=None)
    return replace(undone, reaction=Reaction(ev.player, Card.VARIABLE, None, after))


def cancel(state: GameState, ev: Cancel) -> GameState:
    if not state.options.cancel:
        fail('cancelling cards is off in this game (header Cancel "yes")')
    reaction = state.reaction
    if reaction is None:
        fail("a cancel comes right after an Action card is played; no card is waiting")
    del ev
    return _undo_card(state, reaction.card)
