"""How the model reader reads (`vision.reader`): its thresholds and rules, each with why it is
set where it is, and the stage timer the benchmark reads."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from vision import memory as mem
from vision.faces import FaceSettings
from vision.marks import MarksSettings
from vision.types import Colour

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class ReaderConfig:
    # The finder runs at each scale: 640 finds dice of about 7 to 150 pixels at that scale, 320
    # the big ones (a die close under a webcam covers a third of the frame).
    long_sides: tuple[int, ...] = (640, 320)
    # The smaller scales are for big dice. Where a scale found at least `size_quorum` dice scored
    # `sure_find` or more, each at most `small_die_px` at that scale, the smaller ones are not run:
    # dice on one table are about the same size, and a smaller scale's coarse boxes of small
    # dice, merged into the sharper ones, only blur them. Chosen on the real sets' training
    # sides (rune55-gray, 700 photos: found and right 81.5% with every scale, 82.0% at 60 px,
    # 81.9% at 75, 81.8% at 100; byler 97.5% to 99.0% at each), and it saves the 320 pass. A
    # table that reads colour-face dice runs every scale: those are often found only at the
    # smaller one, whatever their size (on rendered flyer tables at a slant, 78% read right with
    # every scale, 68% without).
    small_die_px: float = 60.0
    # Where the table's die size is known (its memory's confirmed dice) and they are under
    # `small_table_die_px` across at `long_sides[0]`, the finder runs once, at the scale that
    # makes them `table_die_px` (a board's small dice, up-scaled), the long side within
    # `table_long_side`; bigger dice are found at every scale as before. Running 640 alone for
    # dice known to be 24-60 px there lost dice the 320 pass finds (a rendered night of
    # tiny-pipped dice: 61 found against 67), so the size saves no pass.
    small_table_die_px: float = 24.0
    table_die_px: float = 40.0
    table_long_side: tuple[int, int] = (320, 2560)
    sure_find: float = 0.5
    find_threshold: float = 0.25
    max_dice: int = 64
    not_a_die: float = 0.5  # drop a candidate whose "not a die" probability is above this
    # A faint find (the finder scored it under `faint_find`, at least `find_threshold`) is kept
    # only where the reader all but rules out "not a die": the finder misses dice among game
    # material and at steep slants by a little, and the reader tells most of those from the
    # board's marks it also lets through.
    faint_find: float = 0.3
    faint_not_a_die: float = 0.03
    # With a table's memory, the finder's candidates down to `vouch_find` are read too; one under
    # `find_threshold`, or one the network calls "not a die", is kept only where the table
    # vouches for it: its signature at least `vouch_alike` like a confirmed die's and nearer a
    # die than anything the players removed, its pip features at least `vouch_face` like a
    # confirmed face's (a die half hidden in a board's pattern; a numeral face, no pips).
    vouch_find: float = 0.15
    vouch_alike: float = 0.9
    vouch_face: float = 0.8
    # At a table that reads its faces by their marks (`vision.marks`), marks at least this like
    # a confirmed face's show a face too: its numerals and tiny pips are alike in the pip
    # features 0.6 to 0.8, in their marks 0.8 to 1 (0.75 and 0.85 read the numeral and tiny-pip
    # nights within a die or two of 0.8 either way).
    vouch_marks: float = 0.8
    # ... where its box shares at most this of itself with a die the network keeps (not
    # `max_shared`): a box half over a die signs that die's pips (on the translucent night, a red
    # stain a quarter under a red 6 was 0.91 like the confirmed 2s by its marks).
    vouch_marks_shared: float = 0.15
    # A faint find the network all but rules out as "not a die" (`faint_not_a_die`, the bar
    # that already keeps the faint finds over `find_threshold`) needs only the colour half of
    # that, and the table's size within a factor `vouch_size`: its face is one the network
    # knows, and the face gate is there for the faces it does not.
    vouch_size: float = 1.5
    # The table vouches only for a find at least this much of whose box is in the frame: a die
    # half out of view is one the players do not count either, and its cut-off crop looks like
    # a die to the network (big dice at a frame's edge came back as extra dice).
    vouch_in_view: float = 0.85
    unsure_below: float = 0.75  # a die whose pips probability is below this is unsure
    # Colour has its own, higher bar: under a strong lamp a wrong colour often comes with a
    # probability of 0.75 to 0.9, and a wrong colour silently scored is what players cannot
    # forgive. Chosen on the first held-out render set (byler-colour's photos, all of them, were
    # looked at beside it for how many more real dice it flags); checked on the fresh set.
    colour_unsure_below: float = 0.9
    overlap_iou: float = 0.5
    # Dice seen from above barely overlap: of two read dice whose boxes share more than this of
    # the smaller box, the less sure goes (a tilted die's side face read as a die of its own, or
    # one die found twice). 0.4 was chosen on the real sets' training splits, never their tests.
    max_shared: float = 0.4
    # Dice on one table are about the same size in the frame: with at least `size_quorum` dice
    # read, one whose side is under `min_size_share` of their median side is a speck, a box's
    # corner or a tray's rivet. Chosen on the real sets' training sides: on 1,500 of
    # rune55-gray's, 0.4 dropped 39 extra dice and 7 real ones, 0.5 64 and 28 (its fisheye photos
    # hold dice at many distances); byler's and matteop65's lost no real die either way.
    min_size_share: float = 0.4
    size_quorum: int = 3
    # A die read with doubt is read again turned a quarter, a half and three quarters round, and
    # the four answers averaged: a top face means the same at any turn, glare and shadows do not.
    second_look: bool = True
    # The colours of the game's dice (RYB: red, yellow, blue), or None to name any colour.
    palette: tuple[Colour, ...] | None = None
    # How the table's memory (`vision.memory`) is weighed against the network, when one is set.
    memory: mem.MemorySettings = field(default_factory=mem.MemorySettings)
    # How a table's face memory (`vision.faces`) is weighed against the pip head.
    face_memory: FaceSettings = field(default_factory=FaceSettings)
    # ... and, where a table reads its faces by their marks, its marks head (`vision.marks`).
    marks: MarksSettings = field(default_factory=MarksSettings)
    # Trusted this far (`vision.memory.Recall.trust`: 0.9 where the nearest remembered colour
    # leads the runner-up by 2.3 steps), a memory that says a die is of no game colour makes it
    # "not a game die" (read as "other") instead of the game's likeliest colour marked unsure.
    # With `eval --learn 5 --game ryb`, red/yellow/blue right at 0.5, 0.8, 0.9, 0.95: byler-colour
    # 99.8%, then 100% from 0.8; rune55-pxl-colour 86.6%, 93.0%, 95.6%, 97.0% (its blue dice lie
    # near marbled ones its labels call "other"), while fewer non-game dice read "other".
    not_game_trust: float = 0.9
    # Read colour-face dice too (the flyer game's table, `vision.colour_face`): a candidate the
    # network calls "not a die" whose top face is one painted colour is read by that colour.
    colour_faces: bool = False
    # Of those, only candidates the finder scored at least this: on 30 cluttered renders 0.35
    # kept 64 of 75 colour-face dice found and let 37 of 98 false finds through (0.3: 67 and 57,
    # 0.4: 58 and 24). Clutter-free tables let few through (5 of 33).
    colour_face_min_score: float = 0.35


@dataclass(slots=True)
class StageTimes:
    """Milliseconds spent in each stage of one read."""

    ms: dict[str, float] = field(default_factory=dict)

    def timed(self, stage: str, fn: Callable[[], T]) -> T:
        start = time.perf_counter()
        result = fn()
        self.ms[stage] = self.ms.get(stage, 0.0) + (time.perf_counter() - start) * 1000.0
        return result
