"""The modifier dice game's state: frozen values, changed only by
`companion.games.modifier.rules`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from companion.games.modifier.cards import Goal, Mod

ROUNDS = 6
GOALS_PER_ROUND = 3
TOKENS_PER_GOAL = 6
DICE = 6
HAND = 6  # Modifier cards a player draws each round
MIN_PLAYERS, MAX_PLAYERS = 2, 6

Stacks = tuple[tuple[Mod, ...], ...]  # the cards behind each of a player's six dice
NO_CARDS: Stacks = ((),) * DICE


class Phase(StrEnum):
    GOALS = "goals"  # waiting for the next round's goal cards
    PLAY = "play"  # dice rolled and cards played until the reveal
    OVER = "over"  # after the sixth reveal (a roll-off may still decide the winner)


@dataclass(frozen=True, slots=True)
class Result:
    """One goal card decided at a reveal."""

    card: Goal
    scores: tuple[int, ...]  # each player's measure, seat order
    best: int | None
    winners: tuple[str, ...]
    each: int  # tokens each winner took
    lost: int  # tokens that left the game
    why: str
    declared_by: str | None = None  # a special goal's declarer


@dataclass(frozen=True, slots=True)
class Round:
    """One "rolls & goals" phase. `rolls` and `cards` are by seat; a seat that has not rolled
    holds None."""

    number: int
    goals: tuple[Goal, ...]
    rolls: tuple[tuple[int, ...] | None, ...]
    cards: tuple[Stacks, ...]
    specials: tuple[tuple[Goal, str], ...] = ()  # declared this round, with the declarer
    values: tuple[tuple[int, ...], ...] | None = None  # final values, after the reveal
    results: tuple[Result, ...] | None = None

    @property
    def revealed(self) -> bool:
        return self.results is not None

    def with_seat(
        self, seat: int, roll: tuple[int, ...] | None = None, stacks: Stacks | None = None
    ) -> Round:
        rolls = list(self.rolls)
        cards = list(self.cards)
        if roll is not None:
            rolls[seat] = roll
        if stacks is not None:
            cards[seat] = stacks
        return replace(self, rolls=tuple(rolls), cards=tuple(cards))


class Purpose(StrEnum):
    ORDER = "order"  # the next deck-selecting phase: fewest tokens first, low roll first
    END = "end"  # the winner: most tokens, high roll wins


@dataclass(frozen=True, slots=True)
class Standing:
    """Players in groups, best placed first; a group of two or more is a tie a roll-off
    settles. For ORDER only the order matters; for END only the first group (the winner)."""

    purpose: Purpose
    groups: tuple[tuple[str, ...], ...]
    throws: tuple[tuple[tuple[str, int], ...], ...] = ()  # the roll-offs so far

    @property
    def tie(self) -> tuple[str, ...] | None:
        """The players the next roll-off is for, if any."""
        if self.purpose is Purpose.END:
            return self.groups[0] if len(self.groups[0]) > 1 else None
        return next((g for g in self.groups if len(g) > 1), None)

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(name for group in self.groups for name in group)


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, ...]
    tokens: tuple[int, ...]
    rounds: tuple[Round, ...] = ()
    open_specials: tuple[Goal, ...] = ()  # revealed special goals nobody has declared yet
    specials_revealed: tuple[tuple[int, Goal], ...] = ()  # (deck-selecting phase, card)
    lost: int = 0  # tokens that left the game
    standing: Standing | None = None
    winner: str | None = None

    @property
    def phase(self) -> Phase:
        if not self.rounds or self.rounds[-1].revealed:
            return Phase.OVER if len(self.rounds) == ROUNDS else Phase.GOALS
        return Phase.PLAY

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def revealed_rounds(self) -> int:
        return sum(1 for r in self.rounds if r.revealed)

    def seat(self, name: str) -> int | None:
        return self.players.index(name) if name in self.players else None

    def seen(self) -> dict[Goal, str]:
        """Every goal card revealed so far and where (the goal deck holds each card once)."""
        where: dict[Goal, str] = {}
        for r in self.rounds:
            for card in r.goals:
                where[card] = f"as a goal of round {r.number}"
        for phase, card in self.specials_revealed:
            where[card] = f"as a special goal after round {phase}"
        return where
