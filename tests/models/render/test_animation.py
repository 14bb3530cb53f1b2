"""Table videos: dice move until they settle, then stay put; nudges, pick-ups and sweeps."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from models.render.animation import VIDEO_CONFIG, TableAnimation
from models.render.events import Nudge, PickUp, Sweep, Throw
from vision.types import Colour

R, Y, B = Colour.RED, Colour.YELLOW, Colour.BLUE
SMALL = replace(VIDEO_CONFIG, width=320, height=180, die_px=(14.0, 20.0), effects=False)
FPS = 10.0


def animation(*events: Throw | Nudge | PickUp | Sweep, seconds: float = 4.0) -> TableAnimation:
    return TableAnimation(np.random.default_rng(4), list(events), seconds, SMALL, FPS)


def test_thrown_dice_move_then_settle_on_the_asked_faces() -> None:
    anim = animation(Throw(0.2, (R, Y, B, R), (1, 3, 5, 6)))
    stops = {s.die_id: s.t_s for s in anim.stops}
    assert set(stops) == {0, 1, 2, 3}
    assert all(0.2 < t < 2.0 for t in stops.values())
    frames = list(anim.frames())
    rest: dict[int, tuple[tuple[int, int, int, int], int]] = {}
    for fr in frames:
        for die in fr.scene.dice:
            assert die.moving == (fr.t_s < stops[die.die_id] - 1e-9), (fr.t_s, die)
            if fr.t_s >= stops[die.die_id] and not fr.hand_in_view:
                rest.setdefault(die.die_id, (die.box_xyxy, die.pips))
                assert (die.box_xyxy, die.pips) == rest[die.die_id]
    assert {i: p for i, (_, p) in rest.items()} == {0: 1, 1: 3, 2: 5, 3: 6}
    assert anim.still_from_s and anim.still_from_s[-1] == pytest.approx(
        max(stops.values()), abs=0.5
    )


def test_frames_are_the_same_for_the_same_seed() -> None:
    a = animation(Throw(0.1, (R, B)), seconds=1.0)
    b = animation(Throw(0.1, (R, B)), seconds=1.0)
    for f in (0, 4, 9):
        assert np.array_equal(a.frame(f).scene.image_bgr, b.frame(f).scene.image_bgr)
        assert a.frame(f).scene.dice == b.frame(f).scene.dice


def test_a_nudge_moves_a_die_but_keeps_its_face() -> None:
    anim = animation(Throw(0.1, (R, Y), (2, 4)), Nudge(2.0, 0), seconds=4.0)
    before = next(d for d in anim.frame(19).scene.dice if d.die_id == 0)
    after = next(d for d in anim.frame(39).scene.dice if d.die_id == 0)
    assert not before.moving and not after.moving
    assert after.pips == before.pips == 2
    assert after.box_xyxy != before.box_xyxy
    during = [next(d for d in anim.frame(f).scene.dice if d.die_id == 0) for f in range(20, 30)]
    assert any(d.moving for d in during)
    assert [s.die_id for s in anim.stops].count(0) == 2


def test_pick_up_and_sweep_clear_the_table() -> None:
    anim = animation(Throw(0.1, (R, Y, B)), PickUp(2.0, 1), Sweep(3.6, 1.0), seconds=5.5)
    ids_at = [{d.die_id for d in anim.frame(f).scene.dice} for f in (19, 35, 54)]
    assert ids_at[0] == {0, 1, 2}
    assert ids_at[1] == {0, 2}
    assert ids_at[2] == set()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Throw(0.0, ()), "a throw needs at least one die"),
        (lambda: Throw(0.0, (R, Y), (1,)), "must match the 2 colours"),
        (lambda: Throw(0.0, (R,), (7,)), r"values must be 1\.\.6"),
        (lambda: animation(Nudge(1.0, 5)), "no die 5 to nudge"),
        (lambda: animation(Throw(0.1, (R,)), Sweep(0.5, 0.5), PickUp(2.0, 0)), "not on the table"),
        (lambda: animation(Throw(0.1, (R,) * 300)), "no room on the table for 300 more dice"),
        (lambda: TableAnimation(np.random.default_rng(0), [], 1.0, SMALL, 500.0), "fps must be"),
    ],
)
def test_bad_plans_are_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]
