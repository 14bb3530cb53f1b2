"""Camera rolls in the session: declare an attempt, take the next settled roll for it, let the
players correct it, then accept it as an `attempt` line (source camera, with the thumbnail and
the reading and every correction in meta) or cancel it. A settled roll with no declared attempt
only becomes the table's last roll, for the kid view and the overlay.

An attempt belongs to the game as it stood when it was declared: once the game's head seq
changes for any reason but its own Accept (a typed line, undo, redo, another process), it is
cleared, and the view's `pending_cleared` says why until the game moves on again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from companion.errors import InvalidEventError, RecordError
from companion.games import ANY_COLOUR, again_verbs, roll_again, roll_format
from companion.games.ryb.dice import DIE_COLOURS, GOAL_COLOURS, totals
from companion.session import camera as cam
from companion.session import demo
from companion.session.camera import CameraShot, Pending
from companion.session.errors import FieldError, NoPendingError, PendingError
from companion.session.table import Table
from companion.session.values import Cleared, GameView, LastRoll, now_iso
from companion.store import EventStore
from companion.store.values import MAX_THUMBNAIL_BYTES
from companion.table_roll import pending as tr
from vision.types import DiceReading, Die

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from pathlib import Path

    from companion.games import GameRules
    from vision.settle import RollCorrected, SettledRoll

MAX_GOAL_CHARS = 64
# The settled frame kept with a camera roll: camera resolution while it fits, never over what
# the store keeps for one event.
FRAME_JPEG_BYTES = MAX_THUMBNAIL_BYTES


def _word(value: object, name: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.split()) != 1:
        raise FieldError(f"{name} must be one word, got {value!r}", name)
    if len(value) > MAX_GOAL_CHARS:
        raise FieldError(f"{name} is longer than {MAX_GOAL_CHARS} characters", name)
    return value.strip()


def _player(value: object) -> str:
    """A player's name as the rules hold it: one word or several (`Mary Ann`); whether it is a
    player, and theirs the turn, the rules say next."""
    if not isinstance(value, str) or not value.strip():
        raise FieldError(f"player must be a player's name, got {value!r}", "player")
    if len(value) > MAX_GOAL_CHARS:
        raise FieldError(f"player is longer than {MAX_GOAL_CHARS} characters", "player")
    return " ".join(value.split())


def _as_seated(name: str, current: str | None) -> str:
    """`current` when `name` is theirs in another case ("al" for Al): players are told apart
    ignoring case, so "al cannot attempt now: it is Al's turn" would be no refusal at all."""
    return current if current is not None and current.casefold() == name.casefold() else name


def make_last_roll(
    rev: int, dice: tuple[Die, ...], at: str, game_id: str | None, roll_id: int = 0
) -> LastRoll:
    """The roll with colour totals of its red, yellow and blue pip dice (others are `ignored`:
    a colour-face die shows a colour, not pips, so a red face adds nothing to red's total)."""
    counts = [d.colour in DIE_COLOURS and d.face_colour is None for d in dice]
    counted = [(d.colour, d.pips) for d, ok in zip(dice, counts, strict=True) if ok]
    ignored = tuple(k for k, ok in enumerate(counts) if not ok)
    sums = totals(counted)
    totals_by_name = {c.value: sums[c] for c in GOAL_COLOURS}
    return LastRoll(rev, dice, totals_by_name, ignored, at, game_id, roll_id)


class CameraRolls:
    """The camera half of `companion.session.Session` (mixed in; it owns no state)."""

    table: Table
    poll_s: float
    data_dir: Path
    store: EventStore
    _writing: threading.RLock
    # Called with each roll players accepted (the table's memory learns from it); a listener
    # that fails is logged, never undoes the accepted roll.
    accepted: list[Callable[[Pending], None]]

    if TYPE_CHECKING:

        def view(self, game_id: str) -> GameView: ...

        def check_game(self, game_id: str) -> str: ...

        def import_record(self, text: str) -> GameView: ...

        def rules_state(self, game_id: str) -> tuple[GameRules[Any, Any], int, Any]: ...

        def append_lines(
            self,
            game_id: str,
            lines: Sequence[str],
            *,
            expected_seq: int | None = None,
            source: str = "manual",
            thumbnail_jpeg: bytes | None = None,
            meta: Mapping[str, Any] | None = None,
        ) -> GameView: ...

    def declare_attempt(self, game_id: str, player: object, goal_ref: object = None) -> GameView:
        """The next settled roll is `player`'s attempt on `goal_ref` (`green`, `#2`); in a game
        of any-colour dice with a `roll_format` (the score sheet), simply `player`'s roll."""
        name = _player(player)
        rules, seq, state = self.rules_state(game_id)
        fmt = roll_format(rules)
        goal = "" if fmt and goal_ref in (None, "") else _word(goal_ref, "goal")
        if isinstance(rules, tr.TableRollRules):
            raise FieldError(
                "in this game a roll is not an attempt on a goal: everyone throws at once, so "
                "read the whole table with the camera (each player's dice in their zone)",
                "goal",
            )
        current = rules.current_player(state)
        name = _as_seated(name, current)
        if current != name:
            why = "the game is over" if current is None else f"it is {current}'s turn"
            raise FieldError(f"{name} cannot attempt now: {why}", "player")
        try:
            expected = rules.expected_dice(state, name, goal or None)
        except (InvalidEventError, RecordError) as exc:
            raise FieldError(str(exc), "goal") from None
        pending = Pending(game_id, name, goal, expected, now_iso(), 0, seq, line_format=fmt)
        _dry_run(rules, state, pending)
        self.table.put(pending)
        return self.view(game_id)

    def declare_roll_again(
        self, game_id: str, player: object, verb: object, returned: object = None
    ) -> GameView:
        """The next settled roll throws `player`'s failed roll again: a Do-Over (`doover`) or a
        paid re-roll (`reroll`, with `returned` the completed goal paid back where the game pays
        with one): the same dice, so the same colours and count are expected."""
        name = _player(player)
        rules, seq, state = self.rules_state(game_id)
        verbs = again_verbs(rules)
        if not isinstance(verb, str) or verb not in verbs:
            allowed = ", ".join(sorted(verbs)) or "none in this game"
            raise FieldError(f"verb must be one of: {allowed}; got {verb!r}", "verb")
        paid = "" if returned is None else _word(returned, "returned")
        current = rules.current_player(state)
        name = _as_seated(name, current)
        if current != name:
            why = "the game is over" if current is None else f"it is {current}'s turn"
            raise FieldError(f"{name} cannot roll again now: {why}", "player")
        try:
            goal, expected = roll_again(rules, state, name)
        except (InvalidEventError, RecordError) as exc:
            raise FieldError(str(exc), "verb") from None
        pending = Pending(
            game_id, name, goal, expected, now_iso(), 0, seq, verb=verb, returned=paid
        )
        _dry_run(rules, state, pending)
        self.table.put(pending)
        return self.view(game_id)

    def declare_table_roll(self, game_id: str) -> GameView:
        """The next settled table is everyone's roll (a game where all throw at once): each
        player still to roll gets the dice in their zone of the table, as one pending roll."""
        rules, seq, state = self.rules_state(game_id)
        if not isinstance(rules, tr.TableRollRules):
            raise FieldError(
                "in this game players roll in turn: declare each player's attempt", "game"
            )
        try:
            rollers = rules.table_rollers(state)
            expected = rules.expected_dice(state, rollers[0], None)
        except (InvalidEventError, RecordError) as exc:
            raise PendingError(str(exc)) from None
        pending = Pending(
            game_id, "", "", expected, now_iso(), 0, seq,
            rollers=rollers, line_format=rules.table_roll_format,
        )  # fmt: skip
        self.table.put(pending)
        return self.view(game_id)

    def pending(self, game_id: str) -> Pending | None:
        """The declared camera attempt; one the game has moved past since it was declared (its
        head seq changed) is cleared first, and the view's `pending_cleared` says why."""
        gid = self.check_game(game_id)
        return self._table_at(gid, self.store.head_seq(gid))[1]

    def offer_roll(
        self, roll: SettledRoll, skip: Callable[[], Collection[str]] | None = None
    ) -> str | None:
        """Every settled roll of the live feed comes here. It becomes the roll of the latest
        declared attempt, or, when that attempt already shows a roll, waits behind it as its
        `queued` roll until a person takes it; and always the table's last roll. Returns the
        game id that took it, if any. A game in `skip()` takes none (a phone is its camera)."""
        received = now_iso()
        target = self.table.receiver()
        while target is not None and self.pending(target) is None:
            target = self.table.receiver()  # the game moved past that attempt: the one before
        if target is not None and skip is not None and target in skip():
            target = None
        if target is not None and not self._demo_takes(target, roll.reading):
            target = None  # the demo recording's throw for another turn than this one
        if target is not None:
            # The whole settled frame, not a thumbnail: a dispute needs every die legible.
            jpeg = roll.frame_jpeg(FRAME_JPEG_BYTES)
            shot = CameraShot(
                roll.reading, jpeg, roll.frame_index, roll.delay_ms, received, roll.roll_id,
                roll.frame_size,
            )  # fmt: skip
            take = self._shot_taker(target, roll)
            try:
                self.table.update(target, lambda p, rev: take(p, shot, rev))
            except NoPendingError:
                target = None
        dice, rid = roll.reading.dice, roll.roll_id
        self.table.set_last_roll(lambda rev: make_last_roll(rev, dice, received, target, rid))
        return target

    def _demo_takes(self, game_id: str, reading: DiceReading) -> bool:
        """A demo game's attempt takes only the recording's throw of its own dice."""
        found = self.pending(game_id)
        if found is None or not demo.is_demo(self.store.get_game(game_id).header):
            return True
        return demo.takes(found, reading)

    def open_demo_game(self) -> tuple[str, bool]:
        """The demo game (`companion.session.demo`): the latest one still unfinished, else a
        new one. Returns its id and whether it was made now."""
        for info in self.store.list_games():
            if demo.is_demo(info.header) and self.view(info.id).state.get("winner") is None:
                return info.id, False
        return self.import_record(demo.RECORD).game_id, True

    def correct_roll(self, fix: RollCorrected) -> str | None:
        """The camera read dice of a roll it sent anew (`vision.settle`): the roll
        waiting for a person (shown or queued) and the table's last roll take them, before
        anyone accepts it. Returns the game id whose pending roll took it, if any."""
        target = self.table.receiver()
        if target is not None:
            try:
                self.correct_camera_roll(target, fix.roll_id, fix.reading)
            except (NoPendingError, PendingError):
                target = None
        self.correct_last_roll(fix.roll_id, fix.reading)
        return target

    def correct_camera_roll(self, game_id: str, roll_id: int, reading: DiceReading) -> bool:
        """The camera's later word on dice of roll `roll_id` (`CameraShot.roll_id`), which the
        game's pending attempt shows or has queued: each die no person acted on takes the die
        `reading` has in its place (`camera.with_correction`; a die a person
        acted on keeps what they did). Used for the local camera (`correct_roll`) and for a
        camera agent's (`companion.session.agents`).

        Returns whether anything changed: a correction already taken changes nothing and is not
        written again. Raises NoPendingError (no attempt waits, or it is being accepted) or
        PendingError (the attempt's roll is another one), with nothing changed."""
        self.pending(game_id)

        def change(pending: Pending, rev: int) -> Pending:
            fixed = cam.with_correction(pending, roll_id, reading, rev)
            if replace(fixed, rev=pending.rev) == pending:
                raise _UnchangedError
            return fixed

        try:
            self.table.update(game_id, change)
        except _UnchangedError:
            return False
        return True

    def correct_last_roll(self, roll_id: int, reading: DiceReading) -> None:
        """The table's last roll takes the camera's correction of roll `roll_id` if it is that
        roll (as `correct_camera_roll` does for a pending one)."""
        last = self.table.last_roll()
        if last is None or not roll_id or last.roll_id != roll_id:
            return
        dice = cam.corrected_dice(last.dice, last.dice, reading)
        if dice != last.dice:
            self.table.set_last_roll(
                lambda rev: make_last_roll(rev, dice, last.received_at, last.game_id, roll_id)
            )

    def _shot_taker(
        self, game_id: str, roll: SettledRoll
    ) -> Callable[[Pending, CameraShot, int], Pending]:
        """How the game's pending roll takes a settled frame: an attempt takes every die; a
        table roll gives each player the dice in their zone of the table."""
        found = self.pending(game_id)
        if found is None or not found.rollers:
            return cam.with_shot
        from companion.table_roll.zones import table_zones  # the calibration's OpenCV, only here

        rules, _, state = self.rules_state(game_id)
        players = tuple(str(p.get("name")) for p in rules.state_json(state).get("players", []))
        frame = roll.frame_bgr
        size = None if frame is None else (int(frame.shape[1]), int(frame.shape[0]))
        zones, notes = table_zones(self.data_dir, roll.reading, size)
        dice, owners, more = tr.split_table(zones, players, found.rollers, tr.dice_each(found))
        split = (dice, owners, (*notes, *more))

        def take(pending: Pending, shot: CameraShot, rev: int) -> Pending:
            if not pending.rollers:  # an attempt declared since: it takes the frame whole
                return cam.with_shot(pending, shot, rev)
            return tr.with_table_shot(pending, shot, split, rev)

        return take

    def manual_roll(self, game_id: str, dice_text: object) -> GameView:
        """Dice typed by hand (`y4 y5 b2`): the pending attempt's roll if one is declared for
        this game, and the table's last roll either way."""
        found = self.pending(game_id)
        dice = cam.parse_dice_text(dice_text)
        if found is not None:
            self.table.update(game_id, lambda p, rev: cam.with_hand_dice(p, dice, rev))
        self.table.set_last_roll(lambda rev: make_last_roll(rev, dice, now_iso(), game_id))
        return self.view(game_id)

    def correct_die(
        self, game_id: str, index: object, colour: object, pips: object, was: object = None
    ) -> GameView:
        """Set die `index` (0-based) of the pending roll; the same values confirm an unsure die.
        `was` (`r3`), when given, must be that die now, so a correction never lands on another."""
        self.pending(game_id)
        self.table.update(game_id, lambda p, rev: cam.correct_die(p, index, colour, pips, rev, was))
        return self.view(game_id)

    def use_queued(self, game_id: str) -> GameView:
        """Replace the roll shown (and its corrections) with the newer one waiting."""
        self.pending(game_id)
        self.table.update(game_id, cam.with_queued)
        return self.view(game_id)

    def add_die(
        self,
        game_id: str,
        colour: object,
        pips: object,
        player: object = None,
        seen: cam.SeenDie | None = None,
    ) -> GameView:
        """A die the camera missed (in a table roll, `player`'s); `seen`, as the camera passed
        it over in the roll's frame (`cam.add_die`)."""
        self.pending(game_id)
        self.table.update(game_id, lambda p, rev: cam.add_die(p, colour, pips, rev, player, seen))
        return self.view(game_id)

    def remove_die(
        self, game_id: str, index: object, was: object = None, not_a_die: object = False
    ) -> GameView:
        """A die the camera saw that is not part of the roll (`was` as for `correct_die`); with
        `not_a_die`, no die at all, which the accepted roll teaches the table."""
        self.pending(game_id)
        self.table.update(game_id, lambda p, rev: cam.remove_die(p, index, rev, was, not_a_die))
        return self.view(game_id)

    def keep_needed(self, game_id: str) -> GameView:
        """Keep only the dice the attempt rolls (its colours and count, the surest of each
        colour): the others the camera read on the table are removed, each in the history."""
        self.pending(game_id)
        self.table.update(game_id, cam.keep_needed)
        return self.view(game_id)

    def accept_roll(self, game_id: str, *, expected_seq: int | None = None) -> GameView:
        """Append the attempt line; on any refusal the pending roll stays exactly as it was."""
        self.pending(game_id)
        pending = self.table.claim(game_id)
        try:
            self._append_roll(game_id, pending, expected_seq)
        except BaseException:
            self.table.release(game_id)
            raise
        self.table.take_claimed(game_id)
        recorded = tr.accepted(pending)
        for listener in list(self.accepted):
            try:
                listener(recorded)
            except Exception:
                log.exception("a listener failed on an accepted roll")
        return self.view(game_id)

    def _append_roll(self, game_id: str, pending: Pending, expected_seq: int | None) -> None:
        """The roll's lines (one per player for a table roll) in one store transaction: all or
        none, and no other writer, in this process or another, comes between them."""
        shot = pending.camera
        self.append_lines(
            game_id,
            cam.accept_lines(pending),
            expected_seq=expected_seq,
            source=pending.source,
            thumbnail_jpeg=None if shot is None else shot.thumbnail_jpeg,
            meta=cam.attempt_meta(pending),
        )

    def cancel_attempt(self, game_id: str) -> GameView:
        self.pending(game_id)
        self.table.take(game_id)
        return self.view(game_id)

    def _moved_on(self, game_id: str, cause: str, what: str, turn: str | None = None) -> None:
        """After this session changed a game (`_writing` held): clear a pending attempt declared
        at another head seq (not the one being accepted), saying why, and wake the waiters."""

        def why(pending: Pending, head: int) -> tuple[str, str]:
            passed = "" if turn in (None, pending.player) else f"; it is {turn}'s turn now"
            return cause, f"the game moved on: {what}{passed}"

        head = self.store.head_seq(game_id)
        self.table.clear_stale(game_id, head, lambda: self.store.head_seq(game_id), why)
        self.table.wake()

    def _table_at(self, game_id: str, seq: int) -> tuple[int, Pending | None, Cleared | None]:
        """The table's pending state for a game read at head `seq`. A pending attempt declared
        at another seq is cleared first: after this session's own write has said why, or for
        another process's write (the reason is then only that the game changed)."""
        found = self.table.current(game_id, seq)
        pending = found[1]
        if pending is None or pending.seq == seq:
            return found

        def why(pending: Pending, head: int) -> tuple[str, str]:
            return "changed", f"the game changed elsewhere (seq {pending.seq}, now {head})"

        with self._writing:
            self.table.clear_stale(game_id, seq, lambda: self.store.head_seq(game_id), why)
        return self.table.current(game_id, seq)

    def pending_thumbnail(self, game_id: str) -> bytes | None:
        found = self.pending(game_id)
        return None if found is None or found.camera is None else found.camera.thumbnail_jpeg

    def last_roll(self) -> LastRoll | None:
        return self.table.last_roll()

    def wait_for_roll(self, after_rev: int, timeout_s: float) -> LastRoll | None:
        """The last roll once its rev differs from `after_rev`; None on timeout."""

        def probe() -> LastRoll | None:
            roll = self.table.last_roll()
            return roll if roll is not None and roll.rev != after_rev else None

        return self.table.wait_until(probe, timeout_s, self.poll_s)


class _UnchangedError(Exception):
    """A change to the pending attempt that changes nothing (`Table.update` writes nothing)."""


def _dry_run(rules: GameRules[Any, Any], state: Any, pending: Pending) -> None:
    """Refuse a declaration the rules would refuse whatever the dice (no card played yet,
    already attempted): try the attempt with the expected dice all showing 1, and a roll of
    any-colour dice (`line_format`) with every other set of faces too, since a game may ask for
    some faces among them (the five-dice game's dice kept aside)."""
    ones = tuple(cam.hand_die(c, 1) for c, n in pending.expected.items() for _ in range(n))
    if not ones and pending.line_format:
        ones = (cam.hand_die(ANY_COLOUR, 1),)  # any number of dice: try one
    if not ones:
        return
    tries = [ones]
    if pending.line_format:
        faces = combinations_with_replacement(range(1, 7), len(ones))
        tries += [tuple(cam.hand_die(ANY_COLOUR, f) for f in each) for each in faces]
    refusal: Exception | None = None
    for dice in tries:
        line = replace(pending, dice=dice).preview_line()
        assert line is not None
        try:
            rules.apply(state, rules.parse_event(line, state))
            return
        except (InvalidEventError, RecordError) as exc:
            refusal = refusal or exc
    first = pending.verb == cam.ATTEMPT
    what = f"attempt {pending.goal}" if first and pending.goal else f"make a {pending.what}"
    raise PendingError(f"{pending.player} cannot {what} now: {refusal}") from None
