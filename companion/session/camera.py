"""A declared attempt waiting for its roll: the camera's reading, the players' corrections, the
check against the dice the rules expect, and the record line and meta it becomes.

Pure values and functions; `companion.session.Session` keeps one `Pending` per game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games import ANY_COLOUR
from companion.session.errors import PendingError
from companion.table_roll import pending as tr
from vision.types import COLOURS, Colour, DiceReading, Die

MAX_DICE = 24
ATTEMPT = "attempt"
# The verbs that throw a failed roll's dice again, as players say them.
AGAIN_WORDS = {ATTEMPT: "attempt", "doover": "Do-Over", "reroll": "paid re-roll"}
NOT_A_DIE = "not-a-die"  # a removal that says what was removed is no die at all
MAX_CORRECTIONS = 40
# Dice entered or added by hand have no place in a frame; this box marks them.
HAND_BOX = (0, 0, 1, 1)
_LETTERS: dict[Colour, str] = {Colour.RED: "r", Colour.YELLOW: "y", Colour.BLUE: "b"}
_BY_LETTER = {letter: colour for colour, letter in _LETTERS.items()}


def die_text(colour: Colour, pips: int) -> str:
    """`y4` for the record's dice; other colours (which RYB refuses) spelled out: `green 4`."""
    letter = _LETTERS.get(colour)
    return f"{letter}{pips}" if letter else f"{colour.value} {pips}"


def parse_colour(value: object) -> Colour:
    if not isinstance(value, str):
        raise PendingError(f"colour must be a string like 'red' or 'r', got {value!r}", "colour")
    letter = _BY_LETTER.get(value.strip().lower())
    if letter is not None:
        return letter
    try:
        return Colour.parse(value)
    except ValueError as exc:
        raise PendingError(str(exc), "colour") from None


def parse_pips(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise PendingError(f"pips must be a whole number 1..6, got {value!r}", "pips")
    return value


def parse_dice_text(text: object) -> tuple[Die, ...]:
    """`y4 y5 b2` (or a list of such tokens) to dice entered by hand."""
    tokens = text.split() if isinstance(text, str) else text
    if not isinstance(tokens, list | tuple) or not all(isinstance(t, str) for t in tokens):
        raise PendingError(f"dice must be text like 'y4 y5 b2', got {text!r}", "dice")
    dice: list[Die] = []
    for token in tokens:
        colour_part, pips_part = token[:-1], token[-1:]
        if not colour_part or not pips_part.isascii() or not pips_part.isdigit():
            raise PendingError(f"bad die {token!r}: expected a colour and pips, like y4", "dice")
        try:
            dice.append(hand_die(parse_colour(colour_part), parse_pips(int(pips_part))))
        except PendingError as exc:
            raise PendingError(f"bad die {token!r}: {exc}", "dice") from None
    if len(dice) > MAX_DICE:
        raise PendingError(f"{len(dice)} dice is more than the limit of {MAX_DICE}", "dice")
    return tuple(dice)


def hand_die(colour: Colour, pips: int) -> Die:
    return Die(colour, pips, 1.0, HAND_BOX)


def describe_counts(counts: Mapping[Colour, int], *, keep_zero: bool) -> str:
    parts = [f"{counts[c]} {c.value}" for c in COLOURS if c in counts and (counts[c] or keep_zero)]
    return " ".join(parts) if parts else "no dice"


def _count_dice(count: int) -> str:
    return f"{count} {'die' if count == 1 else 'dice'}"


def any_check_text(expected: Mapping[Colour, int], dice: Sequence[Die]) -> str:
    """`expected 5 dice, saw 4 dice`: a roll of any-colour dice (any number when none are
    expected)."""
    wanted = sum(expected.values())
    head = f"expected {_count_dice(wanted)}, " if wanted else ""
    return f"{head}saw {_count_dice(len(dice))}"


def check_text(expected: Mapping[Colour, int], dice: Sequence[Die]) -> str:
    """`expected 2 red 2 yellow, saw 2 red 1 yellow`."""
    if set(expected) == {ANY_COLOUR}:
        return any_check_text(expected, dice)
    seen = DiceReading(tuple(dice)).counts()
    return (
        f"expected {describe_counts(expected, keep_zero=False)}, "
        f"saw {describe_counts(seen, keep_zero=False)}"
    )


def dice_match(expected: Mapping[Colour, int], dice: Sequence[Die]) -> bool:
    """The dice are the expected ones: so many of each colour; dice counted under ANY_COLOUR
    may be any colour, so those only add to how many there are."""
    seen = DiceReading(tuple(dice)).counts()
    wanted = {c: n for c, n in expected.items() if n and c is not ANY_COLOUR}
    anyhow = expected.get(ANY_COLOUR, 0)
    if not anyhow:
        return seen == wanted
    enough = all(seen.get(c, 0) >= n for c, n in wanted.items())
    return enough and len(dice) == sum(wanted.values()) + anyhow


@dataclass(frozen=True, slots=True)
class Correction:
    """One change a person made to the camera's reading."""

    action: str  # "correct", "add", "remove" or "not-a-die" (removed, and no die at all)
    index: int
    before: str | None
    after: str | None
    # An "add" of the die the roll's picture offered with this index (`companion.session.missed`):
    # a club table's agent teaches its table that die when the roll's lesson comes back. Its box
    # (frame pixels) goes too: a die pointed at, which the agent never offered, it reads there.
    missed: int | None = None
    box: tuple[float, float, float, float] | None = None

    def describe(self) -> str:
        if self.action == "correct" and self.before == self.after:
            return f"confirmed die {self.index + 1} as {self.after}"
        if self.action == "correct":
            return f"corrected die {self.index + 1} to {self.after}"
        if self.action == "add":
            return f"added {self.after}" + ("" if self.missed is None else " from the picture")
        if self.action == NOT_A_DIE:
            return f"removed die {self.index + 1} ({self.before}): not a die"
        return f"removed die {self.index + 1} ({self.before})"

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "action": self.action,
            "index": self.index,
            "before": self.before,
            "after": self.after,
        }
        if self.missed is not None:
            found["missed"] = self.missed
        if self.box is not None:
            found["box_xyxy"] = [round(v, 1) for v in self.box]
        return found


