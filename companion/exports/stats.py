"""Roll statistics of one game and a fairness check of its dice (docs/api.md, `/stats`).

Every die of every roll the rules accepted (attempt, Do-Over, re-roll; camera or typed) is
counted by face, per die colour and over all dice, and the counts are tested against a fair die
with Pearson's chi-square (5 degrees of freedom). Pure: the caller folds the events and hands
over `(seq, event, state after it)` steps; `game_stats` does that for stored events.

Honest limits, also stated in the docs: a colour groups every die of that colour on the table,
so one loaded die among many is diluted; and the check is re-run after every roll on four
groups, so the alarm level is stricter than the textbook 5 %.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from companion.exports.record import start as start_state
from companion.exports.record import step
from companion.games import GameRules, thrown_pips
from companion.games.ryb.dice import DIE_COLOURS, RolledDie
from companion.games.ryb.events import Attempt, Cancel, DoOver, Reroll
from companion.games.ryb.state import GameState
from vision.types import Colour

FACES = 6
DEGREES = FACES - 1
# Below 30 dice a face expects fewer than 5, where the chi-square approximation is unreliable.
MIN_DICE = 30
# Four groups are tested again after every roll. Simulated fair games of 60 rolls of 6 dice
# watched roll by roll showed "uneven" at some point in 22 % of games at 0.01, 2.5 % at 0.001.
ALPHA = 0.001
HINT = 0.05
ROLL_KINDS: dict[type[object], str] = {Attempt: "attempt", DoOver: "doover", Reroll: "reroll"}
ALL = "all"


@dataclass(frozen=True, slots=True)
class Roll:
    """One accepted roll: its event's seq, who threw, which verb, the dice and whether the roll
    completed a goal (a Do-Over cancelled right after does not)."""

    seq: int
    player: str
    kind: str
    dice: tuple[RolledDie, ...]
    completed: bool


@dataclass(frozen=True, slots=True)
class GameRolls:
    """The players in seat order and every roll of a game, oldest first."""

    players: tuple[str, ...]
    rolls: tuple[Roll, ...]


@dataclass(frozen=True, slots=True)
class ChiSquare:
    statistic: float
    df: int
    p_value: float


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with `df` degrees of freedom.

    Exact finite series of the regularized upper incomplete gamma Q(df/2, x/2): a Poisson sum
    for even `df`, erfc plus half-integer terms for odd `df`.
    """
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise ValueError(f"degrees of freedom must be a whole number >= 1, got {df!r}")
    if not math.isfinite(x) or x < 0:
        raise ValueError(f"a chi-square statistic is a finite number >= 0, got {x!r}")
    half = x / 2
    if df % 2 == 0:
        term, total = math.exp(-half), 0.0
        for i in range(df // 2):
            total += term
            term *= half / (i + 1)
    else:
        total = math.erfc(math.sqrt(half))
        term = math.exp(-half) * math.sqrt(half) * 2 / math.sqrt(math.pi)
        for i in range(1, (df - 1) // 2 + 1):
            total += term
            term *= half / (i + 0.5)
    return min(1.0, max(0.0, total))


def pearson(counts: Sequence[int]) -> ChiSquare:
    """Pearson's chi-square of face counts against equal expected counts."""
    if len(counts) < 2 or any(isinstance(c, bool) or not isinstance(c, int) for c in counts):
        raise ValueError(f"expected two or more whole counts, got {counts!r}")
    if any(c < 0 for c in counts) or sum(counts) == 0:
        raise ValueError(f"counts must be >= 0 with at least one die, got {list(counts)!r}")
    n, k = sum(counts), len(counts)
    # sum((o - n/k)^2 / (n/k)) = (k * sum(o^2) - n^2) / n, exact in integers until the division.
    statistic = (k * sum(c * c for c in counts) - n * n) / n
    return ChiSquare(statistic, k - 1, chi_square_sf(statistic, k - 1))


def describe_p(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.2g}"


@dataclass(frozen=True, slots=True)
class FaceStats:
    """Face counts of one die colour (or `all` dice) and the fairness verdict."""

    colour: str
    counts: tuple[int, ...]  # faces 1..6

    @property
    def dice(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> float | None:
        if not self.dice:
            return None
        return sum(face * c for face, c in enumerate(self.counts, 1)) / self.dice

    @property
    def test(self) -> ChiSquare | None:
        return pearson(self.counts) if self.dice else None

    @property
    def verdict(self) -> str:
        """`too_few`, `even` (no sign of bias) or `uneven` (p below ALPHA)."""
        test = self.test
        if test is None or self.dice < MIN_DICE:
            return "too_few"
        return "uneven" if test.p_value < ALPHA else "even"

    @property
    def message(self) -> str:
        test, verdict = self.test, self.verdict
        if test is None:
            return "no dice rolled yet"
        if verdict == "too_few":
            return f"too few rolls to tell ({self.dice} dice; the check needs {MIN_DICE})"
        if verdict == "even":
            # Between ALPHA and HINT "no sign" would overstate it: the dice are not cleared.
            words = "no sign of bias" if test.p_value >= HINT else "no clear sign of bias"
            return f"{words} ({describe_p(test.p_value)})"
        which = "the dice" if self.colour == ALL else f"the {self.colour} dice"
        return f"looks uneven ({describe_p(test.p_value)}): check {which}"

    def to_json(self) -> dict[str, Any]:
        test = self.test
        return {
            "colour": self.colour,
            "dice": self.dice,
            "counts": list(self.counts),
            "mean": self.mean,
            "chi_square": None if test is None else test.statistic,
            "df": DEGREES,
            "p_value": None if test is None else test.p_value,
            "verdict": self.verdict,
            "message": self.message,
        }


def face_stats(colour: str, dice: Iterable[RolledDie]) -> FaceStats:
    counts = [0] * FACES
    for die in dice:
        counts[die.pips - 1] += 1
    return FaceStats(colour, tuple(counts))


@dataclass(frozen=True, slots=True)
class PlayerStats:
    name: str
    attempts: int
    rolls: int  # attempts, Do-Overs and re-rolls
    dice: int
    pips: int
    goals_completed: int

    @property
    def mean_pips(self) -> float | None:
        return self.pips / self.dice if self.dice else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "attempts": self.attempts,
            "rolls": self.rolls,
            "dice": self.dice,
            "mean_pips": self.mean_pips,
            "goals_completed": self.goals_completed,
        }


def player_stats(name: str, rolls: Iterable[Roll]) -> PlayerStats:
    own = [r for r in rolls if r.player == name]
    dice = [d for r in own for d in r.dice]
    return PlayerStats(
        name,
        attempts=sum(r.kind == "attempt" for r in own),
        rolls=len(own),
        dice=len(dice),
        pips=sum(d.pips for d in dice),
        goals_completed=sum(r.completed for r in own),
    )


@dataclass(frozen=True, slots=True)
class GameStats:
    colours: tuple[FaceStats, ...]  # red, yellow, blue
    overall: FaceStats
    players: tuple[PlayerStats, ...]
    rolls: int

    def to_json(self) -> dict[str, Any]:
        return {
            "min_dice": MIN_DICE,
            "alpha": ALPHA,
            "rolls": self.rolls,
            "colours": [c.to_json() for c in self.colours],
            "overall": self.overall.to_json(),
            "players": [p.to_json() for p in self.players],
        }


def summarise(game: GameRolls, by_colour: bool = True) -> GameStats:
    """The figures of a game's rolls; `by_colour` adds RYB's red, yellow and blue groups (a
    game of any-colour dice has only `all`)."""
    dice = [d for r in game.rolls for d in r.dice]
    kinds = DIE_COLOURS if by_colour else ()
    colours = tuple(face_stats(c.value, (d for d in dice if d.colour is c)) for c in kinds)
    return GameStats(
        colours,
        face_stats(ALL, dice),
        tuple(player_stats(name, game.rolls) for name in game.players),
        len(game.rolls),
    )


def collect(start: object, steps: Iterable[tuple[int, object, object]]) -> GameRolls:
    """The rolls of a game from its starting state and its `(seq, event, state after)` steps.

    Reads the RYB events themselves; a state of other rules has no players and no rolls here.
    """
    players = tuple(p.name for p in start.players) if isinstance(start, GameState) else ()
    rolls: list[Roll] = []
    previous: object = None
    for seq, event, after in steps:
        if isinstance(event, Cancel) and isinstance(previous, DoOver) and rolls:
            # The cancelled Do-Over was thrown, so its dice count; its completion was undone.
            rolls[-1] = replace(rolls[-1], completed=False)
        if isinstance(event, Attempt | DoOver | Reroll) and isinstance(after, GameState):
            done = after.last_attempt is not None and after.last_attempt.completed
            kind = ROLL_KINDS[type(event)]
            rolls.append(Roll(seq, event.player, kind, tuple(event.dice), done))
        previous = event
    return GameRolls(players, tuple(rolls))


class LoggedLine(Protocol):
    """A stored record line: a `StoredEvent` or a session `HistoryEntry`."""

    @property
    def seq(self) -> int: ...

    @property
    def line(self) -> str: ...


def game_stats(
    rules: GameRules[Any, Any], header: Mapping[str, str], events: Iterable[LoggedLine]
) -> GameStats:
    """The statistics of a game's live events, oldest first (undone ones left out)."""
    start = start_state(rules, header)

    def steps() -> Iterable[tuple[int, object, object]]:
        state = start
        for stored in events:
            event, state = step(rules, state, stored.line)
            yield stored.seq, event, state

    thrown = thrown_pips(rules)
    if thrown is not None:
        players = tuple(str(p.get("name")) for p in rules.state_json(start).get("players", []))
        return summarise(thrown_rolls(players, thrown, rules.event_player, steps()), False)
    return summarise(collect(start, steps()))


def thrown_rolls(
    players: tuple[str, ...],
    thrown: Callable[[Any], tuple[int, ...] | None],
    player_of: Callable[[Any], str],
    steps: Iterable[tuple[int, object, object]],
) -> GameRolls:
    """The rolls of a game that says which lines throw which pips (`RuleSet.thrown_pips`): any
    colour, so every die counts under `all` (its colour is not in the record)."""
    rolls: list[Roll] = []
    for seq, event, _ in steps:
        pips = thrown(event)
        if pips:
            dice = tuple(RolledDie(Colour.OTHER, p) for p in pips)
            rolls.append(Roll(seq, player_of(event), "roll", dice, False))
    return GameRolls(players, tuple(rolls))
