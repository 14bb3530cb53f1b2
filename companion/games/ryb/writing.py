"""Events back to record lines: the canonical spelling `parse_event` reads to the same event."""

from __future__ import annotations

from companion.games.ryb import tokens as tk
from companion.games.ryb.dice import format_dice
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

_BARE: dict[type[object], str] = {
    Refill: "refill",
    Dump: "dump",
    Pass: "pass",
    Reshuffle: "reshuffle",
    Reset: "reset",
    Trade: "trade",
    Denied: "denied",
    Cancel: "cancel",
}


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _card_body(event: PlayableCard | Recycle) -> str:
    """The words after the verb-free part of cards that `recycle` can wrap."""
    if isinstance(event, Recycle):
        return _join("recycle", _card_body(event.card))
    if isinstance(event, Gimme):
        return _join("gimme", event.target, event.colour.value)
    if isinstance(event, Swap):
        take = "" if event.take is None else _join("take", *tk.letters(event.take))
        return _join("swap", event.target, format_dice(event.dice), take)
    if isinstance(event, RedRover):
        return _join("redrover", event.target, str(event.number), format_dice(event.dice))
    if isinstance(event, Shanghai):
        return _join("shanghai", event.target, event.colour.value)
    if isinstance(event, Balance):
        return _join("balance", event.target, *tk.letters(event.given))
    if isinstance(event, TeaParty):
        return _join("teaparty", event.side)
    if isinstance(event, Void):
        return _join("void", event.target, event.colour.value, *event.recipients)
    if isinstance(event, SwissBankCard):
        return _join("swissbank", str(event.goal))
    if isinstance(event, Raid):
        return _join("raid", event.target)
    return _BARE[type(event)]


def _body(event: Event) -> str:
    if isinstance(event, PlayGoal):
        return _join("goal", event.colour.value, str(event.target), "value", str(event.value))
    if isinstance(event, Attempt):
        return _join("attempt", str(event.goal), format_dice(event.dice))
    if isinstance(event, DoOver):
        return _join("doover", format_dice(event.dice))
    if isinstance(event, Reroll):
        paid = "" if event.returned is None else _join("return", str(event.returned))
        return _join("reroll", paid, format_dice(event.dice))
    if isinstance(event, Bank):
        return _join("bank", str(event.points), "swiss" if event.swiss else "")
    if isinstance(event, Exchange):
        give = _join("give", *tk.letters(event.give)) if event.give else ""
        take = _join("take", *tk.letters(event.take)) if event.take else ""
        return _join("exchange", event.target, give, take)
    if isinstance(event, Draft):
        return _join("draft", event.colour.value)
    if isinstance(event, PlayableCard | Recycle):
        return _card_body(event)
    return _BARE[type(event)]


def format_event(event: Event) -> str:
    """`NAME: verb args`, the canonical record line for `event`."""
    return f"{event.player}: {_body(event)}"
