"""A table roll: for games where everyone throws at once (the modifier dice game), one settled
frame holds every player's dice, each player's in their own zone of the table. The session keeps
it as a pending roll like an RYB attempt (`companion.session.camera.Pending` with `rollers`):
all the dice in one list, `owners` naming whose each die is ("" for a die outside every player's
zone), corrected die by die with the same calls, and accepted as one record line per player.

Pure functions over a pending roll (`TablePending`, which the session's `Pending` is);
`companion.session.roll` finds the zones and calls them. Nothing here imports the session.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import Field, dataclass, replace
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from companion.errors import PendingError
from companion.table_roll.split import UNZONED, split_by_player
from vision.types import Colour, DiceReading, Die

STRAY = ""  # the owner of a die outside every rolling player's zone
Split = tuple[tuple[Die, ...], tuple[str, ...], tuple[str, ...]]


class TablePending(Protocol):
    """What the table roll reads of a pending roll (`companion.session.camera.Pending`), a frozen
    dataclass it changes with `dataclasses.replace`. The camera's shot is passed through unread."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def expected(self) -> Mapping[Colour, int]: ...

    @property
    def dice(self) -> tuple[Die, ...]: ...

    @property
    def rollers(self) -> tuple[str, ...]: ...

    @property
    def owners(self) -> tuple[str, ...]: ...

    @property
    def notes(self) -> tuple[str, ...]: ...

    @property
    def line_format(self) -> str: ...

    @property
    def has_roll(self) -> bool: ...

    @property
    def queued(self) -> object | None: ...

    @property
    def queued_split(self) -> Split | None: ...


P = TypeVar("P", bound=TablePending)


@runtime_checkable
class TableRollRules(Protocol):
    """What a game whose players throw at once adds to `companion.games.GameRules`."""

    @property
    def table_roll_format(self) -> str:
        """One player's line: `{player}: roll {pips}` (pips space-separated)."""
        ...

    def table_rollers(self, state: Any) -> tuple[str, ...]:
        """The players whose dice the next settled table gives, in seat order; InvalidEventError
        saying why when nobody may roll now."""
        ...


@dataclass(frozen=True, slots=True)
class Group:
    """One player's dice in the table roll: their places in the pending roll's dice list."""

    player: str
    indices: tuple[int, ...]
    dice: tuple[Die, ...]


def dice_each(pending: TablePending) -> int:
    """How many dice each player throws (the rules' `expected_dice` for one player)."""
    return sum(pending.expected.values())


def groups(pending: TablePending) -> tuple[Group, ...]:
    """Every rolling player's dice, in seat order, then the stray dice (player "")."""
    out = []
    for player in (*pending.rollers, STRAY):
        at = tuple(k for k, owner in enumerate(pending.owners) if owner == player)
        if player != STRAY or at:
            out.append(Group(player, at, tuple(pending.dice[k] for k in at)))
    return tuple(out)


def problem(group: Group, count: int) -> str | None:
    """Why this player's dice cannot be recorded yet (None: they can), in words."""
    if len(group.dice) != count:
        return f"{group.player} has {len(group.dice)} dice, not {count}"
    unsure = [str(k) for k, d in enumerate(group.dice, start=1) if d.unsure]
    if unsure:
        return f"{group.player}'s die {', '.join(unsure)} is unsure: confirm or correct it"
    return None


def problems(pending: TablePending) -> tuple[str, ...]:
    count = dice_each(pending)
    found = (problem(g, count) for g in groups(pending) if g.player != STRAY)
    return tuple(p for p in found if p is not None)


def check_text(pending: TablePending) -> str:
    """`Ann has 5 dice, not 6; 1 die lies outside every player's zone` or that all is in."""
    stray = len([o for o in pending.owners if o == STRAY])
    parts = list(problems(pending))
    if stray:
        parts.append(f"{stray} {'die lies' if stray == 1 else 'dice lie'} outside every zone")
    if not problems(pending):
        parts.insert(0, f"every player's {dice_each(pending)} dice are in")
    return "; ".join(parts)


def line_of(pending: TablePending, group: Group) -> str:
    pips = " ".join(str(d.pips) for d in group.dice)
    return pending.line_format.format(player=group.player, pips=pips)


def lines(pending: TablePending) -> tuple[str, ...]:
    """Each rolling player's record line, in seat order (whatever their dice)."""
    return tuple(line_of(pending, g) for g in groups(pending) if g.player != STRAY)


