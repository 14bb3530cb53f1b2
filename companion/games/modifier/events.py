"""The modifier dice game's events: frozen values, one per record line.

`player` is the player who acts, or "" for what the whole table does (revealing goal cards,
revealing the modifiers, a roll-off).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.modifier.cards import Goal, Mod


@dataclass(frozen=True, slots=True)
class RevealGoals:
    """`goals CARD CARD CARD`: the round's goal cards, six tokens on each; starts a round."""

    cards: tuple[Goal, ...]
    player: str = ""


@dataclass(frozen=True, slots=True)
class RevealSpecial:
    """`special CARD`: a special goal card revealed in the deck-selecting phase."""

    card: Goal
    player: str = ""


@dataclass(frozen=True, slots=True)
class Declare:
    """`P: declare CARD`: a special goal card played into this round, before the reveal."""

    player: str
    card: Goal


@dataclass(frozen=True, slots=True)
class Roll:
    """`P: roll V V V V V V`: the player's six dice as thrown (dice 1 to 6 in this order)."""

    player: str
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayMods:
    """`P: mod DIE CARD...`: the Modifier cards behind die DIE (1-6), top card first."""

    player: str
    die: int
    cards: tuple[Mod, ...]


@dataclass(frozen=True, slots=True)
class Reveal:
    """`reveal`: every card is turned over, every goal of the round decided and paid."""

    player: str = ""


@dataclass(frozen=True, slots=True)
class RollOff:
    """`rolloff P V P V ...`: the tied players' throws, settling the first open tie."""

    throws: tuple[tuple[str, int], ...]
    player: str = ""


Event = RevealGoals | RevealSpecial | Declare | Roll | PlayMods | Reveal | RollOff
