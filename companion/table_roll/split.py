"""One settled table, every player's roll: for games where everyone throws at once (the modifier
dice game), each player's dice lie in their own zone of the table (the calibration profile's
player zones, split by `calibration.apply.by_zone`). Pure: the caller hands over the split.

A zone named like a player is that player's; otherwise the zones go to the players in seat
order. A zone holding more or fewer dice than the player throws, or an unsure die, is flagged
with a reason in words, and its roll is not offered until a person corrects it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vision.types import DiceReading, Die

UNZONED = ""  # the key `by_zone` gives dice in no zone


@dataclass(frozen=True, slots=True)
class ZoneRoll:
    """A player's dice as their zone shows them, numbered left to right as the camera sees
    them; `problem` says why the roll cannot be taken as it is (None: it can)."""

    player: str
    zone: str | None
    dice: tuple[Die, ...]
    problem: str | None

    @property
    def pips(self) -> tuple[int, ...]:
        return tuple(d.pips for d in self.dice)


def _ordered(reading: DiceReading) -> tuple[Die, ...]:
    return tuple(sorted(reading, key=lambda d: (d.centre_xy[0], d.centre_xy[1])))


def zone_owners(zones: Sequence[str], players: Sequence[str]) -> dict[str, str | None]:
    """Each player's zone: the zone named like them (any letter case), else the zone at their
    seat when there are as many zones as players; None when neither."""
    named = {z.casefold(): z for z in zones if z != UNZONED}
    seated = [z for z in zones if z != UNZONED]
    owners: dict[str, str | None] = {}
    for seat, player in enumerate(players):
        if player.casefold() in named:
            owners[player] = named[player.casefold()]
        elif len(seated) == len(players) and not set(named) & {p.casefold() for p in players}:
            owners[player] = seated[seat]
        else:
            owners[player] = None
    return owners


def _problem(player: str, zone: str | None, dice: tuple[Die, ...], count: int) -> str | None:
    if zone is None:
        return f"no zone of the table is {player}'s: name a zone after them when calibrating"
    if len(dice) != count:
        return f"{player}'s zone ({zone}) shows {len(dice)} dice, not {count}"
    unsure = [k for k, d in enumerate(dice, start=1) if d.unsure]
    if unsure:
        which = ", ".join(map(str, unsure))
        return f"die {which} in {player}'s zone ({zone}) is unsure: confirm or correct it"
    return None


def split_by_player(
    zones: Mapping[str, DiceReading], players: Sequence[str], count: int
) -> tuple[ZoneRoll, ...]:
    """Every player's roll from a settled table split by zone, in seat order."""
    owners = zone_owners(list(zones), players)
    out: list[ZoneRoll] = []
    for player in players:
        zone = owners[player]
        dice = _ordered(zones[zone]) if zone is not None else ()
        out.append(ZoneRoll(player, zone, dice, _problem(player, zone, dice, count)))
    return tuple(out)


def stray_dice(zones: Mapping[str, DiceReading]) -> str | None:
    """`2 dice lie outside every player's zone`, or None."""
    stray = len(zones.get(UNZONED, DiceReading.empty()))
    if not stray:
        return None
    return f"{stray} {'die lies' if stray == 1 else 'dice lie'} outside every player's zone"