@dataclass(frozen=True, slots=True)
class CameraShot:
    """What the camera handed over with a settled roll. `thumbnail_jpeg` is the settled frame
    (at camera resolution from a local camera, `vision.motion.encode_frame`); `frame_size` is
    the (width, height) the dice boxes are measured in, None when unknown (an agent's roll)."""

    reading: DiceReading
    thumbnail_jpeg: bytes | None = field(repr=False)
    frame_index: int | None
    delay_ms: float
    received_at: str
    # The settle detector's, for its later corrections (an agent's roll:
    # `companion.session.agents.shot_id`).
    roll_id: int = 0
    frame_size: tuple[int, int] | None = None
    # What a club table's agent passed over in this roll's frame (no signatures: its memory is
    # at its table), offered to players as dice it may have missed (`companion.session.missed`).
    missed: tuple[Die, ...] = ()

    def to_json(self) -> dict[str, Any]:
        size = self.frame_size
        return {
            "reading": self.reading.to_json(),
            "frame_index": self.frame_index,
            "delay_ms": round(self.delay_ms, 1),
            "received_at": self.received_at,
            "frame_size": None if size is None else {"width": size[0], "height": size[1]},
            # An agent's roll (below 0: `companion.session.agents.shot_id`): its lesson finds it.
            "roll_id": self.roll_id,
        }


