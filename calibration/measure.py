"""Measuring a profile from a source: a still median frame, the table, the white gains, the zones.

`measure(frame, request)` is pure (one frame in, a profile and warnings out); `grab_still` is
the only part that touches a source. A measure keeps warnings (advice) apart from doubts (the
picture moved while it was taken, the table guess is unreliable): a profile measured with doubts
is kept only when the user insists (issue 47 item 3: a hand over the table was kept as the
empty table).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from calibration import checks, zones
from calibration.checks import GAIN_RANGE
from calibration.errors import MeasureError
from calibration.geometry import Polygon, RectXYXY
from calibration.profile import CameraInfo, PlayerZone, Profile, WhiteReference
from calibration.table import find_table
from vision.motion import MotionMeter
from vision.sources import FrameSource, SourceError

ImageBGR = npt.NDArray[np.uint8]
MAX_FRAMES = 100
LIVE_WARMUP_FRAMES = 10  # webcams settle their exposure over the first frames
CLIPPED = 254
MIN_LEVEL = 40.0
MAX_CLIPPED_SHARE = 0.2
# Webcams balance white themselves, so what remains is a mild cast; a grey-world estimate
# whose largest gain is more than this times its smallest is reading the cloth's colour.
GREY_WORLD_MAX_SPREAD = 1.8
# As the settle detector's bar (vision.settle.SettleConfig.still_motion): a still table reads 0
# however noisy the webcam, a hand reaching in 5 to 20.
STILL_MOTION = 1.0
STILL_WAIT_S = 20.0  # how long a live camera is watched for a still picture
MAX_READ_PER_FRAME = 30  # a file is read at most this many frames per frame asked for


@dataclass(frozen=True, slots=True)
class MeasureRequest:
    """What the user asked for. `table`, `white` and `zones` are in frame pixels; None (or
    empty) means: measure it."""

    name: str
    source: str
    table: Polygon | None = None
    white: Polygon | None = None
    zone_count: int | None = None
    zones: tuple[tuple[str, RectXYXY], ...] = ()
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Measured:
    profile: Profile
    frame_bgr: ImageBGR = field(repr=False)
    warnings: tuple[str, ...] = ()
    # What makes the profile or its empty table untrustworthy: kept only when the user insists.
    doubts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Grabbed:
    frames: list[ImageBGR] = field(repr=False)
    still: bool  # the frames follow each other with nothing moving between them


def grab_still(
    source: FrameSource,
    count: int,
    *,
    timeout_s: float = 10.0,
    still_wait_s: float = STILL_WAIT_S,
    clock: Callable[[], float] = time.monotonic,
) -> Grabbed:
    """`count` frames in a row with nothing moving between them (no hand reaching in, no die
    rolling), after a warm-up on live sources; a live camera is watched up to `still_wait_s`,
    a file read to its end. When the picture never holds still that long, the last `count`
    frames (fewer if a file ends) with `still` false. MeasureError when no frame comes;
    SourceError when the source breaks."""
    if not 1 <= count <= MAX_FRAMES:
        raise MeasureError(f"frames must be 1..{MAX_FRAMES}, got {count!r}")
    skip = LIVE_WARMUP_FRAMES if source.is_live else 0
    run: list[ImageBGR] = []  # the current still run
    recent: deque[ImageBGR] = deque(maxlen=count)
    meter, read, sizes = MotionMeter(), 0, set()
    source.open()
    try:
        deadline = clock() + timeout_s
        while len(run) < count:
            frame = source.read()
            if frame is None:
                if not source.is_live:
                    break
                if clock() > deadline:
                    raise SourceError(f"{source.name} gave no frame for {timeout_s:g} s")
                time.sleep(0.02)
                continue
            read += 1
            if read == skip + 1:
                deadline = clock() + still_wait_s  # from now on: waiting for a still picture
            if read <= skip:
                continue
            sizes.add(frame.frame_bgr.shape)
            if len(sizes) > 1:
                raise MeasureError(
                    f"{source.name} changed frame size while measuring: {sorted(sizes)}"
                )
            motion = meter.update(frame.frame_bgr)
            if motion is not None and motion > STILL_MOTION:
                run = []
            run.append(frame.frame_bgr)
            recent.append(frame.frame_bgr)
            if read - skip >= count * MAX_READ_PER_FRAME or (source.is_live and clock() > deadline):
                break
    finally:
        source.close()
    if not recent:
        raise MeasureError(f"{source.name} gave no frame to measure")
    if len(run) >= count or len(run) == len(recent):
        return Grabbed(run[-count:], True)
    return Grabbed(list(recent), False)


def grab_frames(
    source: FrameSource,
    count: int,
    *,
    timeout_s: float = 10.0,
    clock: Callable[[], float] = time.monotonic,
) -> list[ImageBGR]:
    """The frames of `grab_still`, still or not."""
    return grab_still(source, count, timeout_s=timeout_s, clock=clock).frames


def median_frame(frames: list[ImageBGR]) -> ImageBGR:
    """The per-pixel median: sensor noise and a passing hand disappear."""
    if len(frames) == 1:
        return frames[0]
    return np.asarray(np.median(np.stack(frames), axis=0).round(), np.uint8)


def _region_pixels(frame_bgr: ImageBGR, region: Polygon) -> npt.NDArray[np.float32]:
    mask = np.zeros(frame_bgr.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.asarray(region, np.int32)], 1)
    return np.asarray(frame_bgr[mask.astype(bool)], np.float32)


def _gains_from(
    pixels: npt.NDArray[np.float32], what: str
) -> tuple[tuple[float, float, float], float]:
    """Gains that bring the pixels' typical colour to grey, green kept at 1 as cameras do."""
    means = np.median(pixels, axis=0) if len(pixels) else np.zeros(3, np.float32)
    if float(means.max()) < MIN_LEVEL:
        raise MeasureError(
            f"{what} is too dark to balance (median B, G, R = {np.round(means).tolist()}); "
            f"light the table or name a brighter white region"
        )
    b, g, r = (max(float(v), 0.5) for v in means)
    gains = (g / b, 1.0, g / r)
    low, high = GAIN_RANGE
    if not all(low <= x <= high for x in gains):
        shown = ", ".join(f"{x:.2f}" for x in gains)
        raise MeasureError(
            f"{what} needs gains B, G, R = {shown}, outside {low}..{high:g}: is it white or grey?"
        )
    return gains, g


