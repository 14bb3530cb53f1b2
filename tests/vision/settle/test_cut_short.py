"""A throw that was still is never lost (issue #24 item 1), and never late (issue #35): dice the
reader doubts go out at settle, marked; a die whose value keeps changing holds the roll at most
`unsure_ms`, and when the dice move again inside that window the throw comes out then, its
flickering die flagged. The photo test's rhythm: a throw every 2.2 s, each still for 1.6 s."""

from __future__ import annotations

import pytest

from tests.vision.settle.test_detector import ELSEWHERE, FIVE, LOW, Script, kinds, with_die
from vision.settle import SettleConfig, SettledRoll
from vision.types import DiceReading


def doubtful(reading: DiceReading) -> DiceReading:
    return with_die(reading, 1, unsure=True)


def flickering(script: Script, final: DiceReading, ms: float) -> Script:
    """`final` lying still while die 4's value flips between two faces."""
    for k in range(script.frames_for(ms)):
        script.add(with_die(final, 4, pips=2 if k % 2 else 3), LOW)
    return script


def rolls(script: Script, config: SettleConfig | None = None) -> list[SettledRoll]:
    events, _ = script.run(config)
    assert set(kinds(events)) <= {"SettledRoll", "RollCorrected"}, kinds(events)
    return [e for _, e in events if isinstance(e, SettledRoll)]


def test_six_doubtful_throws_in_a_row_give_six_rolls_at_settle() -> None:
    script = Script().add(DiceReading.empty(), frames=10)
    for k in range(6):
        final = doubtful(FIVE if k % 2 == 0 else ELSEWHERE)
        script.throw(final).still(final, 1000)
    got = rolls(script.throw(FIVE).still(FIVE, 300))
    assert len(got) == 7
    for roll in got[:6]:
        assert not roll.cut_short and roll.needs_review
        assert [d.unsure for d in roll.reading] == [False, True, False, False, False]
        assert 250 <= roll.delay_ms < 250 + 1000 / 30


def test_a_cut_short_roll_is_the_still_scene_and_time() -> None:
    script = Script().add(DiceReading.empty(), frames=10).throw(FIVE)
    landed = len(script.steps)
    flickering(script, FIVE, 400).throw(ELSEWHERE).still(ELSEWHERE, 600)
    first, second = rolls(script)
    assert first.cut_short and first.needs_review
    assert first.frame_index is not None and landed <= first.frame_index < landed + 13
    assert [d.unsure for d in first.reading] == [False, False, False, False, True]
    assert [(d.colour, d.pips) for d in first.reading][:4] == [(d.colour, d.pips) for d in FIVE][:4]
    assert (second.cut_short, second.needs_review) == (False, False)


@pytest.mark.parametrize("still_ms", [0, 100, 200])
def test_dice_that_never_settled_give_no_roll(still_ms: float) -> None:
    script = Script().add(DiceReading.empty(), frames=10).throw(FIVE)
    flickering(script, FIVE, still_ms).throw(ELSEWHERE).still(ELSEWHERE, 600)
    got = rolls(script)
    assert [r.cut_short for r in got] == [False]


def test_a_sure_throw_still_settles_once_and_is_not_cut_short() -> None:
    script = Script().add(DiceReading.empty(), frames=10).throw(FIVE).still(FIVE, 1000)
    got = rolls(script.throw(ELSEWHERE).still(ELSEWHERE, 600))
    assert [r.cut_short for r in got] == [False, False]
