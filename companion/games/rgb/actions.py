"""Each RGB action checked and carried out on the board: `fail` with a reason in player words,
else the board (and the discarded pieces) after it. Turn order and the end of a turn live in
`rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn

from companion.errors import InvalidEventError
from companion.games.rgb.board import (
    DIAGONAL,
    Kind,
    Layer,
    Square,
    Stack,
    adjacent,
    between,
    diagonal_step,
    in_line,
    neighbours,
    on_half,
)
from companion.games.rgb.events import Attack, Create, Heal, Move, Place, Sustain
from companion.games.rgb.state import GameState, Piece, off_board

Board = dict[Square, Stack]
Discards = dict[Piece, int]
CHILD_PIECES = tuple(("small", layer) for layer in (Layer.RED, Layer.GREEN, Layer.BLUE))


def fail(message: str) -> NoReturn:
    raise InvalidEventError(message)


def own_stack(state: GameState, square: Square, player: str, role: str) -> Stack:
    stack = state.board.get(square)
    if stack is None:
        fail(f"there is no stack on {square} to {role}")
    if stack.owner != player:
        fail(f"the stack on {square} is {stack.owner}'s, not {player}'s")
    return stack


def blocker(board: Mapping[Square, Stack], a: Square, b: Square) -> Square | None:
    return next((s for s in between(a, b) if s in board), None)


def discard(board: Board, discards: Discards, square: Square, layer: Layer) -> None:
    """Take one `layer` piece off the stack on `square`; an emptied stack dies."""
    stack = board[square]
    key = (stack.kind.piece_size, layer)
    discards[key] = discards.get(key, 0) + 1
    left = stack.without(layer)
    if left.layers:
        board[square] = left
    else:
        del board[square]


def place(state: GameState, event: Place) -> Board:
    seat = state.players.index(event.player)
    if event.kind not in state.to_place[seat]:
        fail(f"{event.player} has no {event.kind.role} ({event.kind.value} stack) left to place")
    if not on_half(event.square, seat):
        half = "ranks 1 to 4" if seat == 0 else "ranks 5 to 8"
        fail(f"{event.square} is not on {event.player}'s half of the board ({half})")
    if event.square in state.board:
        fail(f"{event.square} is taken by {state.board[event.square].describe()}")
    return {**state.board, event.square: Stack.full(event.player, event.kind)}


def move(state: GameState, event: Move) -> Board:
    stack = own_stack(state, event.source, event.player, "move")
    if event.target in state.board:
        fail(f"{event.target} is taken by {state.board[event.target].describe()}")
    if in_line(event.source, event.target):
        wall = blocker(state.board, event.source, event.target)
        if wall is not None:
            fail(
                f"the stack on {wall} is in the way from {event.source} to {event.target}: "
                "stacks never jump"
            )
    elif not diagonal_step(event.source, event.target):
        fail(
            f"{event.source} to {event.target} is neither along a rank or file nor one square "
            "diagonally"
        )
    board = dict(state.board)
    del board[event.source]
    board[event.target] = stack
    return board


def fertile_parents(state: GameState, player: str) -> set[Square]:
    """Squares of the player's Men and Women that stand beside a partner, both with blue."""
    fertile = {
        sq
        for sq, s in state.stacks_of(player)
        if s.kind in (Kind.LARGE, Kind.MEDIUM) and s.has(Layer.BLUE)
    }
    out: set[Square] = set()
    for sq in fertile:
        for other in neighbours(sq):
            partner = state.board.get(other)
            if other in fertile and partner is not None and partner.kind != state.board[sq].kind:
                out.add(sq)
    return out


def create(state: GameState, event: Create) -> tuple[Board, Discards]:
    off = off_board(state)
    for key in CHILD_PIECES:
        if off.get(key, 0) < 1:
            fail(
                f"no small {key[1].value} piece is off the board: a new Child needs a small "
                "red, green and blue piece"
            )
    parents = fertile_parents(state, event.player)
    if not parents:
        fail(
            f"{event.player} has no fertile couple: a Man and a Woman side by side, both "
            "with their blue layer"
        )
    if event.square in state.board:
        fail(f"{event.square} is taken by {state.board[event.square].describe()}")
    if not any(adjacent(event.square, p) for p in parents):
        near = ", ".join(str(p) for p in sorted(parents))
        fail(f"{event.square} is not beside a parent: a new Child goes next to {near}")
    discards = dict(state.discarded)
    for key in CHILD_PIECES:
        discards[key] -= 1
    return {**state.board, event.square: Stack.full(event.player, Kind.SMALL)}, discards


