"""The demo game: the game the bundled demo recording (`models/demo/ryb-demo.mp4`) is a game of.

The recording throws six rolls on a loop; two of them are this game's turns. Al has taken a
yellow die from Bruce with Gimme! and holds 1 red, 3 yellow and 2 blue: his attempt on Black 3
is the recording's first throw (b1 b4 r3 y1 y3 y3). Bruce, after `gimme Al red`, holds 4 red
and 1 yellow: his attempt on Orange 3 is the third (r1 r1 r4 r5 y3). A declared attempt in a
demo game takes only a throw with its own dice, and waits for it (at most one loop, 32 s): the
recording's other throws are some other table's, not this attempt's. Pure values and functions.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.session.camera import Pending, dice_match
from vision.types import DiceReading

HEADER_KEY = "Demo"
RECORDING = "ryb-demo"
TITLE = "Demo: the recording's game"

# The first turns play the goals, then Bruce takes a red die of Al's, and Al, in this turn, has
# taken a yellow of Bruce's: his attempt on Black 3 (#1) rolls exactly the first throw.
RECORD = f"""[Title "{TITLE}"]
[Players "Al, Bruce"]
[{HEADER_KEY} "{RECORDING}"]
Al: goal black 3 value 12
Al: pass
Bruce: goal orange 3 value 9
Bruce: pass
Al: dump
Bruce: gimme Al red
Bruce: pass
Al: gimme Bruce yellow
"""

NEXT_STEPS = (
    "It is Al's turn: press Roll with the camera (goal #1, Black 3) and accept the roll.",
    "Then Bruce: play Gimme! taking a red die of Al's, and roll for Orange 3 (#2) with the camera.",
)


def is_demo(header: Mapping[str, str]) -> bool:
    return header.get(HEADER_KEY, "").strip() == RECORDING


def takes(pending: Pending, reading: DiceReading) -> bool:
    """Whether a settled roll of the recording is this demo attempt's throw: its dice."""
    return bool(pending.rollers) or pending.has_roll or dice_match(pending.expected, reading.dice)