@dataclass(frozen=True, slots=True)
class Pending:
    """An attempt declared for the next roll, and that roll once it arrives."""

    game_id: str
    player: str
    goal: str
    expected: Mapping[Colour, int]
    declared_at: str
    rev: int
    seq: int  # the game's head seq when declared: any other head means the game moved on
    dice: tuple[Die, ...] = ()
    camera: CameraShot | None = None
    entered_by_hand: bool = False
    corrections: tuple[Correction, ...] = ()
    # A table roll (everyone throws at once, `companion.table_roll`): the players it records,
    # whose each die is, what the zones said, and one player's record line.
    rollers: tuple[str, ...] = ()
    owners: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    line_format: str = ""
    # A newer settled roll that came while this one waited for a person: it never replaces
    # the roll being looked at; a person takes it (`with_queued`) or accepts this one.
    queued: CameraShot | None = None
    # A table roll's queued shot split by zone (dice, owners, notes), as `owners` splits `dice`.
    queued_split: tuple[tuple[Die, ...], tuple[str, ...], tuple[str, ...]] | None = None
    # Dice the camera read that players removed as "not a die" (a token, a rivet): when the
    # roll is accepted they teach the table's memory so (a plain removal teaches nothing).
    not_dice: tuple[Die, ...] = ()
    # The line the roll becomes: "attempt" (on `goal`), or a failed roll thrown again, "doover"
    # or "reroll" (`returned`: the completed goal a treasure-paid re-roll puts back in play).
    verb: str = ATTEMPT
    returned: str = ""

    @property
    def what(self) -> str:
        """`attempt on orange`, `Do-Over on orange`, `paid re-roll on orange` for messages; a
        roll that attempts no goal (a `line_format` game's) is a `roll`."""
        if not self.goal and not self.rollers:
            return "roll"
        return f"{AGAIN_WORDS.get(self.verb, self.verb)} on {self.goal}"

    @property
    def any_colour(self) -> bool:
        """A roll of any-colour pip dice recorded as `line_format` (the score sheet's)."""
        return bool(self.line_format) and not self.rollers

    @property
    def has_roll(self) -> bool:
        return self.camera is not None or self.entered_by_hand or bool(self.corrections)

    @property
    def source(self) -> str:
        return "camera" if self.camera is not None else "manual"

    @property
    def unsure(self) -> tuple[int, ...]:
        return tuple(k for k, die in enumerate(self.dice) if die.unsure)

    @property
    def check(self) -> str | None:
        if not self.has_roll:
            return None
        if self.any_colour:
            return any_check_text(self.expected, self.dice)
        return tr.check_text(self) if self.rollers else check_text(self.expected, self.dice)

    @property
    def matches(self) -> bool:
        if self.rollers:
            return self.has_roll and not tr.problems(self)
        if self.any_colour and not self.expected:
            return self.has_roll and bool(self.dice)  # any number of dice
        return self.has_roll and dice_match(self.expected, self.dice)

    @property
    def dice_limit(self) -> int:
        return MAX_DICE * (1 + len(self.rollers))

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "player": self.player,
            "goal": self.goal,
            "verb": self.verb,
            "what": self.what,
            "returned": self.returned or None,
            "expected": {c.value: n for c, n in self.expected.items()},
            "declared_at": self.declared_at,
            "rev": self.rev,
            "seq": self.seq,
            "has_roll": self.has_roll,
            "source": self.source if self.has_roll else None,
            # `learns`: the camera read this die (it has a signature), so "not a die" can teach;
            # `in_frame`: its box is in the frame (a die added by hand has none).
            "dice": [
                dict(
                    d.to_json(),
                    index=k,
                    learns=d.signature is not None,
                    in_frame=d.box_xyxy != HAND_BOX,
                )
                for k, d in enumerate(self.dice)
            ],
            "unsure": list(self.unsure),
            "check": self.check,
            "matches": self.matches,
            "ready": self.matches and (bool(self.rollers) or not self.unsure),
            # Dice past what the attempt needs (`keep_needed` takes them out in one go).
            "extra": [] if self.rollers or not self.has_roll else list(extra_dice(self)),
            "line": self.preview_line(),
            "camera": None if self.camera is None else self.camera.to_json(),
            "has_thumbnail": self.camera is not None and self.camera.thumbnail_jpeg is not None,
            "corrections": [c.to_json() for c in self.corrections],
            "summary": summary(self) if self.has_roll else None,
            "table": tr.table_json(self) if self.rollers else None,
            "queued": None if self.queued is None else self.queued.to_json(),
        }

    def preview_line(self) -> str | None:
        if not self.dice:
            return None
        if self.rollers:
            return "\n".join(tr.lines(self))
        if self.line_format:
            pips = " ".join(str(d.pips) for d in self.dice)
            return self.line_format.format(player=self.player, pips=pips)
        dice = " ".join(die_text(d.colour, d.pips).replace(" ", "") for d in self.dice)
        if self.verb == ATTEMPT:
            return f"{self.player}: attempt {self.goal} {dice}"
        paid = f" return {self.returned}" if self.returned else ""
        return f"{self.player}: {self.verb}{paid} {dice}"


