"""The Variable card in each of its modes (ruling 8), and how its mode is chosen."""

from __future__ import annotations

from dataclasses import replace

from companion.games.ryb.common import fail, move_dice, other_player
from companion.games.ryb.dice import DIE_COLOURS, Pool
from companion.games.ryb.events import Balance, Exchange, Raid, SwissBankCard, TeaParty, Void
from companion.games.ryb.goals import find_goal, replace_goal
from companion.games.ryb.state import GameState, SwissBank, VariableMode, VariableRule


def choose_mode(state: GameState, mode: VariableMode) -> GameState:
    """Check a Variable card may be played as `mode`; under `first` the first play fixes it."""
    fixed = state.variable_mode()
    if fixed is not None and fixed is not mode:
        fail(f"Variable cards are {fixed.value} in this game, not {mode.value}")
    if state.options.variable_rule is VariableRule.FIRST and state.chosen_mode is None:
        return replace(state, chosen_mode=mode)
    return state


def reset(state: GameState) -> GameState:
    # Shanghai-borrowed dice go back too: after a Reset every pool is the full starting set.
    players = tuple(replace(p, dice=Pool.starting()) for p in state.players)
    return replace(state, players=players, borrowed=())


def balance(state: GameState, ev: Balance) -> GameState:
    target = other_player(state, ev.player, ev.target)
    mine, theirs = state.player(ev.player).dice.size, target.dice.size
    owed = max(0, (theirs - mine + 1) // 2)
    if len(ev.given) != owed:
        fail(
            f"{target.name} has {theirs} dice and {ev.player} {mine}: Balance moves {owed} "
            f"{'die' if owed == 1 else 'dice'}, not {len(ev.given)}"
        )
    return move_dice(state, target.name, ev.player, Pool.of(ev.given), "give")


def tea_party(state: GameState, ev: TeaParty) -> GameState:
    if ev.side not in ("left", "right"):
        fail(f"Tea Party! passes dice left or right, not {ev.side!r}")
    step = 1 if ev.side == "left" else -1  # play proceeds to the left, so left is the next seat
    n = len(state.players)
    pools = [p.dice for p in state.players]
    players = tuple(
        replace(p, dice=pools[(seat - step) % n]) for seat, p in enumerate(state.players)
    )
    return replace(state, players=players)


def trade(state: GameState) -> GameState:
    return replace(state, turn=replace(state.turn, trade_open=True))


def exchange(state: GameState, ev: Exchange) -> GameState:
    if not state.turn.trade_open or state.current.name != ev.player:
        fail(f"{ev.player} has no Trade card in play this turn")
    other_player(state, ev.player, ev.target)
    if not ev.give and not ev.take:
        fail("an exchange moves at least one die")
    state2 = move_dice(state, ev.player, ev.target, Pool.of(ev.give), "give")
    gave_back = Pool.of(ev.take)
    # Dice taken must be ones the other player had before this exchange.
    if not state.player(ev.target).dice.covers(gave_back):
        have = state.player(ev.target).dice
        fail(f"{ev.target} has {have.describe()}, cannot give {gave_back.describe()}")
    return move_dice(state2, ev.target, ev.player, gave_back, "give")


def void(state: GameState, ev: Void) -> GameState:
    target = other_player(state, ev.player, ev.target)
    if ev.colour not in DIE_COLOURS:
        fail(f"Void names a die colour (red, yellow, blue), not {ev.colour.value}")
    count = target.dice[ev.colour]
    if len(ev.recipients) != count:
        fail(
            f"{target.name} has {count} {ev.colour.value} dice: name one receiver per die, "
            f"got {len(ev.recipients)}"
        )
    for name in ev.recipients:
        state.player(name)
        if name == target.name:
            fail(f"{target.name} gives the {ev.colour.value} dice away, not to themselves")
        state = move_dice(state, target.name, name, Pool.of([ev.colour]), "give")
    return state


def swiss_bank(state: GameState, ev: SwissBankCard) -> GameState:
    if ev.goal.owner is not None:
        fail("a Swiss Bank goes on a goal in play, not in a treasure pile")
    goal = find_goal(state, ev.goal)
    if goal.swiss_of(ev.player) is not None:
        fail(f"{ev.player} already has a Swiss Bank on {goal.name}")
    changed = replace(goal, swiss=(*goal.swiss, SwissBank(ev.player)))
    return replace_goal(state, None, changed)


def raid(state: GameState, ev: Raid) -> GameState:
    other_player(state, ev.player, ev.target)
    return replace(state, turn=replace(state.turn, raid_target=ev.target))
