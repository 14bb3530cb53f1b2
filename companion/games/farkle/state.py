"""Farkle's state: frozen values, changed only by `companion.games.farkle.rules`."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.farkle.scoring import DICE, Scored, Scoring

MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass(frozen=True, slots=True)
class Options:
    """The rule set chosen at the start (docs/rules-farkle.md, the header keys)."""

    scoring: Scoring = Scoring.FIXED
    opening: int = 0  # points one turn must bank to get a player on the board; 0: none
    target: int = 10_000  # reaching it starts the last round
    three_farkles: int = 0  # points lost on a third farkle in a row; 0: no penalty


@dataclass(frozen=True, slots=True)
class Throw:
    """One throw of a turn and what was set aside from it (None: nothing yet, or a farkle)."""

    dice: tuple[int, ...]
    kept: Scored | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in play: its throws, the points they set aside, the dice left to throw."""

    player: str
    throws: tuple[Throw, ...] = ()
    points: int = 0
    dice_left: int = DICE
    hot_dice: int = 0  # times every die scored and all six were thrown again

    @property
    def last(self) -> Throw | None:
        return self.throws[-1] if self.throws else None

    @property
    def must_keep(self) -> bool:
        """The last throw scores and nothing is set aside from it yet."""
        last = self.last
        return last is not None and last.kept is None


@dataclass(frozen=True, slots=True)
class TurnResult:
    """A finished turn: banked (`points`), or a farkle (its throw, the points lost, any penalty)."""

    player: str
    throws: tuple[Throw, ...]
    banked: int  # 0 for a farkle
    lost: int  # turn points a farkle lost
    farkle: tuple[int, ...] | None  # the throw that scored nothing
    penalty: int  # points a third farkle in a row took away
    score: int  # the player's score after the turn
    hot_dice: int


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[str, ...]
    options: Options
    scores: tuple[int, ...]
    on_board: tuple[bool, ...]
    farkles: tuple[int, ...]  # farkles in a row, by seat
    seat: int = 0
    turn: Turn | None = None  # None once the game is over
    done: tuple[TurnResult, ...] = ()
    last_round_from: int | None = None  # the seat whose bank reached the target first
    winners: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def winner(self) -> str | None:
        """The one winner; None while playing or when the highest score is shared."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def current(self) -> str:
        return self.players[self.seat]
