"""What `?test=1` shows on a game's stream overlay: a short game of that kind, folded by its own
rules so the sample always has the shape the overlay draws. RYB's sample lives in the browser
(`static/js/sample.js`); the other games' are made here and embedded in the page."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import find_game
from companion.session.rules import fold


@dataclass(frozen=True, slots=True)
class Sample:
    header: Mapping[str, str]
    lines: tuple[str, ...]


SAMPLES: dict[str, Sample] = {
    "flyer": Sample(
        {"Players": "Al, Bo, Cy, Di", "Board": "default"},
        (
            "values 3 1 4 1 5 6",
            "Al: roll red red blue yellow white green",
            "Al: move red blue yellow to n paying red red blue yellow",
            "Bo: roll yellow yellow yellow yellow white white",
            "Bo: move yellow to ne paying yellow yellow",
            "Bo: move yellow to ne-home paying white white yellow yellow",
            "Cy: roll blue purple red purple white green",
            "Cy: move purple to e paying blue purple",
        ),
    ),
    "rgb": Sample(
        {"Players": "Al, Bo"},
        (
            "Al: place large d2",
            "Bo: place large d7",
            "Al: place medium e2",
            "Bo: place medium e7",
            "Al: place small d3",
            "Bo: place small d6",
            "Al: place small e3",
            "Bo: place small e6",
            "Al: place large b2",
            "Bo: place large b7",
            "Al: place medium b1",
            "Bo: place golden f7",
            "Al: place medium g2",
            "Bo: place large g7",
            "Al: place small c3",
            "Bo: place medium h8",
            "Al: attack d3 d6 blue",
        ),
    ),
    "modifier": Sample(
        {"Players": "Ann, Ben, Cat"},
        (
            "goals most-non-123456 second-lowest-total most-pairs",
            "Ann: roll 5 3 1 2 5 6",
            "Ben: roll 6 1 4 4 5 6",
            "Cat: roll 6 3 2 3 3 3",
            "Ben: mod 4 =7",
            "Cat: mod 1 +1",
            "Cat: mod 3 x2",
            "reveal",
        ),
    ),
    "sheet": Sample(
        {"Players": "Ann, Ben, Cat", "Target": "50"},
        (
            "Ann: roll 6 5 4 3 2",
            "Ben: roll 1 2 3 4 5",
            "Cat: score 12",
            "Ann: roll 6 6 6 1 1",
            "Ben: roll 2 2 2 2 2",
            "Cat: roll 6 6 5 5 4",
            "Ann: roll 3 4 6",
        ),
    ),
    "fivedice": Sample(
        {"Players": "Ann, Ben, Cat"},
        (
            "Ann: roll 4 4 2 6 1",
            "Ann: keep 4 4",
            "Ann: roll 4 4 4 3 5",
            "Ann: score fours 12",
            "Ben: roll 2 3 4 5 5",
            "Ben: score small-straight 30",
            "Cat: roll 6 6 6 1 2",
            "Cat: keep 6 6 6",
            "Cat: roll 6 6 6 6 5",
        ),
    ),
}


# Farkle mid-turn: Cy leads, Ben has set aside three 4s and a 1 and thrown on.
SAMPLES["farkle"] = Sample(
    {"Players": "Ann, Ben, Cy", "Scoring": "fixed"},
    (
        "Ann: roll 1 1 1 5 2 3",
        "Ann: bank 1 1 1 5",
        "Ben: roll 2 3 4 6 6 2",
        "Cy: roll 1 2 3 4 5 6",
        "Cy: bank 1 2 3 4 5 6",
        "Ann: roll 5 5 2 3 4 6",
        "Ann: bank 5 5",
        "Ben: roll 4 4 4 1 2 6",
        "Ben: keep 4 4 4 1",
        "Ben: roll 5 3",
    ),
)


def sample_view(game: str) -> dict[str, Any] | None:
    """The view `?test=1` draws for `game`'s overlay; None where the browser has its own (RYB)."""
    sample = SAMPLES.get(game)
    if sample is None:
        return None
    rules = find_game(game)
    state = fold(rules, sample.header, sample.lines)
    seq = len(sample.lines)
    return {"id": "sample", "seq": seq, "version": f"{seq}.0", "state": rules.state_json(state)}
