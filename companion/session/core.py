"""The session: one per data folder, binding the event store to the rules. The web and the CLI
change games only through it, so every rule is applied here and nowhere else.

An appended line is parsed and applied to the folded state inside the store's write lock
(`append_validated`), so a line the rules refuse is never stored and two clients can never
interleave a check and an append. Camera rolls wait in `companion.session.table.Table` until
a person accepts them (`companion.session.roll`). See docs/api.md.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.errors import (
    ConflictError,
    InvalidEventError,
    NothingToRedoError,
    NothingToUndoError,
    RecordError,
    StoreError,
    StoreUnavailableError,
)
from companion.exports.names import export_stem, record_filename
from companion.exports.record import parse_record, replay_steps, seated_names
from companion.exports.rolls import rolls_csv
from companion.games import DEFAULT_GAME, GameRules, UnknownRulesError, find_game
from companion.games.players import seated_line
from companion.session import amend
from companion.session import rules as sr
from companion.session.errors import FieldError
from companion.session.games import GameChores, default_title, player_score
from companion.session.roll import CameraRolls
from companion.session.table import Table
from companion.session.values import GameSummary, GameView, HistoryEntry, Step, version_token
from companion.store import EventStore
from companion.store.values import GameInfo, StoredEvent

DEFAULT_POLL_S = 0.5
NOTHING_TO_UNDO = "There is nothing to undo: no move of this game is left to take back."
NOTHING_TO_REDO = (
    "There is nothing to redo: redo brings back a move you undid, until a new move is played."
)

# NUL and the other control characters no text file holds, and the mark a browser puts in
# place of bytes that are no UTF-8: a binary file read as text.
_NOT_TEXT = re.compile("[\x00-\x08\x0e-\x1f\ufffd]")


def titled(header: Mapping[str, str], title: str) -> dict[str, str]:
    """The header with the game's current title (a rename changes the store's title, never the
    header it was created with); no `[Title]` for an untitled game."""
    kept = {k: v for k, v in header.items() if k.casefold() != "title"}
    return {**kept, "Title": title} if title else kept


class Session(CameraRolls, GameChores):
    """Games of one data folder. Thread-safe; build it with `Session.open(data_dir)`."""

    def __init__(self, store: EventStore, data_dir: Path, *, poll_s: float = DEFAULT_POLL_S):
        self.store = store
        self.data_dir = data_dir
        self.poll_s = poll_s
        self.table = Table()
        self.accepted = []
        self._cache = sr.StateCache()
        # Held while this session writes a game and clears the pending attempt the write moved
        # past, so a reader never clears it first with a vaguer reason.
        self._writing = threading.RLock()

    @classmethod
    def open(cls, data_dir: Path | str, *, poll_s: float = DEFAULT_POLL_S) -> Session:
        path = Path(data_dir)
        return cls(EventStore.open(path), path, poll_s=poll_s)

    def close(self) -> None:
        self.table.close()
        self.store.close()

    @property
    def closed(self) -> bool:
        """After `close`: every wait returns None and the streams end."""
        return self.table.closed

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # --- games -------------------------------------------------------------------------------

    def create_game(
        self, header: Mapping[str, str], game: str = DEFAULT_GAME, *, title: str | None = None
    ) -> GameView:
        """A new game; the rules check the header first (FieldError names a bad key)."""
        rules = find_game(game)
        full = self._checked_header(rules, header)
        if title is None:
            title = default_title(rules.name, full, date.today())
        return self.view(self.store.create_game(full, rules.name, title=title))

    def create_from_options(self, players: object, options: object) -> GameView:
        """A new game from the form's players list and options (`game`, `edition`...)."""
        header = sr.header_from_options(players, options)
        game = header.get("Game", DEFAULT_GAME)
        try:
            find_game(game)
        except UnknownRulesError as exc:
            raise FieldError(str(exc), "options.game") from None
        return self.create_game(header, game)

    def import_record(self, text: str) -> GameView:
        """Store a whole record as a new game; a bad line raises RecordError with its number
        and nothing is stored. Lines are kept in their canonical form."""
        if not isinstance(text, str) or not text.strip():
            raise FieldError("the record is empty", "record")
        try:
            record = parse_record(text)
            steps = list(replay_steps(text))  # first: names a bad line, or an unknown game
        except RecordError:
            if _NOT_TEXT.search(text):  # a picture or a program, not a record with a bad line
                raise FieldError(
                    "this file is not a game record: it holds bytes no text has (a picture or "
                    "a program?). A game record is plain text, as Export record writes it.",
                    "record",
                ) from None
            raise
        rules = self._rules(record.header.get("Game", DEFAULT_GAME))
        lines = [sr.storable_line(rules.format_event(s.event), s.line) for s in steps]
        full = self._checked_header(rules, record.header)
        # One transaction: a refused line or a crash midway leaves no game behind.
        title = default_title(rules.name, full, date.today())
        game_id = self.store.create_game_with(full, rules.name, lines, source="import", title=title)
        self.table.wake()
        return self.view(game_id)

    def list_games(self) -> list[GameSummary]:
        out: list[GameSummary] = []
        for info in self.store.list_games():
            rules = find_game(info.game)
            seq, state = self._folded(info)
            shown = rules.state_json(state)
            seats = shown.get("players", [])
            players = tuple(str(p.get("name")) for p in seats)
            out.append(
                GameSummary(
                    info.id,
                    info.game,
                    info.title,
                    seq,
                    players,
                    rules.current_player(state),
                    rules.winner(state),
                    info.created_at,
                    info.updated_at,
                    tuple(player_score(p) for p in seats),
                    lowest_wins=shown.get("lowest_wins") is True,
                )
            )
        return out

    def view(self, game_id: str) -> GameView:
        info = self.store.get_game(game_id)
        rules = find_game(info.game)
        seq, state = self._folded(info)
        rev, pending, cleared = self._table_at(info.id, seq)
        undo, redo = self._steps(info.id, seq)
        return GameView(
            game_id=info.id,
            game=info.game,
            seq=seq,
            version=version_token(seq, rev),
            title=info.title,
            header=info.header,
            state=rules.state_json(state),
            pending=pending,
            pending_cleared=cleared,
            created_at=info.created_at,
            updated_at=info.updated_at,
            undo=undo,
            redo=redo,
        )

    def _steps(self, game_id: str, seq: int) -> tuple[Step | None, Step | None]:
        """What undo and redo would move now (None where there is nothing to move)."""
        undo = Step(seq, self.store.event(game_id, seq).line) if seq else None
        redo_seq = self.store.redo_seq(game_id)
        redo = (
            None if redo_seq is None else Step(redo_seq, self.store.event(game_id, redo_seq).line)
        )
        return undo, redo

    def check_game(self, game_id: str) -> str:
        """The id, once the store knows it (InvalidGameIdError, UnknownGameError otherwise)."""
        return self.store.get_game(game_id).id

    def version(self, game_id: str) -> str:
        """The view's SSE id, read cheaply (no fold)."""
        seq = self.store.head_seq(game_id)
        return version_token(seq, self._table_at(game_id, seq)[0])

    def rules_state(self, game_id: str) -> tuple[GameRules[Any, Any], int, Any]:
        """The rules, the head seq and the folded state of a game (for the camera flow)."""
        info = self.store.get_game(game_id)
        return find_game(info.game), *self._folded(info)

    # --- events ------------------------------------------------------------------------------

    def append(
        self,
        game_id: str,
        line: str,
        *,
        expected_seq: int | None = None,
        source: str = "manual",
        thumbnail_jpeg: bytes | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> GameView:
        """Validate `line` against the live state and append its canonical form, atomically.

        RecordError (cannot be read) or InvalidEventError (the rules refuse it) name the bad
        value; ConflictError when `expected_seq` is not the head any more. Nothing is stored
        on any error.
        """
        if not isinstance(line, str):
            raise FieldError(f"line must be a string, got {line!r}", "line")
        return self.append_lines(
            game_id,
            (line,),
            expected_seq=expected_seq,
            source=source,
            thumbnail_jpeg=thumbnail_jpeg,
            meta=meta,
        )

    def append_lines(
        self,
        game_id: str,
        lines: Sequence[str],
        *,
        expected_seq: int | None = None,
        source: str = "manual",
        thumbnail_jpeg: bytes | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> GameView:
        """`append` for several lines, each applied to the state the ones before it left, all
        stored in one store transaction: every line or none, with `expected_seq` checked once
        for the batch, so no other writer (thread or process) can come between the lines."""
        info = self.store.get_game(game_id)
        rules = find_game(info.game)
        canonical = self._canonical_lines(rules, info, lines, expected_seq)
        after: list[Any] = []

        def validate(events: list[StoredEvent]) -> None:
            head = events[-1].seq if events else 0
            if expected_seq is not None and expected_seq != head:
                raise ConflictError(info.id, expected_seq, head)
            change = amend.amendment(canonical[0]) if amend.is_amendment(canonical[0]) else None
            if change is not None:
                after.append(self._amended_state(rules, info, events, change))
                return
            state = self._state_at(rules, info, events)
            for line in canonical:
                state = sr.step(rules, state, line)[1]
            after.append(state)

        with self._writing:
            stored = self.store.append_lines(
                info.id,
                canonical,
                validate=validate,
                thumbnail_jpeg=thumbnail_jpeg,
                source=source,
                meta=meta,
            )
            self._cache.put(info.id, stored[-1].seq, after[0])
            turn = rules.current_player(after[0])
            what = " and ".join(repr(line) for line in canonical)
            self._moved_on(
                info.id,
                "append",
                f"{what} {'was' if len(canonical) == 1 else 'were'} recorded",
                turn,
            )
        return self.view(info.id)

    def undo(self, game_id: str, *, expected_seq: int | None = None) -> GameView:
        with self._writing:
            try:
                event = self.store.undo(game_id, expected_seq=expected_seq)
            except NothingToUndoError:
                raise NothingToUndoError(NOTHING_TO_UNDO) from None
            self._moved_on(game_id, "undo", f"undo took back {event.line!r}")
        return self.view(game_id)

    def redo(self, game_id: str, *, expected_seq: int | None = None) -> GameView:
        with self._writing:
            try:
                event = self.store.redo(game_id, expected_seq=expected_seq)
            except NothingToRedoError:
                raise NothingToRedoError(NOTHING_TO_REDO) from None
            self._moved_on(game_id, "redo", f"redo brought back {event.line!r}")
        return self.view(game_id)

    def history(self, game_id: str) -> list[HistoryEntry]:
        """Every event, undone ones included, oldest first."""
        return [HistoryEntry.of(e) for e in self.store.events(game_id, include_undone=True)]

    def thumbnail(self, game_id: str, seq: int) -> bytes | None:
        return self.store.thumbnail(game_id, seq)

    def export(self, game_id: str) -> str:
        """The game record of the live events (`dicetable replay` reads it back)."""
        from companion.exports.record import format_record

        info = self.store.get_game(game_id)
        return format_record(
            titled(info.header, info.title),
            [e.line for e in amend.live(self.store.events(info.id))],
        )

    def export_names(self, game_id: str) -> dict[str, str]:
        """The file names of the game's downloads, by game and current title."""
        info = self.store.get_game(game_id)
        stem = export_stem(info.game, info.title, info.id)
        return {
            "record": record_filename(info.game, info.title, info.id),
            "rolls": f"{stem}-rolls.csv",
            "bgstats": f"{stem}.bgsplay",
        }

    def rolls_csv(self, game_id: str) -> str:
        info = self.store.get_game(game_id)
        events = amend.live(self.store.events(info.id))
        return rolls_csv(find_game(info.game), info.header, events)

    def wait_for_change(self, game_id: str, after: str, timeout_s: float) -> GameView | None:
        """The view once its version differs from `after`; None after `timeout_s` (or when the
        session closes). Wakes on every change in this process and polls the store every
        `poll_s` for other processes' writes. While the database cannot answer it goes on
        waiting (the view comes once it is back), as a live viewer wants."""

        def probe() -> GameView | None:
            try:
                return self.view(game_id) if self.version(game_id) != after else None
            except StoreUnavailableError:
                return None

        try:
            return self.table.wait_until(probe, timeout_s, self.poll_s)
        except StoreError:
            # The session closed while this waiter was reading the store: end the wait quietly.
            if self.table.closed:
                return None
            raise

    # --- internals ---------------------------------------------------------------------------

    def _checked_header(
        self, rules: GameRules[Any, Any], header: Mapping[str, str]
    ) -> dict[str, str]:
        """The header with its `Game`, once the rules and the store's limits accept it
        (FieldError naming the form field otherwise)."""
        full = {"Game": rules.name, **{k: v for k, v in header.items() if k != "Game"}}
        sr.check_header(rules, full)
        sr.check_storable_header(full)
        return full

    def _rules(self, name: str) -> GameRules[Any, Any]:
        return find_game(name)

    def _canonical_lines(
        self,
        rules: GameRules[Any, Any],
        info: GameInfo,
        lines: Sequence[str],
        expected_seq: int | None,
    ) -> tuple[str, ...]:
        """The lines as the rules write them, each read in the state the ones before it leave;
        a line that cannot be read, or an earlier line the rules refuse, fails before any lock
        (a game that changed since `expected_seq` is named first, as the lock would)."""
        if isinstance(lines, str) or not lines:
            raise FieldError(f"expected one or more lines, got {lines!r}", "lines")
        if any(isinstance(line, str) and amend.is_amendment(line) for line in lines):
            if len(lines) != 1:
                raise FieldError("an amendment is sent alone, not with other lines", "lines")
            return (self._canonical_amendment(rules, info, lines[0]),)
        head, state = self._folded(info)
        out: list[str] = []
        for k, line in enumerate(lines):
            event, canonical = self._parsed(rules, state, line)
            out.append(canonical)
            if k + 1 < len(lines):
                try:
                    state = rules.apply(state, event)
                except InvalidEventError:
                    if expected_seq is not None and expected_seq != head:
                        raise ConflictError(info.id, expected_seq, head) from None
                    raise
        return tuple(out)

    def _canonical_amendment(self, rules: GameRules[Any, Any], info: GameInfo, line: str) -> str:
        """`amend #SEQ LINE` with LINE as the rules write it, read in the state before event SEQ;
        FieldError when SEQ names no live event or LINE changes nothing."""
        change = amend.amendment(line)
        if change is None:
            raise RecordError("expected `amend #SEQ NAME: VERB ARGS...`", None, line)
        current = amend.live(self.store.events(info.id))
        index = next((k for k, e in enumerate(current) if e.seq == change.seq), None)
        if index is None:
            seqs = ", ".join(f"#{e.seq}" for e in current[-5:]) or "none yet"
            raise FieldError(
                f"there is no live event #{change.seq} to amend (the last ones: {seqs})", "line"
            )
        state = sr.fold(rules, info.header, [e.line for e in current[:index]])
        canonical = self._parsed(rules, state, change.line)[1]
        if canonical == current[index].line:
            raise FieldError(f"#{change.seq} already reads {canonical!r}", "line")
        return amend.Amendment(change.seq, canonical).text()

    def _amended_state(
        self,
        rules: GameRules[Any, Any],
        info: GameInfo,
        events: list[StoredEvent],
        change: amend.Amendment,
    ) -> Any:
        """The state with `change` applied, every later event checked against it again;
        InvalidEventError naming the first event it would break."""
        current = amend.live(events)
        state = sr.start(rules, info.header)
        for event in current:
            line = change.line if event.seq == change.seq else event.line
            try:
                state = sr.step(rules, state, line)[1]
            except (RecordError, InvalidEventError) as exc:
                reason = exc.reason if isinstance(exc, RecordError) else str(exc)
                if event.seq == change.seq:
                    raise InvalidEventError(
                        f"#{change.seq} cannot be {line!r} there: {reason}"
                    ) from None
                raise InvalidEventError(
                    f"amending #{change.seq} to {change.line!r} would break #{event.seq} "
                    f"{event.line!r}: {reason}"
                ) from None
        return state

    def _parsed(self, rules: GameRules[Any, Any], state: Any, line: object) -> tuple[Any, str]:
        """The event of one record line and its canonical form; RecordError naming the line
        as it was given."""
        if not isinstance(line, str):
            raise FieldError(f"line must be a string, got {line!r}", "line")
        text = line.strip()
        if not text or "\n" in text or "\r" in text:
            raise RecordError("expected one line `NAME: VERB ARGS...`", None, line)
        sr.storable_line(text)
        # "al: pass" is Al's line: the players are told apart ignoring case (docs/record-format.md).
        text = seated_line(text, seated_names(rules, state))
        try:
            event = rules.parse_event(text, state)
            return event, sr.storable_line(rules.format_event(event))
        except RecordError as exc:
            raise RecordError(exc.reason, None, line) from None

    def _folded(self, info: GameInfo) -> tuple[int, Any]:
        head = self.store.head_seq(info.id)
        cached = self._cache.get(info.id, head)
        if cached is not None:
            return head, cached
        events = self.store.events(info.id)
        return (events[-1].seq if events else 0), self._state_at(find_game(info.game), info, events)

    def _state_at(
        self, rules: GameRules[Any, Any], info: GameInfo, events: list[StoredEvent]
    ) -> Any:
        head = events[-1].seq if events else 0
        state = self._cache.get(info.id, head)
        if state is None:
            state = sr.fold(rules, info.header, [e.line for e in amend.live(events)])
            self._cache.put(info.id, head, state)
        return state
