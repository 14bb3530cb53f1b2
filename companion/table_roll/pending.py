"""A table roll: for games where everyone throws at once (the modifier dice game), one settled
frame holds every player's dice, each player's in their own zone of the table. The session keeps
it as a pending roll like an RYB attempt (`companion.session.camera.Pending` with `rollers`):
all the dice in one list, `owners` naming whose each die is ("" for a die outside every player's
zone), corrected die by die with the same calls, and accepted as one record line per player.

Pure functions over `Pending`; `companion.session.roll` finds the zones and calls them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from companion.session.errors import PendingError
from companion.table_roll.split import UNZONED, split_by_player
from vision.types import DiceReading, Die

if TYPE_CHECKING:
    from companion.session.camera import CameraShot, Pending

STRAY = ""  # the owner of a die outside every rolling player's zone


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


def dice_each(pending: Pending) -> int:
    """How many dice each player throws (the rules' `expected_dice` for one player)."""
    return sum(pending.expected.values())


def groups(pending: Pending) -> tuple[Group, ...]:
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


def problems(pending: Pending) -> tuple[str, ...]:
    count = dice_each(pending)
    found = (problem(g, count) for g in groups(pending) if g.player != STRAY)
    return tuple(p for p in found if p is not None)


def check_text(pending: Pending) -> str:
    """`Ann has 5 dice, not 6; 1 die lies outside every player's zone` or that all is in."""
    stray = len([o for o in pending.owners if o == STRAY])
    parts = list(problems(pending))
    if stray:
        parts.append(f"{stray} {'die lies' if stray == 1 else 'dice lie'} outside every zone")
    if not problems(pending):
        parts.insert(0, f"every player's {dice_each(pending)} dice are in")
    return "; ".join(parts)


def line_of(pending: Pending, group: Group) -> str:
    pips = " ".join(str(d.pips) for d in group.dice)
    return pending.line_format.format(player=group.player, pips=pips)


def lines(pending: Pending) -> tuple[str, ...]:
    """Each rolling player's record line, in seat order (whatever their dice)."""
    return tuple(line_of(pending, g) for g in groups(pending) if g.player != STRAY)


def accept_lines(pending: Pending) -> tuple[str, ...]:
    """The lines accepting the table roll; PendingError naming what still needs a person."""
    if not pending.has_roll:
        raise PendingError("the table roll has no dice yet: wait for them to settle")
    found = problems(pending)
    if found:
        raise PendingError("; ".join(found), "dice")
    return lines(pending)


def accepted(pending: Pending) -> Pending:
    """What Accept recorded: a table roll without its stray dice (an attempt as it is)."""
    if not pending.rollers:
        return pending
    keep = [k for k, owner in enumerate(pending.owners) if owner != STRAY]
    dice = tuple(pending.dice[k] for k in keep)
    return replace(pending, dice=dice, owners=tuple(pending.owners[k] for k in keep))


def table_json(pending: Pending) -> dict[str, Any]:
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


def owner_of_new_die(pending: Pending, player: object) -> str:
    """Whose a die added by hand is: a rolling player's, named in words when it is not."""
    if not pending.rollers:
        if player not in (None, ""):
            raise PendingError("only a table roll gives a die to a player", "player")
        return STRAY
    if isinstance(player, str) and player in pending.rollers:
        return player
    names = ", ".join(pending.rollers)
    given = "" if player in (None, "") else f", not {player!r}"
    raise PendingError(f"say whose die this is: one of {names}{given}", "player")


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


Split = tuple[tuple[Die, ...], tuple[str, ...], tuple[str, ...]]


def with_table_shot(
    pending: Pending,
    shot: CameraShot,
    split: tuple[tuple[Die, ...], tuple[str, ...], Iterable[str]],
    rev: int,
) -> Pending:
    """The settled table for a table roll still waiting for one; a table already shown stays
    until a person acts on it, and the newer one waits as `queued` (as for an attempt)."""
    dice, owners, notes = split
    whole: Split = (dice, owners, tuple(notes))
    if pending.has_roll:
        return replace(pending, queued=shot, queued_split=whole, rev=rev)
    return _shown(pending, shot, whole, rev)


def with_queued_table(pending: Pending, rev: int) -> Pending:
    """The newer table waiting replaces the one shown and its corrections (a person chose it)."""
    if pending.queued is None or pending.queued_split is None:
        raise PendingError("no newer camera roll is waiting")
    return _shown(pending, pending.queued, pending.queued_split, rev)


def _shown(pending: Pending, shot: CameraShot, split: Split, rev: int) -> Pending:
    dice, owners, notes = split
    return replace(
        pending,
        dice=dice,
        owners=owners,
        notes=notes,
        camera=shot,
        corrections=(),
        entered_by_hand=False,
        queued=None,
        queued_split=None,
        rev=rev,
    )
