"""Colour-face dice (the flyer game's): a die whose faces are painted colours, not pips.

The reader's pip head was trained on pip dice only and calls these dice "not a die". The
shipped reader carries a face head (`face` output, fitted on rendered flyer tables by
`python -m models.training.heads`): where the file has one, `face_head_die` decides from it.
A reader file without it falls back on the classical check below, which looks again at a
candidate the network turned down: a colour-face die's top face is one near-uniform painted
square (no pips) on a white body. The square's colour is read against the die's own white
body, which carries the same lamp cast, and named by hue band:

| colour | hue (degrees, after the body's white is made neutral) | saturation |
|--------|--------------------------------------------------------|------------|
| white  | any                                                    | under 0.22 |
| red    | 335..22                                                | 0.3 and up |
| yellow | 38..75                                                 | 0.3 and up |
| green  | 85..170                                                | 0.3 and up |
| blue   | 185..250                                               | 0.3 and up |
| purple | 260..325                                               | 0.3 and up |

Between the bands (and between white's and the colours' saturations) a face is ambiguous: its
probability falls towards 0.5 there and the die is reported unsure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np
import numpy.typing as npt

from vision.types import BoxXYXY, Colour, Die

# The flyer game's six face colours, in the order of the reader's face head (`face` output,
# after its "no colour face" column) and of the renderer's paint (`models.render.palette`).
FACE_COLOURS: tuple[Colour, ...] = (
    Colour.RED,
    Colour.PURPLE,
    Colour.BLUE,
    Colour.GREEN,
    Colour.YELLOW,
    Colour.WHITE,
)
# (colour, first hue, last hue) in degrees; red wraps round 0.
HUE_BANDS: tuple[tuple[Colour, float, float], ...] = (
    (Colour.RED, 335.0, 22.0),
    (Colour.YELLOW, 38.0, 75.0),
    (Colour.GREEN, 85.0, 170.0),
    (Colour.BLUE, 185.0, 250.0),
    (Colour.PURPLE, 260.0, 325.0),
)
WHITE_BELOW, COLOURED_FROM = 0.22, 0.3
# Hue degrees past a band's edge (or saturation past its bar) at which a face is sure.
HUE_MARGIN, SAT_MARGIN = 8.0, 0.08
MIDDLE = 0.2  # the face's middle: this share of the box's side either way of its centre
SHIFT = 0.12  # windows tried off the centre, as a share of the box's side
SHIFTS = ((0.0, 0.0), (SHIFT, 0.0), (-SHIFT, 0.0), (0.0, SHIFT), (0.0, -SHIFT))
# Pips: pixels this much darker or lighter (L*) than the paint; a colour face has under MARKS.
# The middle sees the centre pip of 1, 3 and 5, not the pips of 2, 4 and 6: those dice the
# network reads as pip dice before this stage looks (a wider middle or a lower bar lost a
# quarter to a half of the rendered colour-face dice to their white rim and glare).
PIP_CONTRAST, MARKS = 25.0, 0.08
SAME_PAINT = 14.0  # Delta E (L*a*b*) from the middle's median within which a pixel is paint
UNIFORM_FROM, UNIFORM_SURE = 0.8, 0.93  # paint share: a colour face from, a sure one from
# The body: the box's greyest bright tone is at most this coloured (L*a*b* chroma) under the
# renderer's lamps; no flyer face is darker than DARKEST (its brightest channel, cast taken off).
BODY_CHROMA, DARKEST = 30.0, 0.25


@dataclass(frozen=True, slots=True)
class FaceReading:
    """What the middle of a candidate shows: whether it is a colour face, its colour, and the
    probability of each (0..1)."""

    is_colour_face: bool
    face_probability: float
    colour: Colour
    colour_probability: float


def read_face(frame_bgr: npt.NDArray[np.uint8], box: BoxXYXY) -> FaceReading | None:
    """The face reading of the die in `box`, or None when the box is too small to tell."""
    x1, y1, x2, y2 = box
    patch = frame_bgr[y1:y2, x1:x2]
    if min(patch.shape[:2]) < 8:
        return None
    middle, share, paint = _best_middle(patch)
    white = _body_white(patch)
    face_p = float(np.clip((share - UNIFORM_FROM) / (UNIFORM_SURE - UNIFORM_FROM), 0.0, 1.0))
    neutral = _neutral(paint, white)
    colour, colour_p = name_colour(neutral)
    painted = share >= UNIFORM_FROM and _marks(middle, paint) < MARKS
    painted = painted and _grey(white) and max(neutral) >= DARKEST
    return FaceReading(painted, 0.5 + 0.5 * face_p, colour, colour_p)


def _marks(middle: npt.NDArray[np.uint8], paint: npt.NDArray[np.float32]) -> float:
    """Share of the middle much darker or lighter than the paint: pips (or glare)."""
    bgr = np.concatenate([middle.reshape(-1, 3).astype(np.float32) / 255.0, paint[None]])
    lightness = cv2.cvtColor(bgr.reshape(-1, 1, 3), cv2.COLOR_BGR2LAB)[:, 0, 0]
    return float((np.abs(lightness[:-1] - lightness[-1]) > PIP_CONTRAST).mean())


def _grey(white: npt.NDArray[np.float32]) -> bool:
    """Whether the box's greyest bright tone can be a white body under a lamp, not the lighter
    shade of a blank coloured cube."""
    lab = cv2.cvtColor(white.reshape(1, 1, 3), cv2.COLOR_BGR2LAB)[0, 0]
    return float(np.hypot(lab[1], lab[2])) <= BODY_CHROMA


def _best_middle(
    patch: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint8], float, npt.NDArray[np.float32]]:
    """The window of the box most of one paint, its paint share and paint. A die seen at a
    slant has its top face off the box's centre (its side faces fill one edge of the box), so
    the centre and four windows shifted towards the edges are tried."""
    windows = [_middle(patch, dx, dy) for dx, dy in SHIFTS]
    return max(((w, *_paint_share(w)) for w in windows), key=lambda seen: seen[1])


def _middle(
    patch: npt.NDArray[np.uint8], dx: float = 0.0, dy: float = 0.0
) -> npt.NDArray[np.uint8]:
    h, w = patch.shape[:2]
    side = max(h, w)
    r = max(2.0, MIDDLE * side)
    cy, cx = h / 2.0 + dy * side, w / 2.0 + dx * side
    return patch[
        max(0, int(cy - r)) : int(np.ceil(cy + r)), max(0, int(cx - r)) : int(np.ceil(cx + r))
    ]


def _paint_share(middle: npt.NDArray[np.uint8]) -> tuple[float, npt.NDArray[np.float32]]:
    """Share of the middle's pixels of one paint (pips, glare and edges are not), and the
    paint's median BGR (0..1)."""
    bgr = middle.reshape(-1, 1, 3).astype(np.float32) / 255.0
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB).reshape(-1, 3)
    centre = np.median(lab, axis=0)
    near = np.linalg.norm(lab - centre, axis=1) < SAME_PAINT
    paint = bgr.reshape(-1, 3)[near] if near.any() else bgr.reshape(-1, 3)
    return float(near.mean()), np.asarray(np.median(paint, axis=0), np.float32)