def white_from_region(frame_bgr: ImageBGR, region: Polygon) -> WhiteReference:
    """Gains from a white or grey card the user pointed at (the median of its pixels)."""
    pixels = _region_pixels(frame_bgr, region)
    what = f"white region {[list(p) for p in region]}"
    if len(pixels) == 0:
        raise MeasureError(f"{what} holds no pixel")
    clipped = float((pixels.max(axis=1) >= CLIPPED).mean())
    if clipped > MAX_CLIPPED_SHARE:
        raise MeasureError(f"{what} is overexposed ({clipped:.0%} of it clipped); dim the light")
    gains, level = _gains_from(pixels, what)
    return WhiteReference("card", region, gains, min(level, 255.0))


def white_grey_world(frame_bgr: ImageBGR, table: Polygon) -> WhiteReference:
    """Gains that make the table's typical bright colour grey.

    The brighter half of the table (clipped pixels left out) is kept, then the half of that
    whose colour (chromaticity) is nearest the median: dice, cards and shadows fall away, and
    the cut is symmetric, so sensor noise does not bias it. It is wrong when the cloth itself
    is coloured (green felt reads as a green cast): a white card is the reliable way.
    """
    pixels = _region_pixels(frame_bgr, table)
    usable = pixels[pixels.max(axis=1) < CLIPPED]
    if len(usable) < 16:
        raise MeasureError("the table region has too few unclipped pixels to balance")
    # Brightness as the channel sum: ranking by the largest channel would favour pixels whose
    # noise pushed the tinted channel up, and bias the gains.
    level = usable.sum(axis=1)
    bright = usable[level >= np.median(level)]
    chroma = bright / np.maximum(bright.sum(axis=1, keepdims=True), 1.0)
    distance = np.abs(chroma - np.median(chroma, axis=0)).sum(axis=1)
    typical = bright[distance <= np.median(distance)]
    gains, grey = _gains_from(typical, "the table (grey-world estimate)")
    return WhiteReference("grey-world", table, gains, min(grey, 255.0))