def with_shot(pending: Pending, shot: CameraShot, rev: int) -> Pending:
    """The camera's roll for an attempt still waiting for one; a roll already there (read by
    the camera, entered or corrected by a person) stays until a person acts on it, and the new
    one waits as `queued` (the latest wins)."""
    if pending.has_roll:
        return replace(pending, queued=shot, rev=rev)
    return replace(
        pending,
        dice=shot.reading.dice,
        camera=shot,
        corrections=(),
        not_dice=(),
        entered_by_hand=False,
        queued=None,
        rev=rev,
    )


def corrected_dice(
    dice: tuple[Die, ...], sent: tuple[Die, ...], reading: DiceReading
) -> tuple[Die, ...]:
    """Each die no person acted on (as the camera `sent` it) takes the die `reading` has in its
    place (the same box): a doubt cleared, or a die read anew."""
    now = {d.box_xyxy: d for d in reading.dice}
    as_sent = {d.box_xyxy: d for d in sent}

    def take(die: Die) -> Die:
        return now.get(die.box_xyxy, die) if as_sent.get(die.box_xyxy) == die else die

    return tuple(take(d) for d in dice)


def with_correction(pending: Pending, roll_id: int, reading: DiceReading, rev: int) -> Pending:
    """The camera's later word on dice of roll `roll_id` (`vision.settle.RollCorrected`), shown
    or queued: each die no person acted on takes the die now read in its place. A die a person
    confirmed, corrected, added or removed keeps what they did."""

    def seen(shot: CameraShot) -> CameraShot:
        dice = shot.reading.dice
        return replace(shot, reading=DiceReading(corrected_dice(dice, dice, reading)))

    if pending.camera is not None and pending.camera.roll_id == roll_id:
        dice = corrected_dice(pending.dice, pending.camera.reading.dice, reading)
        return replace(pending, dice=dice, camera=seen(pending.camera), rev=rev)
    if pending.queued is not None and pending.queued.roll_id == roll_id:
        split = pending.queued_split
        sent = pending.queued.reading.dice
        queued_split = (
            None if split is None else (corrected_dice(split[0], sent, reading), *split[1:])
        )
        return replace(pending, queued=seen(pending.queued), queued_split=queued_split, rev=rev)
    raise PendingError(f"roll {roll_id} is not the one waiting here", "roll")


def with_queued(pending: Pending, rev: int) -> Pending:
    """The waiting newer roll replaces the one shown and its corrections (a person chose it)."""
    if pending.queued is None:
        raise PendingError("no newer camera roll is waiting", "queued")
    if pending.rollers:
        return tr.with_queued_table(pending, rev)
    shot = pending.queued
    return replace(
        pending,
        dice=shot.reading.dice,
        camera=shot,
        corrections=(),
        not_dice=(),
        entered_by_hand=False,
        queued=None,
        rev=rev,
    )


def _check_was(pending: Pending, at: int, was: object) -> None:
    """A correction names the die it changes (`r3`): refused if die `at` is another by now."""
    if was is None:
        return
    old = pending.dice[at]
    shown = die_text(old.colour, old.pips)
    if not isinstance(was, str) or was.replace(" ", "").lower() != shown.replace(" ", "").lower():
        raise PendingError(
            f"die {at + 1} is {shown} now, not {was!r}: the roll changed, look again", "was"
        )


def with_hand_dice(pending: Pending, dice: tuple[Die, ...], rev: int) -> Pending:
    if pending.rollers:
        raise PendingError(
            "a table roll is not typed as one list of dice: add each die to "
            "its player, or record each player's roll line",
            "dice",
        )
    return replace(
        pending,
        dice=dice,
        camera=None,
        corrections=(),
        not_dice=(),
        entered_by_hand=True,
        rev=rev,
    )