def _body_white(patch: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    """The die's white body, as the lamp shows it (BGR 0..1): of the box's brighter pixels, the
    least coloured tenth (a yellow face can be brighter than the body, never greyer)."""
    bgr = patch.reshape(-1, 3).astype(np.float32) / 255.0
    lum = bgr @ np.array([0.114, 0.587, 0.299], np.float32)
    bright = bgr[lum >= np.quantile(lum, 0.3)]
    chroma = bright.max(axis=1) - bright.min(axis=1)
    grey = bright[chroma <= np.quantile(chroma, 0.1)]
    return np.asarray(np.median(grey, axis=0), np.float32)


def _neutral(colour: npt.NDArray[np.float32], white: npt.NDArray[np.float32]) -> tuple[float, ...]:
    """`colour` with the lamp's cast taken off, as `white` shows the cast."""
    gains = float(white.mean()) / np.maximum(white, 1e-3)
    out = np.clip(colour * gains, 0.0, 1.0)
    return tuple(float(v) for v in out)


def name_colour(bgr: tuple[float, ...]) -> tuple[Colour, float]:
    """The flyer colour of a neutral BGR tone (0..1) and how sure that name is (0.5..1)."""
    hsv = cv2.cvtColor(np.array([[bgr]], np.float32), cv2.COLOR_BGR2HSV)[0, 0]
    hue, sat = float(hsv[0]), float(hsv[1])
    if sat < WHITE_BELOW:
        return Colour.WHITE, _sure((WHITE_BELOW - sat) / SAT_MARGIN)
    colour, margin = _hue_band(hue)
    if sat < COLOURED_FROM:
        margin = min(margin, (sat - COLOURED_FROM) / SAT_MARGIN * HUE_MARGIN)
    return colour, _sure(margin / HUE_MARGIN)


def _hue_band(hue: float) -> tuple[Colour, float]:
    """The band nearest `hue` and how far inside it the hue lies (negative: outside)."""
    best, best_margin = Colour.RED, -360.0
    for colour, lo, hi in HUE_BANDS:
        width = (hi - lo) % 360.0
        into = (hue - lo) % 360.0
        margin = min(into, width - into) if into <= width else -min(into - width, 360.0 - into)
        if margin > best_margin:
            best, best_margin = colour, margin
    return best, best_margin


def _sure(x: float) -> float:
    """0.5 at a band's edge (or outside it), 1 once `x` reaches 1."""
    return float(0.5 + 0.5 * np.clip(x, 0.0, 1.0))


class FaceSettings(Protocol):
    """What `colour_face_die` needs of the reader's settings (`vision.reader.ReaderConfig`)."""

    @property
    def unsure_below(self) -> float: ...

    @property
    def colour_face_min_score(self) -> float: ...


def colour_face_die(
    frame_bgr: npt.NDArray[np.uint8], box: BoxXYXY, score: float, config: FaceSettings
) -> list[Die]:
    """The colour-face die in `box` (a list of one), or none when it is not one. Its confidence
    is found as a pip die's: the least of how sure the face is painted, how sure its colour is
    and the finder's score plus 0.5; below `unsure_below` it is unsure."""
    if score < config.colour_face_min_score:
        return []
    face = read_face(frame_bgr, box)
    if face is None or not face.is_colour_face:
        return []
    conf = float(min(face.face_probability, face.colour_probability, score + 0.5, 1.0))
    unsure = conf < config.unsure_below
    return [Die(face.colour, 1, conf, box, unsure, face_colour=face.colour)]


def face_head_die(
    face_p: npt.NDArray[np.float32], box: BoxXYXY, score: float, config: FaceSettings
) -> Die | None:
    """The colour-face die the reader's face head sees in `box` (`face_p`: "no colour face",
    then `FACE_COLOURS`), or None where it sees none. Its confidence is the least of how sure
    the head is of a painted face, of its colour given one, and the finder's score plus 0.5."""
    painted = 1.0 - float(face_p[0])
    if score < config.colour_face_min_score or painted <= 0.5:
        return None
    k = int(np.argmax(face_p[1:]))
    colour = FACE_COLOURS[k]
    conf = float(min(painted, float(face_p[1 + k]) / painted, score + 0.5, 1.0))
    return Die(colour, 1, conf, box, conf < config.unsure_below, face_colour=colour)
