"""What #32 items 6 and 8 added to a pending roll (the frame's size, the verb of a roll thrown
again and the goal paid back) survives the shared table's text form, so a PostgreSQL club's
other server processes show and accept the same roll."""

from __future__ import annotations

import pytest

from companion.session.camera import CameraShot, Pending
from companion.session.pending_codec import pending_of, pending_text
from vision.types import Colour, DiceReading, Die

READING = DiceReading.of([Die(Colour.RED, 3, 0.9, (10, 20, 50, 60))])


@pytest.mark.parametrize(
    ("verb", "returned", "size"),
    [("attempt", "", (1280, 720)), ("doover", "", (1920, 1080)), ("reroll", "#1", None)],
)
def test_the_camera_fields_survive_the_shared_table(
    verb: str, returned: str, size: tuple[int, int] | None
) -> None:
    shot = CameraShot(READING, b"\xff\xd8\xff\xe0frame", 3, 12.5, "2026-11-27T02:00:00Z", 7, size)
    pending = Pending(
        "g1", "Al", "orange", {Colour.RED: 1}, "2026-11-27T02:00:00Z", 4, 2,
        dice=READING.dice, camera=shot, verb=verb, returned=returned,
    )  # fmt: skip
    back = pending_of(pending_text(pending))
    assert back == pending
    assert back.preview_line() == pending.preview_line()
    assert back.camera is not None and back.camera.frame_size == size
