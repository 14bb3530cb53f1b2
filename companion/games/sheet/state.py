"""The score sheet's state: frozen values, changed only by `companion.games.sheet.rules`.

Each player has one entry per round, in seat order: round r is finished once every player has r
entries. Totals, the round and whose turn it is follow from the entries.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.sheet.options import Options


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a player's sheet: a roll's dice and what they scored, or a typed score."""

    points: int
    dice: tuple[int, ...] | None = None  # None: a typed score


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, ...]
    options: Options
    sheets: tuple[tuple[Entry, ...], ...]  # by seat, one entry per round played
    ended: bool = False  # the table wrote `end`
    last: tuple[int, int] | None = None  # (seat, round) of the latest entry

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(e.points for e in sheet) for sheet in self.sheets)

    @property
    def finished_rounds(self) -> int:
        return min(len(sheet) for sheet in self.sheets)

    @property
    def round_open(self) -> bool:
        """Some players have played the round others have not yet."""
        return max(len(s) for s in self.sheets) != self.finished_rounds

    @property
    def seat_to_play(self) -> int:
        """The first seat with the fewest entries: whose turn it is while the game goes on."""
        fewest = self.finished_rounds
        return next(k for k, sheet in enumerate(self.sheets) if len(sheet) == fewest)

    @property
    def round(self) -> int:
        """The round being played (the next one to start between rounds)."""
        return self.finished_rounds + 1

    def reached(self) -> tuple[str, ...]:
        """The players whose total has reached the target, in seat order."""
        target = self.options.target
        if target is None:
            return ()
        return tuple(n for n, t in zip(self.players, self.totals, strict=True) if t >= target)

    @property
    def over(self) -> bool:
        if self.round_open:
            return False
        done = self.finished_rounds
        rounds = self.options.rounds
        return self.ended or (rounds is not None and done >= rounds) or bool(self.reached())

    def leaders(self) -> tuple[str, ...]:
        """Who is ahead now (everyone level at the start): the best total, ties shared."""
        totals = self.totals
        best = min(totals) if self.options.lowest else max(totals)
        return tuple(n for n, t in zip(self.players, totals, strict=True) if t == best)

    @property
    def winner(self) -> str | None:
        """The leaders once the game is over, a shared win as `Ann and Ben`."""
        return " and ".join(self.leaders()) if self.over else None

    def seat(self, name: str) -> int | None:
        return self.players.index(name) if name in self.players else None
