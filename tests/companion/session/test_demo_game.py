"""The demo game is a game of the bundled demo recording: Al's attempt on Black 3 rolls exactly
the recording's first throw and Bruce's on Orange 3 (after Gimme! of Al's red) its third. In the
demo game an attempt takes only the recording's throw of its own dice, whichever throw the loop
is at, so the first camera roll of the demo is never "wrong"; any other game takes any roll."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from companion.session import Session, demo
from vision.live import DEMO_VIDEO
from vision.settle import SettledRoll
from vision.types import Colour, DiceReading, Die

RECORDING = json.loads(DEMO_VIDEO.with_suffix(".json").read_text())
THROWS = [still["dice"] for still in RECORDING["still"] if still["dice"]]


def throw(k: int) -> SettledRoll:
    dice = [
        Die(Colour.parse(colour), pips, 0.97, (60 * n, 10, 60 * n + 40, 50))
        for n, (colour, pips) in enumerate(THROWS[k])
    ]
    return SettledRoll(2000.0, 1700.0, k, np.full((80, 500, 3), 90, np.uint8), DiceReading.of(dice))


def tokens(k: int) -> str:
    return " ".join(f"{c[0]}{p}" for c, p in THROWS[k])


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    with Session.open(tmp_path / "data", poll_s=0.05) as opened:
        yield opened


def test_the_recording_has_the_throws_the_demo_game_is_made_of() -> None:
    assert len(THROWS) == 6
    assert sorted(tokens(0).split()) == sorted(["b1", "b4", "r3", "y1", "y3", "y3"])
    assert sorted(tokens(2).split()) == sorted(["r1", "r1", "r4", "r5", "y3"])


@pytest.mark.parametrize("start", range(6))
def test_each_demo_attempt_takes_its_own_throw_wherever_the_loop_is(
    session: Session, start: int
) -> None:
    game, made = session.open_demo_game()
    assert made and session.open_demo_game() == (game, False)
    session.declare_attempt(game, "Al", "#1")
    loop = [(start + n) % 6 for n in range(6)]
    for k in loop[: loop.index(0)]:
        assert session.offer_roll(throw(k)) is None  # another turn's throw: only the last roll
        pending = session.pending(game)
        assert pending is not None and not pending.has_roll
    assert session.offer_roll(throw(0)) == game
    ready = session.pending(game)
    assert ready is not None and ready.matches and not ready.to_json()["extra"]
    session.accept_roll(game)
    assert session.view(game).state["players"][0]["treasure"][0]["colour"] == "black"

    session.append(game, "Al: pass")
    session.append(game, "Bruce: gimme Al red")
    session.declare_attempt(game, "Bruce", "orange")
    for k in (3, 4, 5, 0, 1):
        assert session.offer_roll(throw(k)) is None
    assert session.offer_roll(throw(2)) == game
    session.accept_roll(game)
    assert session.history(game)[-1].line == f"Bruce: attempt orange {tokens(2)}"


def test_a_game_that_is_no_demo_takes_any_roll(session: Session) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal black 4")
    session.declare_attempt(game, "Al", "black")
    assert session.offer_roll(throw(3)) == game  # b2 r6 y4: wrong dice, shown to be fixed
    assert not demo.is_demo(session.store.get_game(game).header)


def test_the_latest_demo_game_is_reopened_until_put_away(session: Session) -> None:
    game, _ = session.open_demo_game()
    session.declare_attempt(game, "Al", "#1")
    session.offer_roll(throw(0))
    session.accept_roll(game)
    assert session.open_demo_game() == (game, False)  # still unfinished: reopened
    session.put_away(game, game)
    again, made = session.open_demo_game()
    assert made and again != game
