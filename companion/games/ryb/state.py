"""The frozen game state of RYB. Rules live elsewhere; this module only holds values and lookups."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from companion.errors import InvalidEventError
from companion.games.ryb.deck import Card, Deck
from companion.games.ryb.dice import GOAL_COLOURS, NEEDS, Pool, RolledDie
from vision.types import Colour


class Edition(StrEnum):
    Y2000 = "2000"
    Y1999 = "1999"


class VariableMode(StrEnum):
    """What a Variable card does; the value is the record verb that plays it."""

    RESET = "reset"
    BALANCE = "balance"
    TEA_PARTY = "teaparty"
    RECYCLE = "recycle"
    TRADE = "trade"
    VOID = "void"
    SWISS_BANK = "swissbank"
    DENIED = "denied"
    RAID = "raid"


class VariableRule(StrEnum):
    """How the Variable card's mode is chosen (ruling 8)."""

    FIXED = "fixed"  # agreed before the game
    FIRST = "first"  # the first player of a Variable card chooses for the rest of the game
    EACH = "each"  # the player chooses each time


class Payment(StrEnum):
    """What a player pays to re-roll an attempt (optional variant, ruling 9)."""

    CARD = "card"
    GOAL = "goal"
    RANDOM = "random"
    TREASURE = "treasure"


HAND_SIZES = {2: 5, 3: 4, 4: 3, 5: 2}


@dataclass(frozen=True, slots=True)
class Options:
    edition: Edition = Edition.Y2000
    strict: bool = True
    variable_rule: VariableRule = VariableRule.FIXED
    variable_mode: VariableMode | None = VariableMode.RESET  # the fixed mode under FIXED
    draft: bool = False
    draft_first: int = 0  # seat that picks the first die in a draft
    reroll: Payment | None = None
    cancel: bool = False
    deck_name: str = "default"
    deck: Deck | None = None  # None: the built-in deck named `deck_name`


@dataclass(frozen=True, slots=True)
class SwissBank:
    """A Swiss Bank card on a goal: points only its owner's attempts on that goal count."""

    owner: str
    banked: int = 0


@dataclass(frozen=True, slots=True)
class Goal:
    """A goal card; `uid` stays with the card wherever it goes (play, treasure, back)."""

    uid: int
    colour: Colour
    target: int
    value: int
    banked: int = 0
    swiss: tuple[SwissBank, ...] = ()

    def swiss_of(self, player: str) -> SwissBank | None:
        return next((s for s in self.swiss if s.owner == player), None)

    def needed_by(self, player: str) -> int:
        """Points `player` must roll to complete it now (ruling 3, Swiss Bank counted)."""
        own = self.swiss_of(player)
        return max(0, self.target - self.banked - (own.banked if own else 0))

    @property
    def name(self) -> str:
        return f"{self.colour.value.capitalize()} {self.target}"

    @property
    def dice_colours(self) -> tuple[Colour, ...]:
        return NEEDS[self.colour]


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    dice: Pool
    treasure: tuple[Goal, ...] = ()

    @property
    def score(self) -> int:
        return sum(g.value for g in self.treasure)

    @property
    def colours_done(self) -> tuple[Colour, ...]:
        seen = {g.colour for g in self.treasure}
        return tuple(c for c in GOAL_COLOURS if c in seen)

    @property
    def has_won(self) -> bool:
        return len(self.colours_done) >= 3 and self.score > 100


@dataclass(frozen=True, slots=True)
class Borrow:
    """Dice taken with Shanghai by the player whose turn it is; they go back at turn end."""

    lender: str
    colour: Colour
    count: int


@dataclass(frozen=True, slots=True)
class Roll:
    """An attempt's roll as it stands (after any Do-Over or re-roll)."""

    player: str
    goal: Goal  # the goal as it was when rolled
    owner: str | None  # whose treasure pile the goal sits in (a Raid), None for goals in play
    dice: tuple[RolledDie, ...]
    points: int
    needed: int

    @property
    def completes(self) -> bool:
        return self.points >= self.needed


@dataclass(frozen=True, slots=True)
class LastAttempt:
    """What the overlay shows: the latest attempt and how it ended."""

    roll: Roll
    completed: bool = False
    banked: int | None = None  # None while the bank is still open
    on_swiss: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    refilled: bool = False
    cards: int = 0  # cards played in the Play-a-Card step
    attempted: bool = False
    roll: Roll | None = None  # a failed roll awaiting Bank (or a Do-Over / re-roll)
    trade_open: bool = False
    raid_target: str | None = None


@dataclass(frozen=True, slots=True)
class Draft:
    centre: Pool
    picks: int = 0


@dataclass(frozen=True, slots=True)
class Reaction:
    """A just-played Action card that De-nied! or a cancel may still undo."""

    player: str
    card: Card
    target: str | None  # the player it targets (who may play De-nied!)
    revert: GameState = field(repr=False)


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    players: tuple[Player, ...]
    turn: Turn
    goals: tuple[Goal, ...] = ()
    borrowed: tuple[Borrow, ...] = ()
    discard: tuple[Card, ...] = ()
    chosen_mode: VariableMode | None = None  # under VariableRule.FIRST, once chosen
    draft: Draft | None = None
    last_attempt: LastAttempt | None = None
    reaction: Reaction | None = None
    winner: str | None = None
    next_uid: int = 1
    moves: int = 0

    @property
    def current(self) -> Player:
        return self.players[self.turn.seat]

    def seat_of(self, name: str) -> int:
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        names = ", ".join(p.name for p in self.players)
        raise InvalidEventError(f"unknown player {name!r} (players: {names})")

    def player(self, name: str) -> Player:
        return self.players[self.seat_of(name)]

    def with_player(self, player: Player) -> GameState:
        seat = self.seat_of(player.name)
        return replace(self, players=(*self.players[:seat], player, *self.players[seat + 1 :]))

    def with_dice(self, name: str, dice: Pool) -> GameState:
        return self.with_player(replace(self.player(name), dice=dice))

    def borrowed_pool(self) -> Pool:
        counts: dict[Colour, int] = {}
        for b in self.borrowed:
            counts[b.colour] = counts.get(b.colour, 0) + b.count
        return Pool.from_counts(counts)

    def variable_mode(self) -> VariableMode | None:
        """The mode every Variable card has now, or None where the player chooses."""
        if self.options.variable_rule is VariableRule.FIXED:
            return self.options.variable_mode
        if self.options.variable_rule is VariableRule.FIRST:
            return self.chosen_mode
        return None
