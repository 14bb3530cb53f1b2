"""A finished (or running) game as a Board Game Stats play file (`.bgsplay`, the JSON the BG
Stats app opens and imports): its players, the game, one location and one play with each
player's score, seat and whether they won. Pure: the session gathers the facts.

Ids inside the file are small numbers that tie its lists together; the uuids are derived from
the game's id, so exporting the same game twice gives the same play (the app does not count it
twice).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

ABOUT = (
    "This is a Play file that can be read by Board Game Stats. Open it with Board Game Stats "
    "(share, export or open-in) to add the play. Written by Dicetable."
)
NAMESPACE = uuid.UUID("5f1d2c8e-3b7a-4f0e-9a64-0d1c7e2b9a31")
LOCATION = "Dicetable"


@dataclass(frozen=True, slots=True)
class PlayFacts:
    game_id: str
    game_name: str
    players: tuple[str, ...]  # in seat order
    scores: tuple[int | None, ...]
    winner: str | None
    started_at: datetime
    last_move_at: datetime
    # A shared first place, each of them a winner (`winner` names one player only), and a game
    # the lowest score wins (the score sheet's `Lowest`).
    winners: tuple[str, ...] = ()
    highest_wins: bool = True


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(parts)))


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _player_scores(facts: PlayFacts) -> list[dict[str, Any]]:
    return [
        {
            "score": "" if score is None else str(score),
            "winner": name == facts.winner or name in facts.winners,
            "newPlayer": False,
            "startPlayer": seat == 0,
            "playerRefId": seat + 1,
            "rank": 0,
            "seatOrder": seat + 1,
        }
        for seat, (name, score) in enumerate(zip(facts.players, facts.scores, strict=True))
    ]


def _players(facts: PlayFacts, stamp: str) -> Sequence[dict[str, Any]]:
    return [
        {
            "uuid": _uuid("player", name),
            "id": seat + 1,
            "name": name,
            "isAnonymous": False,
            "modificationDate": stamp,
        }
        for seat, name in enumerate(facts.players)
    ]


def play_file(facts: PlayFacts) -> dict[str, Any]:
    stamp = _when(facts.last_move_at)
    minutes = max(0, round((facts.last_move_at - facts.started_at).total_seconds() / 60))
    scored = any(score is not None for score in facts.scores)
    play = {
        "uuid": _uuid("play", facts.game_id),
        "modificationDate": stamp,
        "entryDate": _when(facts.started_at),
        "playDate": _when(facts.started_at),
        "usesTeams": False,
        "durationMin": minutes,
        "ignored": False,
        "manualWinner": not scored,
        "rounds": 0,
        "locationRefId": 1,
        "gameRefId": 1,
        "board": "",
        "scoringSetting": 0,
        "playerScores": _player_scores(facts),
    }
    game = {
        "uuid": _uuid("game", facts.game_name),
        "id": 1,
        "name": facts.game_name,
        "modificationDate": stamp,
        "cooperative": False,
        "highestWins": facts.highest_wins,
        "noPoints": not scored,
        "usesTeams": False,
    }
    location = {"uuid": _uuid("location", LOCATION), "id": 1, "name": LOCATION,
                "modificationDate": stamp}  # fmt: skip
    return {
        "about": ABOUT,
        "players": list(_players(facts, stamp)),
        "locations": [location],
        "games": [game],
        "plays": [play],
    }