def _unable(attacker: Stack, victim: Stack) -> str | None:
    """Why the attacker cannot attack alone, or None when it can."""
    if not attacker.has(Layer.RED):
        return "it has no red layer"
    if attacker.kind.strength < victim.kind.strength:
        return f"it is smaller than the {victim.kind.value} stack it attacks"
    return None


def _check_support(state: GameState, event: Attack, why: str | None) -> None:
    if event.support is None:
        if why is not None:
            fail(
                f"the stack on {event.source} cannot attack alone ({why}); name a supporting "
                "stack in its rank or file (support SQUARE)"
            )
        return
    if why is None:
        fail(f"the stack on {event.source} can attack alone: it needs no support")
    if event.support == event.source:
        fail("a stack cannot support its own attack")
    own_stack(state, event.support, event.player, "support the attack")
    if not in_line(event.support, event.source):
        fail(
            f"the supporting stack on {event.support} is not in the same rank or file as the "
            f"attacker on {event.source}"
        )


def attack(state: GameState, event: Attack) -> tuple[Board, Discards]:
    attacker = own_stack(state, event.source, event.player, "attack with")
    victim = state.board.get(event.target)
    if victim is None:
        fail(f"there is no stack on {event.target} to attack")
    if victim.owner == event.player:
        fail(f"the stack on {event.target} is {event.player}'s own")
    if not in_line(event.source, event.target):
        fail(
            f"{event.source} and {event.target} are not in one rank or file: attacks go "
            "straight, never diagonally"
        )
    wall = blocker(state.board, event.source, event.target)
    if wall is not None:
        fail(f"the stack on {wall} blocks the line from {event.source} to {event.target}")
    if not victim.has(event.layer):
        fail(
            f"{victim.describe()} on {event.target} has no {event.layer.value} layer "
            f"(it has {victim.layer_words()})"
        )
    _check_support(state, event, _unable(attacker, victim))
    board, discards = dict(state.board), dict(state.discarded)
    if event.support is not None:
        discard(board, discards, event.support, board[event.support].top)
    discard(board, discards, event.target, event.layer)
    return board, discards


def heal(state: GameState, event: Heal) -> tuple[Board, Discards]:
    golden = state.golden(event.player)
    if golden is None:
        fail(f"{event.player} has no Golden Child to heal with")
    if event.square == golden:
        fail("the Golden Child cannot heal itself")
    patient = own_stack(state, event.square, event.player, "heal")
    if not adjacent(golden, event.square):
        fail(f"{event.square} is not next to {event.player}'s Golden Child on {golden}")
    missing = patient.missing()
    if not missing:
        fail(f"{patient.describe()} on {event.square} has all its layers")
    key = (patient.kind.piece_size, missing[0])
    if state.discarded.get(key, 0) < 1:
        fail(
            f"no {key[0]} {key[1].value} piece has been discarded, so the stack on "
            f"{event.square} cannot get its {key[1].value} layer back"
        )
    discards = {**state.discarded, key: state.discarded[key] - 1}
    return {**state.board, event.square: patient.with_layer(missing[0])}, discards


def sustain(state: GameState, event: Sustain) -> tuple[Board, Discards]:
    if event.square not in state.starving:
        starving = ", ".join(str(s) for s in state.starving)
        fail(f"{event.square} is not a starving Child of {event.player}'s (starving: {starving})")
    child = state.board[event.square]
    if not child.has(event.layer):
        fail(
            f"the Child on {event.square} has no {event.layer.value} layer "
            f"(it has {child.layer_words()})"
        )
    board, discards = dict(state.board), dict(state.discarded)
    discard(board, discards, event.square, event.layer)
    return board, discards


def starving(board: Mapping[Square, Stack], player: str) -> tuple[Square, ...]:
    """The player's Children with no neighbour of theirs holding a green layer (ruling 3)."""
    out: list[Square] = []
    for square in sorted(board):
        stack = board[square]
        if stack.owner != player or stack.kind is not Kind.SMALL:
            continue
        fed = any(
            (n := board.get(sq)) is not None and n.owner == player and n.has(Layer.GREEN)
            for sq in neighbours(square)
        )
        if not fed:
            out.append(square)
    return tuple(out)


def diagonal_targets(square: Square) -> tuple[Square, ...]:
    return tuple(s for d in DIAGONAL if (s := square.shifted(*d)) is not None)
