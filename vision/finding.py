"""The finder's candidates in a frame: at every scale, or at the one the table's die size asks
for, best first, a die found at two scales merged into one box."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from vision import box_sets, finder
from vision.onnx_model import OnnxModel
from vision.reader_config import ReaderConfig, StageTimes


def find_dice(
    finder_model: OnnxModel,
    frame_bgr: npt.NDArray[np.uint8],
    config: ReaderConfig,
    times: StageTimes | None = None,
    die_px: float | None = None,
    threshold: float | None = None,
) -> list[finder.Candidate]:
    """Die candidates from the finder at every scale (at one, where the table's die size
    `die_px` in the frame is known), best first, repeats merged."""
    times = times or StageTimes()
    found: list[finder.Candidate] = []
    image, scale = frame_bgr, 1.0
    sides = scales_for(config, frame_bgr.shape[:2], die_px)
    # Largest scale first, each shrunk from the one before: cheaper than shrinking the frame twice.
    for long_side in sorted(sides, reverse=True):
        if _all_small(found, scale, config):
            break
        net_in, image = times.timed("prepare", _prepare_from(image, scale, long_side))
        scale = net_in.scale
        found += find_at(finder_model, net_in, config, times, threshold)
    return merge_repeats(sorted(found, key=lambda c: -c.score), config.overlap_iou)


def scales_for(
    config: ReaderConfig, frame_hw: tuple[int, ...], die_px: float | None
) -> tuple[int, ...]:
    """The finder's long sides for a frame: every configured one, or one where the table's die
    size says its dice are small (see `ReaderConfig.small_table_die_px`); a colour-face table
    keeps them all."""
    if die_px is None or not small_dice(config, frame_hw, die_px):
        return config.long_sides
    frame_long = max(frame_hw[0], frame_hw[1])
    wanted = config.table_die_px / die_px * frame_long
    least, most = config.table_long_side
    return (round(min(max(wanted, least), most) / 32.0) * 32,)


def small_dice(config: ReaderConfig, frame_hw: tuple[int, ...], die_px: float | None) -> bool:
    """Whether the table's dice (`die_px` across in the frame) are small enough for the finder
    to run once, up-scaled (`ReaderConfig.small_table_die_px`); never at a colour-face table."""
    if die_px is None or die_px <= 0 or config.colour_faces:
        return False
    first = config.long_sides[0]
    return die_px * first / max(frame_hw[0], frame_hw[1]) < config.small_table_die_px


def _all_small(found: list[finder.Candidate], scale: float, config: ReaderConfig) -> bool:
    """Enough sure finds so far, every one small at `scale`: no smaller scale is needed."""
    if config.colour_faces:
        return False
    sides = [
        max(c.box_xyxy[2] - c.box_xyxy[0], c.box_xyxy[3] - c.box_xyxy[1])
        for c in found
        if c.score >= config.sure_find
    ]
    return len(sides) >= config.size_quorum and max(sides) * scale <= config.small_die_px


def _prepare_from(
    image: npt.NDArray[np.uint8], scale: float, long_side: int
) -> Callable[[], tuple[finder.FinderInput, npt.NDArray[np.uint8]]]:
    """`image` is the frame at `scale`; the finder's input at `long_side`, and that image."""

    def run() -> tuple[finder.FinderInput, npt.NDArray[np.uint8]]:
        resized, step = finder.shrink(image, long_side)
        return finder.to_tensor(resized, scale * step), resized

    return run


def find_at(
    finder_model: OnnxModel,
    net_in: finder.FinderInput,
    config: ReaderConfig,
    times: StageTimes,
    threshold: float | None = None,
) -> list[finder.Candidate]:
    """The finder's candidates in one prepared input, down to `threshold` (else the usual bar)."""
    heat, size, offset = times.timed("find", lambda: finder_model.run(net_in.tensor))
    bar = config.find_threshold if threshold is None else threshold
    return times.timed(
        "decode",
        lambda: finder.decode(heat, size, offset, net_in.scale, bar, config.max_dice),
    )


def merge_repeats(found: list[finder.Candidate], max_iou: float) -> list[finder.Candidate]:
    """Best first: each candidate takes its repeats (IoU above `max_iou`) and becomes their
    score-weighted mean box. Picking one box alone made a die's box jump between the two scales'
    answers from frame to frame, which the settle detector sees as the die moving."""
    overlap = box_sets.ious(box_sets.as_array([c.box_xyxy for c in found]))
    leaders: list[int] = []
    groups: list[list[finder.Candidate]] = []
    for k, cand in enumerate(found):
        joins = np.flatnonzero(overlap[k, leaders] > max_iou).tolist() if leaders else []
        if joins:
            groups[joins[0]].append(cand)
        else:
            leaders.append(k)
            groups.append([cand])
    return [_merged(group) for group in groups]


def _merged(group: list[finder.Candidate]) -> finder.Candidate:
    if len(group) == 1:
        return group[0]
    weights = np.array([c.score for c in group], np.float64)
    boxes = np.array([c.box_xyxy for c in group], np.float64)
    x1, y1, x2, y2 = (float(v) for v in weights @ boxes / weights.sum())
    return finder.Candidate((x1, y1, x2, y2), group[0].score)
