"""Die looks: body colour per class, finish (solid, marbled, translucent), pips.

Hue ranges (HSV degrees, s and v in 0..1), chosen with gaps so that a person always names the
class from the body alone; pink and teal sit in the gaps and are labelled `other`:

| class  | hue        | saturation | value      | notes                                        |
|--------|------------|------------|------------|----------------------------------------------|
| red    | 352..6     | 0.75..1    | 0.38..0.95 | maroon to bright red                         |
| orange | 18..30     | 0.85..1    | 0.85..1    | never dark (dark orange reads brown: other)  |
| yellow | 47..60     | 0.7..1     | 0.85..1    | golden to lemon                              |
| green  | 100..150   | 0.5..1     | 0.3..0.9   | lime-free: forest to emerald                 |
| blue   | 208..238   | 0.5..1     | 0.3..1     | navy to light blue                           |
| purple | 264..290   | 0.45..0.95 | 0.3..0.8   | violet to plum                               |
| black  | any        | 0..0.4     | 0.04..0.16 | incl. smoky translucent                      |
| white  | 35..60     | 0..0.15    | 0.84..1    | paper white to ivory                         |
| other  | see below  |            |            | two-class marble, clear, wood, metal         |

`other` also takes teal (hue 172..190) and pink (318..338), the gaps between classes.

Marbling inside a class mixes two tones of that class; two-class marbles are `other`. Every face
of a marble shows its second tone over about `marble` (0.3..0.6) of its flat middle
(`face.marble_mask`): a face of one tone alone would be a plain die to anyone who saw it.
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.colour_face import FACE_COLOURS
from vision.types import COLOURS, Colour

BGR = tuple[float, float, float]

PIP_COLOURS: dict[str, BGR] = {
    "white": (0.93, 0.94, 0.94),
    "black": (0.05, 0.05, 0.05),
    "red": (0.08, 0.08, 0.78),
    "yellow": (0.1, 0.85, 0.95),
    "gold": (0.22, 0.62, 0.82),
    "blue": (0.7, 0.25, 0.08),
    "green": (0.2, 0.6, 0.1),
    "silver": (0.72, 0.72, 0.7),
    # Gold glitter paint (table looks only): sparkles drawn over it in `face`.
    "glitter": (0.3, 0.68, 0.86),
}

# Pip colours per body class with weights; pips never share the body's class.
PIP_CHOICES: dict[Colour, dict[str, float]] = {
    Colour.RED: {"white": 6, "black": 1.5, "yellow": 1, "gold": 1.5},
    Colour.ORANGE: {"black": 4, "white": 3, "blue": 0.5},
    Colour.YELLOW: {"black": 5, "red": 2, "blue": 1, "white": 0.7},
    Colour.GREEN: {"white": 5, "yellow": 2, "black": 1.5, "gold": 1.5},
    Colour.BLUE: {"white": 6, "yellow": 1.5, "red": 1.5, "gold": 1.5, "silver": 0.5},
    Colour.PURPLE: {"white": 5, "gold": 2, "yellow": 1.5, "silver": 0.5},
    Colour.BLACK: {"white": 5, "red": 2.5, "yellow": 1.5, "gold": 1.5, "green": 1, "blue": 1},
    Colour.WHITE: {"black": 6, "red": 1.5, "blue": 1.5, "green": 1},
    Colour.OTHER: {"white": 3, "black": 3, "red": 1.5, "gold": 1.5, "yellow": 1},
}


@dataclass(frozen=True)
class DieStyle:
    """Everything that makes one die (or one set of dice) look the way it does. Sizes are
    fractions of the face edge; `seed` fixes its marbling and pip wobble."""

    colour: Colour
    body: BGR
    second: BGR
    marble: float
    opacity: float
    gloss: float
    pip_name: str
    pip: BGR
    pip_radius: float
    pip_spacing: float
    pip_aspect: float
    corner: float
    big_one: float
    one_red: bool
    grain: bool
    finish: str
    seed: int
    blank: bool = False
    # Share of glitter flakes in the plastic (0: none); only the table looks use it.
    glitter: float = 0.0
    # A two-class marble's classes, "blue+black" in the reader's colour order; else empty.
    blend: str = ""
    # A colour-face die (the flyer game's): the colour painted on face 1..6, no pips; else empty.
    faces: tuple[Colour, ...] = ()
    face_tones: tuple[BGR, ...] = ()
    # Odd dice (issue 43; game-night fixtures only, `odd_faces`): the marks instead of round pips
    # ("" round pips, or one of `odd_faces.MARKS`), a maker's logo (one of `odd_faces.LOGOS`) in
    # place of the pips of face `logo_on` (1 or 6; 0 none), and pips drilled and filled level with
    # a see-through body (`flush`: no dark recess, the far face's pips seen through the body).
    marks: str = ""
    logo: str = ""
    logo_on: int = 0
    flush: bool = False
    # With marks "glyphs", what face 1..6 shows instead of pips: six marks (letters, signs), drawn
    # like numerals; training photos for the face signature only (`models.training.signature`).
    glyphs: str = ""

    @property
    def tone_distance(self) -> float:
        """How far apart its two tones are (`tone_distance`); 0 for a die of one tone."""
        return tone_distance(self.body, self.second)


def tone_distance(a: BGR, b: BGR) -> float:
    """CIE 1976 colour difference (Delta E, L*a*b*) of two BGR tones in 0..1: about 2 is the
    least a person notices, 50 and more are plainly two colours."""
    lab = cv2.cvtColor(np.array([[a, b]], np.float32), cv2.COLOR_BGR2LAB)[0]
    return float(np.linalg.norm(lab[0] - lab[1]))


def hsv(h_deg: float, s: float, v: float) -> BGR:
    r, g, b = colorsys.hsv_to_rgb((h_deg % 360.0) / 360.0, s, v)
    return (b, g, r)


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


HueSampler = Callable[[np.random.Generator], BGR]

_CLASS_TONES: dict[Colour, HueSampler] = {
    Colour.RED: lambda r: hsv(_u(r, -8, 6), _u(r, 0.75, 1), _u(r, 0.38, 0.95)),
    Colour.ORANGE: lambda r: hsv(_u(r, 18, 30), _u(r, 0.85, 1), _u(r, 0.85, 1)),
    Colour.YELLOW: lambda r: hsv(_u(r, 47, 60), _u(r, 0.7, 1), _u(r, 0.85, 1)),
    Colour.GREEN: lambda r: hsv(_u(r, 100, 150), _u(r, 0.5, 1), _u(r, 0.3, 0.9)),
    Colour.BLUE: lambda r: hsv(_u(r, 208, 238), _u(r, 0.5, 1), _u(r, 0.3, 1)),
    Colour.PURPLE: lambda r: hsv(_u(r, 264, 290), _u(r, 0.45, 0.95), _u(r, 0.3, 0.8)),
    Colour.BLACK: lambda r: hsv(_u(r, 0, 360), _u(r, 0, 0.4), _u(r, 0.04, 0.16)),
    Colour.WHITE: lambda r: hsv(_u(r, 35, 60), _u(r, 0, 0.15), _u(r, 0.84, 1)),
}
CHROMATIC = (Colour.RED, Colour.ORANGE, Colour.YELLOW, Colour.GREEN, Colour.BLUE, Colour.PURPLE)


def class_tone(rng: np.random.Generator, colour: Colour) -> BGR:
    """One body tone of a named class (not `other`)."""
    return _CLASS_TONES[colour](rng)


OtherLook = tuple[BGR, BGR, float, float, bool, str, str]


def _other_look(rng: np.random.Generator) -> OtherLook:
    """(body, second, marble, opacity, grain, finish, blend) of a die that belongs to no class."""
    kind = rng.choice(["marble", "clear", "wood", "metal", "teal", "pink"], p=_OTHER_P)
    if kind == "marble":
        a, b = rng.choice(len(_MARBLE_CLASSES), size=2, replace=False)
        first, second = _MARBLE_CLASSES[a], _MARBLE_CLASSES[b]
        tone = class_tone(rng, first)
        blend = "+".join(c.value for c in sorted((first, second), key=COLOURS.index))
        return tone, class_tone(rng, second), _u(rng, 0.35, 0.6), 1.0, False, "marbled", blend
    if kind == "clear":
        tone = hsv(_u(rng, 0, 360), _u(rng, 0, 0.08), _u(rng, 0.8, 0.95))
        return tone, tone, 0.0, _u(rng, 0.35, 0.55), False, "translucent", ""
    if kind == "wood":
        light = hsv(_u(rng, 22, 34), _u(rng, 0.45, 0.7), _u(rng, 0.45, 0.7))
        dark = tuple(c * 0.7 for c in light)
        return light, (dark[0], dark[1], dark[2]), 0.0, 1.0, True, "wood", ""
    if kind == "metal":
        grey = hsv(_u(rng, 30, 220), _u(rng, 0, 0.08), _u(rng, 0.45, 0.7))
        return grey, grey, 0.0, 1.0, False, "metal", ""
    hue = _u(rng, 172, 190) if kind == "teal" else _u(rng, 318, 338)
    sat = _u(rng, 0.6, 1) if kind == "teal" else _u(rng, 0.3, 0.7)
    val = _u(rng, 0.4, 0.9) if kind == "teal" else _u(rng, 0.8, 1)
    tone = hsv(hue, sat, val)
    return tone, tone, 0.0, 1.0, False, "solid", ""


_OTHER_P = np.array([0.45, 0.12, 0.13, 0.12, 0.09, 0.09])
_MARBLE_CLASSES = (*CHROMATIC, Colour.BLACK, Colour.WHITE)


def _class_look(rng: np.random.Generator, colour: Colour) -> tuple[BGR, BGR, float, float, str]:
    body = class_tone(rng, colour)
    roll = rng.random()
    if roll < 0.18:
        second = class_tone(rng, colour)
        return body, second, _u(rng, 0.3, 0.6), 1.0, "marbled"
    if roll < 0.36 and colour is not Colour.WHITE:
        return body, body, 0.0, _u(rng, 0.55, 0.8), "translucent"
    return body, body, 0.0, 1.0, "solid"


def luminance(c: BGR) -> float:
    return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]


def _pip_name(rng: np.random.Generator, colour: Colour, body: BGR) -> str:
    choices = dict(PIP_CHOICES[colour])
    lum = luminance(body)
    if lum < 0.3:
        choices.pop("black", None)
    if lum > 0.7:
        for light in ("white", "silver", "yellow"):
            choices[light] = choices.get(light, 0) * 0.1
    names = list(choices)
    weights = np.array([choices[n] for n in names], dtype=float)
    return str(rng.choice(names, p=weights / weights.sum()))


def sample_style(rng: np.random.Generator, colour: Colour) -> DieStyle:
    """A random die of the given body class."""
    grain, blend = False, ""
    if colour is Colour.OTHER:
        body, second, marble, opacity, grain, finish, blend = _other_look(rng)
    else:
        body, second, marble, opacity, finish = _class_look(rng, colour)
    pip_name = _pip_name(rng, colour, body)
    spacing = _u(rng, 0.23, 0.29)
    return DieStyle(
        colour=colour,
        body=body,
        second=second,
        marble=marble,
        opacity=opacity,
        gloss=_u(rng, 0.05, 0.9) if finish != "wood" else _u(rng, 0.0, 0.15),
        pip_name=pip_name,
        pip=PIP_COLOURS[pip_name],
        pip_radius=_u(rng, 0.075, min(0.122, spacing / 2.2)),
        pip_spacing=spacing,
        pip_aspect=_u(rng, 0.9, 1.0),
        corner=_u(rng, 0.07, 0.2),
        big_one=_u(rng, 1.0, 1.9) if rng.random() < 0.4 else 1.0,
        one_red=colour is Colour.WHITE and rng.random() < 0.2,
        grain=grain,
        finish=finish,
        seed=int(rng.integers(0, 2**31 - 1)),
        blend=blend,
    )


# The flyer game's six face colours (`companion.games.flyer.colours`), as painted on its dice.
FLYER_FACES = FACE_COLOURS
# Face paint per colour: hue bands well inside the body classes above; white is a bright grey
# so the painted square still shows on the white body's rim.
_FACE_PAINT: dict[Colour, HueSampler] = {
    Colour.RED: lambda r: hsv(_u(r, -5, 4), _u(r, 0.8, 1), _u(r, 0.6, 0.9)),
    Colour.PURPLE: lambda r: hsv(_u(r, 268, 286), _u(r, 0.55, 0.85), _u(r, 0.4, 0.7)),
    Colour.BLUE: lambda r: hsv(_u(r, 212, 232), _u(r, 0.7, 1), _u(r, 0.5, 0.9)),
    Colour.GREEN: lambda r: hsv(_u(r, 110, 145), _u(r, 0.6, 1), _u(r, 0.4, 0.75)),
    Colour.YELLOW: lambda r: hsv(_u(r, 48, 58), _u(r, 0.8, 1), _u(r, 0.85, 1)),
    Colour.WHITE: lambda r: hsv(_u(r, 35, 60), _u(r, 0, 0.08), _u(r, 0.9, 1)),
}


def colour_face_style(rng: np.random.Generator) -> DieStyle:
    """A die of the flyer game: a white body whose six faces are each painted one of the
    game's colours (a different one per face, in a random order), without pips."""
    order = tuple(FLYER_FACES[int(i)] for i in rng.permutation(len(FLYER_FACES)))
    body = class_tone(rng, Colour.WHITE)
    return DieStyle(
        colour=Colour.WHITE,
        body=body,
        second=body,
        marble=0.0,
        opacity=1.0,
        gloss=_u(rng, 0.05, 0.6),
        pip_name="black",
        pip=PIP_COLOURS["black"],
        pip_radius=0.1,
        pip_spacing=0.26,
        pip_aspect=1.0,
        corner=_u(rng, 0.07, 0.16),
        big_one=1.0,
        one_red=False,
        grain=False,
        finish="solid",
        seed=int(rng.integers(0, 2**31 - 1)),
        blank=True,
        faces=order,
        face_tones=tuple(_FACE_PAINT[c](rng) for c in order),
    )
