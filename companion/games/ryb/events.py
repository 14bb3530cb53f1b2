"""RYB events: one frozen value per thing a player does at the table. Dice values come in them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.ryb.dice import RolledDie
from companion.games.ryb.state import VariableMode
from vision.types import Colour


@dataclass(frozen=True, slots=True)
class GoalRef:
    """A goal as a line names it: colour or 1-based index, in play or in `owner`'s treasure."""

    colour: Colour | None = None
    index: int | None = None
    owner: str | None = None

    def __post_init__(self) -> None:
        if (self.colour is None) == (self.index is None):
            raise ValueError("a goal reference needs exactly one of colour or index")
        if self.index is not None and self.index < 1:
            raise ValueError(f"goal index must be 1 or more, got #{self.index}")

    def __str__(self) -> str:
        what = self.colour.value if self.colour is not None else f"#{self.index}"
        return f"{self.owner}:{what}" if self.owner else what


@dataclass(frozen=True, slots=True)
class Refill:
    player: str


@dataclass(frozen=True, slots=True)
class Dump:
    player: str


@dataclass(frozen=True, slots=True)
class Pass:
    """The player says their turn is over."""

    player: str


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The draw deck ran out and the discard pile became the new draw deck."""

    player: str


@dataclass(frozen=True, slots=True)
class PlayGoal:
    player: str
    colour: Colour
    target: int
    value: int


@dataclass(frozen=True, slots=True)
class Attempt:
    player: str
    goal: GoalRef
    dice: tuple[RolledDie, ...]


@dataclass(frozen=True, slots=True)
class DoOver:
    player: str
    dice: tuple[RolledDie, ...]


@dataclass(frozen=True, slots=True)
class Reroll:
    """The re-roll variant: pay (header `Reroll`) and roll the same dice again."""

    player: str
    dice: tuple[RolledDie, ...]
    returned: GoalRef | None = None  # the treasure goal put back in play, when that is the payment


@dataclass(frozen=True, slots=True)
class Bank:
    player: str
    points: int
    swiss: bool = False


@dataclass(frozen=True, slots=True)
class Gimme:
    player: str
    target: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class Swap:
    player: str
    target: str
    dice: tuple[RolledDie, ...]
    take: tuple[Colour, ...] | None = None  # None: the swap is not made (sum over 10, or declined)


@dataclass(frozen=True, slots=True)
class RedRover:
    player: str
    target: str
    number: int
    dice: tuple[RolledDie, ...]


@dataclass(frozen=True, slots=True)
class Shanghai:
    player: str
    target: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class Reset:
    player: str


@dataclass(frozen=True, slots=True)
class Balance:
    player: str
    target: str
    given: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class TeaParty:
    player: str
    side: Literal["left", "right"]


@dataclass(frozen=True, slots=True)
class Trade:
    player: str


@dataclass(frozen=True, slots=True)
class Exchange:
    """One exchange of dice while a Trade card is in play: `give` to `target`, `take` from them."""

    player: str
    target: str
    give: tuple[Colour, ...]
    take: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class Void:
    player: str
    target: str
    colour: Colour
    recipients: tuple[str, ...]  # one name per die given away


@dataclass(frozen=True, slots=True)
class SwissBankCard:
    player: str
    goal: GoalRef


@dataclass(frozen=True, slots=True)
class Denied:
    player: str


@dataclass(frozen=True, slots=True)
class Raid:
    player: str
    target: str


@dataclass(frozen=True, slots=True)
class Draft:
    player: str
    colour: Colour


@dataclass(frozen=True, slots=True)
class Cancel:
    """The cancel variant: discard a card of the same type to cancel the Action card just played."""

    player: str


PlayableCard = (
    Gimme
    | Swap
    | RedRover
    | Shanghai
    | Reset
    | Balance
    | TeaParty
    | Trade
    | Void
    | SwissBankCard
    | Raid
)


@dataclass(frozen=True, slots=True)
class Recycle:
    """Play an Action card from the discard pile; `card` carries what it does this time."""

    player: str
    card: PlayableCard | Recycle


Event = (
    Refill
    | Dump
    | Pass
    | Reshuffle
    | PlayGoal
    | Attempt
    | DoOver
    | Reroll
    | Bank
    | Gimme
    | Swap
    | RedRover
    | Shanghai
    | Reset
    | Balance
    | TeaParty
    | Recycle
    | Trade
    | Exchange
    | Void
    | SwissBankCard
    | Denied
    | Raid
    | Draft
    | Cancel
)

# The Variable-card modes and the events that play them.
VARIABLE_EVENTS: dict[type[object], VariableMode] = {
    Reset: VariableMode.RESET,
    Balance: VariableMode.BALANCE,
    TeaParty: VariableMode.TEA_PARTY,
    Recycle: VariableMode.RECYCLE,
    Trade: VariableMode.TRADE,
    Void: VariableMode.VOID,
    SwissBankCard: VariableMode.SWISS_BANK,
    Denied: VariableMode.DENIED,
    Raid: VariableMode.RAID,
}
