"""The players every game seats: how many may play, names of their own, a seat found by name.

Pure and shared by the games' rules; each raises InvalidEventError in a player's words."""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import InvalidEventError


def check_players(game: str, names: Sequence[str], low: int, high: int) -> None:
    """`low` to `high` players whose names differ (ignoring case); `game` names what sets the
    limits in the message (`RYB`, `this board`)."""
    if not low <= len(names) <= high:
        count = str(low) if low == high else f"{low} to {high}"
        raise InvalidEventError(f"{game} is for {count} players, not {len(names)}")
    folded = [n.casefold() for n in names]
    for name in names:
        if folded.count(name.casefold()) > 1:
            raise InvalidEventError(f"two players are called {name!r}; give them different names")


def seat_of(players: Sequence[str], name: str) -> int | None:
    """The seat of the player called `name` (ignoring case); None when nobody is."""
    folded = name.casefold()
    return next((seat for seat, p in enumerate(players) if p.casefold() == folded), None)


def seated_line(line: str, players: Sequence[str]) -> str:
    """`line` with its leading `NAME:` spelt as the seat is (`al: pass` is `Al: pass`): players
    are told apart ignoring case and spacing, so a line names them so too. Any other line, a
    table line or an unknown name, comes back as it was, for the rules to judge."""
    who, sep, rest = line.partition(":")
    said = " ".join(who.split())
    if not sep or not said or said in players:
        return line
    seat = seat_of(players, said)
    return line if seat is None else f"{players[seat]}:{rest}"