def _index(pending: Pending, index: object) -> int:
    count = len(pending.dice)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
        raise PendingError(f"no die with index {index!r}: the roll has {count} dice", "index")
    return index


def _corrected(pending: Pending, dice: tuple[Die, ...], fix: Correction, rev: int) -> Pending:
    corrections = _joined(pending.corrections, fix)
    if len(corrections) > MAX_CORRECTIONS:
        raise PendingError(f"more than {MAX_CORRECTIONS} corrections: enter the roll by hand")
    return replace(pending, dice=dice, corrections=corrections, rev=rev)


def _joined(corrections: tuple[Correction, ...], fix: Correction) -> tuple[Correction, ...]:
    """The corrections with `fix` added. A die corrected again, with no die added or removed
    since (so its index still names it), keeps one correction from the camera's value to the
    last: tapping its pips from 1 to 4 is "corrected die 2 to r4", not three corrections."""
    if fix.action != "correct":
        return (*corrections, fix)
    for k in range(len(corrections) - 1, -1, -1):
        old = corrections[k]
        if old.action != "correct":
            break
        if old.index == fix.index:
            once = Correction("correct", fix.index, old.before, fix.after)
            return (*corrections[:k], *corrections[k + 1 :], once)
    return (*corrections, fix)


def correct_die(
    pending: Pending, index: object, colour: object, pips: object, rev: int, was: object = None
) -> Pending:
    """Set die `index` to (colour, pips); sending the same values confirms an unsure die."""
    at = _index(pending, index)
    _check_was(pending, at, was)
    new_colour, new_pips = parse_colour(colour), parse_pips(pips)
    old = pending.dice[at]
    dice = (*pending.dice[:at], old.corrected(new_colour, new_pips), *pending.dice[at + 1 :])
    before, after = die_text(old.colour, old.pips), die_text(new_colour, new_pips)
    return _corrected(pending, dice, Correction("correct", at, before, after), rev)


@dataclass(frozen=True, slots=True)
class SeenDie:
    """A die the roll's picture offered as missed (`companion.session.missed`): its index among
    those offered, and the die as the camera passed it over (its box, signature and pip
    features)."""

    index: int
    die: Die


def add_die(
    pending: Pending,
    colour: object,
    pips: object,
    rev: int,
    player: object = None,
    seen: SeenDie | None = None,
) -> Pending:
    """A die the camera missed; in a table roll, `player` says whose it is. `seen`: the one the
    roll's picture offered, which keeps its look, so the accepted roll teaches the table it (the
    correction keeps its index, for an agent's lesson)."""
    limit = pending.dice_limit
    if len(pending.dice) >= limit:
        raise PendingError(f"the roll already has {limit} dice, the most it can hold")
    owner = tr.owner_of_new_die(pending, player)
    new_colour, new_pips = parse_colour(colour), parse_pips(pips)
    box = None if seen is None else seen.die.box_xyxy
    if seen is None:
        die, index = hand_die(new_colour, new_pips), None
    elif any(d.box_xyxy == box for d in pending.dice):
        raise PendingError("that die from the picture is in the roll already", "missed")
    else:
        die, index = seen.die.corrected(new_colour, new_pips), seen.index
    text = die_text(die.colour, die.pips)
    fix = Correction("add", len(pending.dice), None, text, index, box)
    owners = (*pending.owners, owner) if pending.rollers else pending.owners
    return replace(_corrected(pending, (*pending.dice, die), fix, rev), owners=owners)


def remove_die(
    pending: Pending, index: object, rev: int, was: object = None, not_a_die: object = False
) -> Pending:
    """Take die `index` out of the roll. With `not_a_die`, the players say it is no die at all:
    the accepted roll teaches the table that (a die merely not part of this roll teaches
    nothing: it may be a real die of another player's pool lying in view)."""
    if not isinstance(not_a_die, bool):
        raise PendingError(f"not_a_die must be true or false, got {not_a_die!r}", "not_a_die")
    at = _index(pending, index)
    _check_was(pending, at, was)
    old = pending.dice[at]
    if not_a_die and old.signature is None:
        raise PendingError(
            f"die {at + 1} was not read by the camera here: remove it (it teaches nothing)",
            "not_a_die",
        )
    dice = pending.dice[:at] + pending.dice[at + 1 :]
    owners = pending.owners[:at] + pending.owners[at + 1 :]
    fix = Correction(NOT_A_DIE if not_a_die else "remove", at, die_text(old.colour, old.pips), None)
    gone = (*pending.not_dice, old) if not_a_die else pending.not_dice
    return replace(_corrected(pending, dice, fix, rev), owners=owners, not_dice=gone)


