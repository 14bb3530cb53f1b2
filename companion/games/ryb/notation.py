"""RYB record lines: `NAME: verb args` to an event and back (docs/record-format.md)."""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import RecordError
from companion.games.notation import split_line
from companion.games.ryb import tokens as tk
from companion.games.ryb.deck import builtin_deck
from companion.games.ryb.events import (
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
from companion.games.ryb.state import GameState, Options

Parser = Callable[[str, list[str], Options], Event]


def _arity(args: list[str], low: int, high: int, words: str) -> None:
    """`words` says in a player's words what the verb needs, with an example."""
    if not low <= len(args) <= high:
        raise tk.TokenError(words)


def _split_at(args: list[str], word: str) -> tuple[list[str], list[str] | None]:
    if word not in args:
        return args, None
    at = args.index(word)
    return args[:at], args[at + 1 :]


def _bare(cls: Callable[[str], Event], verb: str) -> Parser:
    def parse(player: str, args: list[str], options: Options) -> Event:
        _arity(args, 0, 0, f"“{verb}” takes nothing after it")
        return cls(player)

    return parse


def _goal(player: str, args: list[str], options: Options) -> Event:
    if len(args) not in (2, 4) or (len(args) == 4 and args[2] != "value"):
        raise tk.TokenError(
            "name the goal card's colour and target, like “goal orange 7” "
            "(add “value 21” for a card the deck does not list)"
        )
    colour = tk.goal_colour(args[0])
    target = tk.number(args[1], "a goal target", 1, 99)
    if len(args) == 4:
        return PlayGoal(player, colour, target, tk.number(args[3], "a goal value", 1))
    deck = options.deck or builtin_deck(options.deck_name)
    value = deck.value_of(colour, target)
    if value is None:
        card = f"{colour.value.capitalize()} {target}"
        raise tk.TokenError(
            f"the {options.deck_name} deck has no {card} card: give the card's value, "
            f"like “value 21”, to play it anyway"
        )
    return PlayGoal(player, colour, target, value)


def _attempt(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 99, "name the goal and the dice rolled, like “attempt orange r3 y4”")
    return Attempt(player, tk.goal_ref(args[0]), tk.dice(args[1:]))


def _doover(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 99, "list the dice rolled again, like “doover r3 y4”")
    return DoOver(player, tk.dice(args))


def _reroll(player: str, args: list[str], options: Options) -> Event:
    if args[:1] == ["return"]:
        _arity(args, 3, 99, "name the goal returned and the dice, like “reroll return red y5”")
        return Reroll(player, tk.dice(args[2:]), tk.goal_ref(args[1]))
    _arity(args, 1, 99, "list the dice rolled again, like “reroll r3 y4”")
    return Reroll(player, tk.dice(args))


def _bank(player: str, args: list[str], options: Options) -> Event:
    _arity(
        args, 1, 2, "say how many points to bank, like “bank 3” (“bank 3 swiss” on a Swiss Bank)"
    )
    if len(args) == 2 and args[1] != "swiss":
        raise tk.TokenError(f"only “swiss” may follow the points banked, not {args[1]!r}")
    return Bank(player, tk.number(args[0], "points banked"), swiss=len(args) == 2)


def _gimme(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 2, 2, "name a player and a die colour, like “gimme Bruce yellow”")
    return Gimme(player, tk.name(args[0]), tk.die_colour(args[1]))


def _swap(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 2, 99, "name a player and the dice swapped, like “swap Bruce r2 y3”")
    rolled, take = _split_at(args[1:], "take")
    taken = None if take is None else tk.die_colours(take)
    return Swap(player, tk.name(args[0]), tk.dice(rolled), taken)


def _redrover(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 2, 99, "name a player, a number and the dice, like “redrover Bruce 2 r3 y4”")
    number = tk.number(args[1], "the Red Rover number", 1, 6)
    return RedRover(player, tk.name(args[0]), number, tk.dice(args[2:]))


def _shanghai(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 2, 2, "name a player and a die colour, like “shanghai Bruce red”")
    return Shanghai(player, tk.name(args[0]), tk.die_colour(args[1]))


def _balance(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 99, "name a player, then any colours, like “balance Bruce red”")
    return Balance(player, tk.name(args[0]), tk.die_colours(args[1:]))


def _teaparty(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 1, "say which way the pools move: “teaparty left” or “teaparty right”")
    if args[0] == "left":
        return TeaParty(player, "left")
    if args[0] == "right":
        return TeaParty(player, "right")
    raise tk.TokenError(f"Tea Party! passes dice left or right, not {args[0]!r}")


def _exchange(player: str, args: list[str], options: Options) -> Event:
    usage = "name a player, then what is given and taken, like “exchange Cat give y take b”"
    _arity(args, 2, 99, usage)
    rest, take = _split_at(args[1:], "take")
    if rest and rest[0] != "give":
        raise tk.TokenError(usage)
    give = tk.die_colours(rest[1:]) if rest else ()
    return Exchange(player, tk.name(args[0]), give, tk.die_colours(take or []))


def _void(player: str, args: list[str], options: Options) -> Event:
    _arity(
        args, 2, 99, "name a player, a colour and who takes each die, like “void Bruce blue Al Cat”"
    )
    receivers = tuple(tk.name(a) for a in args[2:])
    return Void(player, tk.name(args[0]), tk.die_colour(args[1]), receivers)


def _swissbank(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 1, "name one goal, like “swissbank orange”")
    return SwissBankCard(player, tk.goal_ref(args[0]))


def _raid(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 1, "name one player, like “raid Al”")
    return Raid(player, tk.name(args[0]))


def _draft(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 1, "name one die colour, like “draft red”")
    return Draft(player, tk.die_colour(args[0]))


def _recycle(player: str, args: list[str], options: Options) -> Event:
    _arity(args, 1, 99, "name the card taken from the discard pile, like “recycle gimme Bruce red”")
    if args[0] not in RECYCLABLE:
        names = ", ".join(sorted(RECYCLABLE))
        raise tk.TokenError(f"recycle plays one of {names}, not {args[0]!r}")
    inner = PARSERS[args[0]](player, args[1:], options)
    assert isinstance(inner, PlayableCard | Recycle)
    return Recycle(player, inner)


PARSERS: dict[str, Parser] = {
    "refill": _bare(Refill, "refill"),
    "dump": _bare(Dump, "dump"),
    "pass": _bare(Pass, "pass"),
    "reshuffle": _bare(Reshuffle, "reshuffle"),
    "goal": _goal,
    "attempt": _attempt,
    "doover": _doover,
    "reroll": _reroll,
    "bank": _bank,
    "gimme": _gimme,
    "swap": _swap,
    "redrover": _redrover,
    "shanghai": _shanghai,
    "reset": _bare(Reset, "reset"),
    "balance": _balance,
    "teaparty": _teaparty,
    "recycle": _recycle,
    "trade": _bare(Trade, "trade"),
    "exchange": _exchange,
    "void": _void,
    "swissbank": _swissbank,
    "denied": _bare(Denied, "denied"),
    "raid": _raid,
    "draft": _draft,
    "cancel": _bare(Cancel, "cancel"),
}
RECYCLABLE = frozenset(
    {"gimme", "swap", "redrover", "shanghai", "reset", "balance", "teaparty", "recycle"}
    | {"trade", "void", "swissbank", "raid"}
)


def parse_event(line: str, state: GameState) -> Event:
    """One record line to an event (syntax only; the rules judge it in `apply`)."""
    player, verb, args = split_line(line, tk.name)
    parser = PARSERS.get(verb)
    if parser is None:
        raise RecordError(f"unknown verb {verb!r} (verbs: {', '.join(PARSERS)})")
    try:
        return parser(player, tk.join_names(args, (p.name for p in state.players)), state.options)
    except tk.TokenError as exc:
        raise RecordError(str(exc)) from None