def accept_lines(pending: TablePending) -> tuple[str, ...]:
    """The lines accepting the table roll; PendingError naming what still needs a person."""
    if not pending.has_roll:
        raise PendingError("the table roll has no dice yet: wait for them to settle")
    found = problems(pending)
    if found:
        raise PendingError("; ".join(found), "dice")
    return lines(pending)


def accepted(pending: P) -> P:
    """What Accept recorded: a table roll without its stray dice (an attempt as it is)."""
    if not pending.rollers:
        return pending
    keep = [k for k, owner in enumerate(pending.owners) if owner != STRAY]
    dice = tuple(pending.dice[k] for k in keep)
    return replace(pending, dice=dice, owners=tuple(pending.owners[k] for k in keep))


def table_json(pending: TablePending) -> dict[str, Any]:
    count = dice_each(pending)
    return {
        "rollers": list(pending.rollers),
        "dice_each": count,
        "players": [
            {
                "player": g.player,
                "dice": list(g.indices),
                "problem": None if g.player == STRAY else problem(g, count),
                "line": None if g.player == STRAY else line_of(pending, g),
            }
            for g in groups(pending)
        ],
        "notes": list(pending.notes),
    }


def owner_of_new_die(pending: TablePending, player: object) -> str:
    """Whose a die added by hand is: a rolling player's, named in words when it is not."""
    if not pending.rollers:
        if player not in (None, ""):
            raise PendingError("only a table roll gives a die to a player", "player")
        return STRAY
    said = " ".join(player.split()).casefold() if isinstance(player, str) else None
    found = next((r for r in pending.rollers if r.casefold() == said), None)
    if found is not None:
        return found
    names = ", ".join(pending.rollers)
    if player in (None, ""):
        raise PendingError(f"say whose die this is: one of {names}", "player")
    # Named as a player would read it (not "one of Ann, Cat, not 'Ben'"): Ben may well play,
    # and have thrown already.
    who = player if isinstance(player, str) else repr(player)
    raise PendingError(
        f"{who} throws no dice in this table roll: give the die to one of {names}", "player"
    )


def split_table(
    zones: Mapping[str, DiceReading], players: Sequence[str], rollers: Sequence[str], count: int
) -> tuple[tuple[Die, ...], tuple[str, ...], tuple[str, ...]]:
    """(dice, owners, notes) of a settled table split by zone: the rolling players' dice in seat
    order (each left to right), then the stray ones (the check counts them); dice in the zone
    of a player who has already rolled are not part of this roll. Notes say who has no zone."""
    dice: list[Die] = []
    owners: list[str] = []
    notes: list[str] = []
    for found in split_by_player(zones, players, count):
        if found.player not in rollers:
            continue
        if found.zone is None:
            notes.append(f"no zone of the table is {found.player}'s: add their dice by hand")
        dice.extend(found.dice)
        owners.extend([found.player] * len(found.dice))
    stray = tuple(zones.get(UNZONED, DiceReading.empty()))
    dice.extend(stray)
    owners.extend([STRAY] * len(stray))
    return tuple(dice), tuple(owners), tuple(notes)


def with_table_shot(
    pending: P,
    shot: object,
    split: tuple[tuple[Die, ...], tuple[str, ...], Iterable[str]],
    rev: int,
) -> P:
    """The settled table for a table roll still waiting for one; a table already shown stays
    until a person acts on it, and the newer one waits as `queued` (as for an attempt)."""
    dice, owners, notes = split
    whole: Split = (dice, owners, tuple(notes))
    if pending.has_roll:
        return replace(pending, queued=shot, queued_split=whole, rev=rev)
    return _shown(pending, shot, whole, rev)


def with_queued_table(pending: P, rev: int) -> P:
    """The newer table waiting replaces the one shown and its corrections (a person chose it)."""
    if pending.queued is None or pending.queued_split is None:
        raise PendingError("no newer camera roll is waiting")
    return _shown(pending, pending.queued, pending.queued_split, rev)


def _shown(pending: P, shot: object, split: Split, rev: int) -> P:
    dice, owners, notes = split
    return replace(
        pending,
        dice=dice,
        owners=owners,
        notes=notes,
        camera=shot,
        corrections=(),
        not_dice=(),
        entered_by_hand=False,
        queued=None,
        queued_split=None,
        rev=rev,
    )
