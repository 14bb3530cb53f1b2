"""What a person does with a whole game beside playing it: rename it, put it away (its record
handed back first, nothing deleted from the store) and start a rematch. Mixed into the session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from companion.errors import StoreValueError
from companion.exports.bgstats import PlayFacts, play_file
from companion.games import GameRules, find_game
from companion.session import amend
from companion.session import rules as sr
from companion.session.errors import FieldError
from companion.store.values import MAX_TITLE_CHARS

# The names BG Stats knows the games by.
GAME_NAMES = {
    "ryb": "RYB (Red Yellow Blue)",
    "rgb": "RGB",
    "flyer": "Essen 2006 flyer game",
    "modifier": "Modifier dice game",
    "fivedice": "Five dice (category game)",
    "farkle": "Farkle",
    "sheet": "Score sheet",
}

# How a default title names a game ("RYB game of 2024-05-03"); others are capitalised.
TITLE_NAMES = {"ryb": "RYB", "rgb": "RGB"}
_DATE = re.compile(r"\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})\s*")
REMATCH = re.compile(r"^(.*) \(rematch(?: (\d+))?\)$")

if TYPE_CHECKING:
    from companion.session.values import GameView
    from companion.store import EventStore


class GameChores:
    """Rename, put away and rematch (mixed into `companion.session.Session`)."""

    store: EventStore

    if TYPE_CHECKING:

        def view(self, game_id: str) -> GameView: ...

        def export(self, game_id: str) -> str: ...

        def create_game(
            self, header: Mapping[str, str], game: str = ..., *, title: str | None = None
        ) -> GameView: ...

    def rename_game(self, game_id: str, title: object) -> GameView:
        if not isinstance(title, str) or not title.strip():
            raise FieldError("Give the game a title.", "title")
        if len(title.strip()) > MAX_TITLE_CHARS:
            raise FieldError(f"A title is at most {MAX_TITLE_CHARS} characters.", "title")
        try:
            self.store.rename(game_id, " ".join(title.split()))
        except StoreValueError as exc:
            raise FieldError(str(exc), "title") from None
        return self.view(game_id)

    def put_away(self, game_id: str, confirm: object) -> str:
        """Hide the game from the list once `confirm` repeats its id; returns its record (the
        export a person keeps). Nothing is deleted: `EventStore.archive(id, False)` undoes it."""
        info = self.store.get_game(game_id)
        if confirm != info.id:
            raise FieldError(
                f"To delete {info.title!r}, confirm with its id {info.id!r}.", "confirm"
            )
        record = self.export(info.id)
        self.store.archive(info.id)
        return record

    def score_timeline(self, game_id: str) -> dict[str, Any]:
        """Each player's score after every live event (seq 0: the start), for a plot; a game
        whose players carry no numeric score gives no points."""
        info = self.store.get_game(game_id)
        rules = find_game(info.game)
        state = sr.start(rules, info.header)
        names = [str(p.get("name")) for p in rules.state_json(state).get("players", [])]
        seqs, rows = [0], [_scores(rules, state)]
        for event in amend.live(self.store.events(info.id)):
            state = sr.step(rules, state, event.line)[1]
            seqs.append(event.seq)
            rows.append(_scores(rules, state))
        if any(None in row for row in rows):
            return {"id": info.id, "players": names, "points": []}
        points = [{"seq": seq, "scores": row} for seq, row in zip(seqs, rows, strict=True)]
        return {"id": info.id, "players": names, "points": points}

    def bgstats(self, game_id: str) -> dict[str, Any]:
        """The game as a Board Game Stats play file (`companion.exports.bgstats`)."""
        info = self.store.get_game(game_id)
        rules = find_game(info.game)
        events = amend.live(self.store.events(info.id))
        state = sr.fold(rules, info.header, [e.line for e in events])
        shown = rules.state_json(state)
        players = shown.get("players", [])
        last = events[-1].created_at if events else info.created_at
        started = _played_at(info.header, _instant(info.created_at))
        facts = PlayFacts(
            game_id=info.id,
            game_name=GAME_NAMES.get(info.game, info.game),
            players=tuple(str(p.get("name")) for p in players),
            scores=tuple(player_score(p) for p in players),
            winner=rules.winner(state),
            started_at=started,
            # as long after the start as the moves were stored after the game was
            last_move_at=started + (_instant(last) - _instant(info.created_at)),
            # optional in a game's state JSON: a shared win's players, lowest score wins
            winners=tuple(str(n) for n in shown.get("winners", ())),
            highest_wins=not shown.get("lowest_wins", False),
        )
        return play_file(facts)

    def rematch(self, game_id: str) -> GameView:
        """A new game with the same players, seats and options: a game titled by the players
        keeps its title, marked as the rematch; one titled by default gets today's."""
        info = self.store.get_game(game_id)
        header = {k: v for k, v in info.header.items() if k.casefold() not in ("title", "date")}
        named = any(k.casefold() == "title" for k in info.header) or not _is_default(info.title)
        title = rematch_title(info.title)[:MAX_TITLE_CHARS] if named else None
        return self.create_game(header, info.game, title=title)


def header_date(header: Mapping[str, str]) -> date | None:
    """The record's `[Date "2024-05-03"]` (also `2024.05.03`, PGN's way), None without one
    or when it is no date."""
    found = next((v for k, v in header.items() if k.casefold() == "date"), None)
    match = _DATE.fullmatch(found) if found is not None else None
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def default_title(game: str, header: Mapping[str, str], today: date) -> str | None:
    """A title for a new game whose header has none: its game and the day it was played (the
    record's Date, else today). None when the header has a title (the store keeps it)."""
    if any(k.casefold() == "title" for k in header):
        return None
    played = header_date(header) or today
    return f"{TITLE_NAMES.get(game, game.capitalize())} game of {played.isoformat()}"


def rematch_title(title: str) -> str:
    """`Friday at the club` -> `Friday at the club (rematch)` -> `... (rematch 2)`."""
    match = REMATCH.match(title)
    if match is None:
        return f"{title} (rematch)"
    return f"{match[1]} (rematch {int(match[2] or 1) + 1})"


def _scores(rules: GameRules[Any, Any], state: Any) -> list[int | None]:
    players = rules.state_json(state).get("players", [])
    return [player_score(p) for p in players]


def player_score(player: Mapping[str, Any]) -> int | None:
    """A player's score: `score`, or the modifier game's `tokens` (what it is won by)."""
    return _number(player.get("score", player.get("tokens")))


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _played_at(header: Mapping[str, str], created: datetime) -> datetime:
    """When the game was played: the record's Date (an imported game) at the time of day it
    was stored, else when it was stored."""
    played = header_date(header)
    return created if played is None else datetime.combine(played, created.timetz())


def _is_default(title: str) -> bool:
    return re.fullmatch(r"\S+ game of \d{4}-\d{2}-\d{2}", title) is not None


def _instant(iso: str) -> datetime:
    """The store's `2026-11-22T01:37:32.168521Z` as local wall-clock time (what BG Stats shows)."""
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