def measure(
    frame_bgr: ImageBGR, request: MeasureRequest, created_at: str | None = None
) -> Measured:
    h, w = frame_bgr.shape[:2]
    size = (w, h)
    warnings: list[str] = []
    doubts: list[str] = []
    notes = [request.notes] if request.notes else []
    if request.table is not None:
        table = checks.check_polygon(request.table, "--table", size)
    else:
        guess = find_table(frame_bgr)
        table = guess.polygon
        warnings.append(
            guess.remark
            + ("" if guess.reliable else " (unreliable)")
            + "; check the preview, or give --table"
        )
        notes.append(guess.remark)
        if not guess.reliable:
            doubts.append(f"the table found automatically is unreliable ({guess.remark})")
    if request.white is not None:
        white = white_from_region(frame_bgr, checks.check_polygon(request.white, "--white", size))
    else:
        white, warning = _white_without_card(frame_bgr, table)
        warnings.append(warning)
    profile = Profile(
        name=checks.check_name(request.name),
        camera=CameraInfo(request.source, size),
        created_at=created_at or datetime.now(UTC).isoformat(timespec="seconds"),
        table_region=table,
        white_reference=white,
        player_zones=_zones(request, table),
        notes="\n".join(notes),
    )
    return Measured(profile, frame_bgr, tuple(warnings), tuple(doubts))


def _white_without_card(frame_bgr: ImageBGR, table: Polygon) -> tuple[WhiteReference, str]:
    """The grey-world estimate, or no balance at all when the estimate looks like a coloured
    cloth rather than coloured light (a felt table would be turned grey and every die with it)."""
    white = white_grey_world(frame_bgr, table)
    spread = max(white.gains_bgr) / min(white.gains_bgr)
    if spread <= GREY_WORLD_MAX_SPREAD:
        return white, (
            "no --white card given: gains estimated from the table (grey-world), which a "
            "coloured cloth fools; put a white card down and give --white"
        )
    shown = ", ".join(f"{g:.2f}" for g in white.gains_bgr)
    neutral = WhiteReference("none", table, (1.0, 1.0, 1.0), white.brightness)
    return neutral, (
        f"no --white card given, and the table is too coloured to estimate the light (it "
        f"would need gains B, G, R = {shown}): white balance left off; give --white"
    )


def _zones(request: MeasureRequest, table: Polygon) -> tuple[PlayerZone, ...]:
    if request.zone_count is not None and request.zones:
        raise MeasureError("give either a zone count or named zones, not both")
    if request.zone_count is not None:
        return tuple(PlayerZone(n, p) for n, p in zones.sector_zones(table, request.zone_count))
    out = []
    for name, rect in request.zones:
        checks.check_zone_name(name, "--zone")
        out.append(PlayerZone(name, zones.clipped_zone(name, rect, table)))
    return tuple(out)


def measure_source(
    source: FrameSource, request: MeasureRequest, frames: int = 10, **grab: Any
) -> Measured:
    grabbed = grab_still(source, frames, **grab)
    measured = measure(median_frame(grabbed.frames), request)
    if grabbed.still:
        return measured
    moved = (
        f"the picture did not hold still for {frames} frames in a row (a hand over the table, "
        "or a die rolling?)"
    )
    return replace(measured, doubts=(moved, *measured.doubts))
