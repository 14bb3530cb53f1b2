"""Farkle's events: frozen values, one per record line (docs/rules-farkle.md). Each names the
player who acts; dice are pips 1 to 6 in the order written."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """`P: roll 1 5 3 3 2 6`: the dice the player threw (a throw with nothing to score is a
    farkle, which the rules see for themselves)."""

    player: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Keep:
    """`P: keep 1 5`: scoring dice of the last throw set aside; the player throws on."""

    player: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bank:
    """`P: bank` or `P: bank 1 5`: the turn's points go on the player's score (setting these
    dice of the last throw aside first, when given) and the turn passes."""

    player: str
    dice: tuple[int, ...] = ()


Event = Roll | Keep | Bank
