"""Dice a reading left out, offered to players: what the finder proposed and the reader passed
over in a frame, and the die a player points at where the finder proposed nothing.

Each is read as a die (marked unsure) with the table's face memory, its signature and its pip
features, so that the die players add teaches the table its look (`vision.passed_over` holds
the geometry: which candidates are left over, where to look around a point).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from vision import crops, die_odds, finder, passed_over
from vision import memory as mem
from vision.faces import combine_faces
from vision.faces import pack as pack_faces
from vision.finding import find_at
from vision.palette import pick_colour
from vision.reader_config import StageTimes
from vision.types import Die

if TYPE_CHECKING:
    from vision.reader import ModelReader

ImageBGR = npt.NDArray[np.uint8]


def passed_over_in(
    reader: ModelReader, frame_bgr: ImageBGR, dice: Sequence[Die]
) -> tuple[Die, ...]:
    """What the finder proposed and the reading `dice` of this frame left out, each read as a
    die: for players registering their dice to say which of them are dice after all."""
    cfg, memory = reader.config, reader.memory
    found = reader.found(frame_bgr, memory, cfg.vouch_find, StageTimes())
    small = None if memory is None else memory.small_die_px
    least = passed_over.least_side(dice, small, cfg.min_size_share)
    some = [found[k] for k in passed_over.leftovers(found, dice, cfg.max_shared, least)]
    if not some or not reader.signs_dice:
        return ()
    return offered(reader, frame_bgr, some)


def read_at(
    reader: ModelReader, frame_bgr: ImageBGR, point: tuple[float, float], dice: Sequence[Die]
) -> Die | None:
    """The die a player points at in `frame_bgr` (frame pixels), where the reading `dice`
    missed it, read as `passed_over_in` reads its dice; None where the file signs no dice.

    The finder looks again in a window around the spot, scaled so the die the table expects
    (its size, else the dice read, else each of a few shares of the frame) shows at the size
    it reads best, down to a bar far under its usual one: the player says a die is there. Its
    best box over the spot is the die's, else a square of the expected size: the table learns
    the die's size and look even where the finder proposed nothing."""
    if not reader.signs_dice:
        return None
    h, w = frame_bgr.shape[:2]
    x, y = point
    if not (0 <= x <= w and 0 <= y <= h):
        raise ValueError(f"the point ({x:g}, {y:g}) is outside the {w}x{h} picture")
    table_px = None if reader.memory is None else reader.memory.die_size_px
    found = []
    for side in passed_over.point_sides(dice, table_px, (h, w)):
        x1, y1, x2, y2 = passed_over.window_at(point, side, (h, w))
        window = np.ascontiguousarray(frame_bgr[y1:y2, x1:x2])
        found.append((side, [_moved(c, x1, y1) for c in _find_in(reader, window, side)]))
    read = offered(reader, frame_bgr, [passed_over.pointed(found, point)])
    return read[0] if read else None


def offered(
    reader: ModelReader, frame_bgr: ImageBGR, some: list[finder.Candidate]
) -> tuple[Die, ...]:
    """`some` candidates read as dice (marked unsure), with the table's face memory, their
    signatures, pip features and marks: what players may add, and teach the table by."""
    cfg, memory = reader.config, reader.memory
    stack, batch, cast = crops.crop_batch(frame_bgr, [c.box_xyxy for c in some])
    outputs = reader.classifier.run(batch, cast)
    pips_p = die_odds.a_die(outputs[0], np.ones(len(some), bool))
    features = reader.output(outputs, reader.FEATURES)
    packed = None if features is None else pack_faces(features, die_odds.given_a_die(pips_p))
    marks = reader.marks_for(memory, batch)
    look = reader.look(memory, stack, outputs)
    if look is not None:
        look.sign(marks)
        evidence = look.face_evidence(np.arange(len(some)))
        if evidence is not None:
            pips_p = combine_faces(pips_p, evidence, look.known)
    sigs = mem.signatures(outputs[2], stack)
    h, w = frame_bgr.shape[:2]
    out = []
    for k, cand in enumerate(some):
        box = crops.clip_box(cand.box_xyxy, w, h)
        if box is None:
            continue
        colour = pick_colour(outputs[1][k], cfg.palette).colour
        face = None if packed is None else packed[k].tobytes()
        marked = None if marks is None else marks[k].tobytes()
        pips = int(np.argmax(pips_p[k, 1:])) + 1
        die = Die(colour, pips, min(cand.score, 1.0), box, True, tuple(sigs[k].tolist()))
        out.append(replace(die, face_features=face, face_marks=marked))
    return tuple(out)


def _find_in(reader: ModelReader, window: ImageBGR, side: float) -> list[finder.Candidate]:
    """The finder's candidates in `window`, scaled so a die of `side` shows
    `passed_over.POINT_DIE_PX` across (within the table's long sides)."""
    least, most = reader.config.table_long_side
    wanted = max(window.shape[:2]) * passed_over.POINT_DIE_PX / max(side, 1.0)
    long_side = round(min(max(wanted, least), most) / 32.0) * 32
    net_in = finder.prepare(window, long_side)
    return find_at(reader.finder_model, net_in, reader.config, StageTimes(), passed_over.POINT_FIND)


def _moved(cand: finder.Candidate, dx: float, dy: float) -> finder.Candidate:
    x1, y1, x2, y2 = cand.box_xyxy
    return finder.Candidate((x1 + dx, y1 + dy, x2 + dx, y2 + dy), cand.score)