def extra_dice(pending: Pending) -> tuple[int, ...]:
    """Indexes of the dice beyond what the attempt needs: every die of a colour it does not
    roll, and of a colour it rolls, those past the count it needs (the surest are kept). A
    roll of any number of dice (a score sheet that names no count) has none."""
    if not pending.expected:
        return ()
    keep: set[int] = set()
    for colour, count in pending.expected.items():
        mine = [k for k, d in enumerate(pending.dice) if d.colour is colour or colour is ANY_COLOUR]
        mine.sort(key=lambda k: (pending.dice[k].unsure, -pending.dice[k].confidence, k))
        keep.update(mine[:count])
    return tuple(k for k in range(len(pending.dice)) if k not in keep)


def keep_needed(pending: Pending, rev: int) -> Pending:
    """The camera read every die on the table: keep the attempt's colours and count, each die
    taken out as a plain removal (not part of this roll: it teaches nothing)."""
    if pending.rollers:
        raise PendingError(
            "a table roll gives each player the dice in their zone: remove the others one by one",
            "dice",
        )
    if not pending.has_roll:
        raise PendingError(f"{pending.player}'s {pending.what} has no roll yet")
    if not pending.expected:
        raise PendingError(
            "this roll takes any number of dice: remove those not part of it one by one", "dice"
        )
    extra = extra_dice(pending)
    if not extra:
        needs = describe_counts(pending.expected, keep_zero=False)
        raise PendingError(f"every die is one the roll needs ({needs})", "dice")
    for index in reversed(extra):  # from the last, so the indexes still to go stay put
        pending = remove_die(pending, index, rev)
    return pending


def attempt_line(pending: Pending) -> str:
    """The record line accepting the roll; refuses a roll with no dice or unsure dice."""
    if not pending.has_roll or not pending.dice:
        raise PendingError(f"{pending.player}'s {pending.what} has no roll yet")
    for k, die in enumerate(pending.dice):
        if die.unsure:
            raise PendingError(
                f"die {k + 1} ({die_text(die.colour, die.pips)}) is unsure: "
                "confirm or correct it first",
                "dice",
            )
        if die.colour not in _LETTERS and not pending.any_colour:
            raise PendingError(
                f"die {k + 1} is {die.colour.value}: the record holds red, yellow or blue dice; "
                "correct or remove it",
                "dice",
            )
    line = pending.preview_line()
    assert line is not None
    return line


def accept_lines(pending: Pending) -> tuple[str, ...]:
    """The record lines accepting the pending roll: the attempt's, or each player's."""
    return tr.accept_lines(pending) if pending.rollers else (attempt_line(pending),)


def summary(pending: Pending) -> str:
    """`camera saw y4 y3, corrected die 2 to y5` for the history and disputes."""
    if pending.camera is not None:
        seen = " ".join(die_text(d.colour, d.pips) for d in pending.camera.reading.dice)
        head = f"camera saw {seen or 'no dice'}"
    else:
        head = "entered by hand: " + " ".join(die_text(d.colour, d.pips) for d in pending.dice)
    return ", ".join([head, *(c.describe() for c in pending.corrections)])


def attempt_meta(pending: Pending) -> dict[str, Any]:
    """What the attempt event keeps beside its line so a dispute can be settled later."""
    return {
        "camera": None if pending.camera is None else pending.camera.to_json(),
        "corrections": [c.to_json() for c in pending.corrections],
        "expected": {c.value: n for c, n in pending.expected.items()},
        "verb": pending.verb,
        "check": pending.check,
        "summary": summary(pending),
    }
