"""The legal actions of a player: for a stack (the board view) and to know when a pass is due."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from companion.errors import InvalidEventError
from companion.games.rgb import actions as act
from companion.games.rgb.board import ORTHOGONAL, Kind, Layer, Square, all_squares, in_line, on_half
from companion.games.rgb.events import Action, Attack, Create, Heal, Move
from companion.games.rgb.state import GameState, Phase


def _accepted(state: GameState, check: Callable[[GameState, Any], object], event: Action) -> bool:
    try:
        check(state, event)
    except InvalidEventError:
        return False
    return True


def moves_from(state: GameState, square: Square) -> Iterator[Move]:
    """Every square the stack on `square` can move to: rook lines, then the diagonal steps."""
    stack = state.board.get(square)
    if stack is None:
        return
    for d in ORTHOGONAL:
        at = square.shifted(*d)
        while at is not None and at not in state.board:
            yield Move(stack.owner, square, at)
            at = at.shifted(*d)
    for at in act.diagonal_targets(square):
        if at not in state.board:
            yield Move(stack.owner, square, at)


def attacks_from(state: GameState, square: Square) -> Iterator[Attack]:
    """One attack per target the stack on `square` reaches (its bottom layer; support if needed)."""
    stack = state.board.get(square)
    if stack is None:
        return
    supports = [None] + [s for s, _ in state.stacks_of(stack.owner) if in_line(s, square)]
    for target, victim in sorted(state.board.items()):
        if victim.owner == stack.owner:
            continue
        for support in supports:
            event = Attack(stack.owner, square, target, victim.layers[0], support)
            if _accepted(state, act.attack, event):
                yield event
                break


def creations(state: GameState, player: str) -> Iterator[Create]:
    for square in all_squares():
        event = Create(player, square)
        if _accepted(state, act.create, event):
            yield event


def heals(state: GameState, player: str) -> Iterator[Heal]:
    golden = state.golden(player)
    if golden is None:
        return
    for square, stack in state.stacks_of(player):
        event = Heal(player, square)
        if stack.kind is not Kind.GOLDEN and _accepted(state, act.heal, event):
            yield event


def actions_of(state: GameState, player: str) -> Iterator[Action]:
    for square, _ in state.stacks_of(player):
        yield from moves_from(state, square)
    for square, _ in state.stacks_of(player):
        yield from attacks_from(state, square)
    yield from creations(state, player)
    yield from heals(state, player)


def has_action(state: GameState, player: str) -> bool:
    return next(actions_of(state, player), None) is not None


def layer_choices(state: GameState, square: Square) -> tuple[Layer, ...]:
    stack = state.board.get(square)
    return tuple(dict.fromkeys(stack.layers)) if stack is not None else ()


def _attack_targets(state: GameState, square: Square) -> list[dict[str, Any]]:
    """Each enemy the stack can attack: alone, or with the squares that could support it."""
    stack = state.board[square]
    allies = [s for s, _ in state.stacks_of(stack.owner) if s != square and in_line(s, square)]
    out: list[dict[str, Any]] = []
    for target, victim in sorted(state.board.items()):
        if victim.owner == stack.owner:
            continue
        alone = Attack(stack.owner, square, target, victim.layers[0])
        if _accepted(state, act.attack, alone):
            out.append({"target": target.name, "needs_support": False, "support": []})
            continue
        helpers = [
            s.name for s in allies if _accepted(state, act.attack, replace(alone, support=s))
        ]
        if helpers:
            out.append({"target": target.name, "needs_support": True, "support": helpers})
    return out


def _placing(state: GameState) -> dict[str, Any]:
    free = [s.name for s in all_squares() if on_half(s, state.seat) and s not in state.board]
    kinds = [k.value for k in Kind if k in state.to_place[state.seat]]
    return {"kinds": kinds, "squares": free}


def legal_json(state: GameState) -> dict[str, Any] | None:
    """What the player to act may do now, for the board view (None once the game is over)."""
    phase, player = state.phase, state.player
    if phase is Phase.OVER:
        return None
    out: dict[str, Any] = {"place": None, "stacks": {}, "create": [], "heal": [], "sustain": {}}
    if phase is Phase.PLACE:
        out["place"] = _placing(state)
    elif phase is Phase.SUSTAIN:
        out["sustain"] = {
            s.name: [x.value for x in layer_choices(state, s)] for s in state.starving
        }
    else:
        for square, _ in state.stacks_of(player):
            moves = [m.target.name for m in moves_from(state, square)]
            out["stacks"][square.name] = {"moves": moves, "attacks": _attack_targets(state, square)}
        out["create"] = [c.square.name for c in creations(state, player)]
        out["heal"] = [h.square.name for h in heals(state, player)]
    out["pass"] = phase is Phase.PLAY and not has_action(state, player)
    return out
