"""Table looks: the dice of real game tables that the plain palette never drew (issue 21).

Drawn only where a scene asks for them (`SceneConfig.table_looks`), so that the older rendered
sets keep drawing what their seeds drew. Each look keeps the project's colour classes, as a
person labels the real dice (`dice-data/rune55-pxl-colour/colours_detail.csv`):

| class  | table looks                                                                   |
|--------|-------------------------------------------------------------------------------|
| red    | glitter red, deep translucent red                                             |
| orange | amber translucent on the orange side (hue 20..30), glitter orange             |
| yellow | pale cream yellow (saturation 0.22..0.5, still yellow), golden amber          |
|        | translucent (hue 40..50, the yellow side of amber)                            |
| green  | emerald marble, pale translucent green, glitter green                         |
| blue   | light-on-dark blue marble, glitter blue (often gold pips)                     |
| purple | glitter purple, violet marble                                                 |
| black  | smoky translucent (value <= 0.16), black glitter                              |
| white  | ivory and pearl with gold, glitter or black pips                              |
| other  | lime (hue 68..92), teal, magenta, white/blue, blue/purple, red/black,         |
|        | green/black and black/brown marbles (two classes: `other`)                    |

Amber between hue 30 and 40 is never drawn: a person could call it either. Pips of these dice
are often metal (gold, silver) or glitter, never of the body's own class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from models.render.palette import (
    BGR,
    PIP_COLOURS,
    DieStyle,
    class_tone,
    hsv,
    luminance,
    sample_style,
)
from vision.types import COLOURS, Colour

# (body, second, marble share, opacity, glitter, finish, blend)
Look = tuple[BGR, BGR, float, float, float, str, str]
LookMaker = Callable[[np.random.Generator], Look]


def _u(rng: np.random.Generator, lo: float, hi: float) -> float:
    return float(rng.uniform(lo, hi))


def _solid(tone: BGR, glitter: float = 0.0) -> Look:
    return tone, tone, 0.0, 1.0, glitter, "glitter" if glitter else "solid", ""


def _clear(tone: BGR, opacity: float) -> Look:
    return tone, tone, 0.0, opacity, 0.0, "translucent", ""


def _marble(a: BGR, b: BGR, share: float, blend: str = "") -> Look:
    return a, b, share, 1.0, 0.0, "marbled", blend


def _glitter(rng: np.random.Generator, colour: Colour) -> Look:
    return _solid(class_tone(rng, colour), _u(rng, 0.3, 1.0))


def _red(rng: np.random.Generator) -> Look:
    if rng.random() < 0.5:
        return _glitter(rng, Colour.RED)
    return _clear(hsv(_u(rng, -6, 4), _u(rng, 0.8, 1), _u(rng, 0.55, 0.85)), _u(rng, 0.5, 0.75))


def _orange(rng: np.random.Generator) -> Look:
    if rng.random() < 0.6:
        return _clear(hsv(_u(rng, 20, 30), _u(rng, 0.85, 1), _u(rng, 0.8, 1)), _u(rng, 0.45, 0.7))
    return _glitter(rng, Colour.ORANGE)


def _yellow(rng: np.random.Generator) -> Look:
    roll = rng.random()
    if roll < 0.55:  # pale cream: the "yellow read as white" dice
        return _solid(hsv(_u(rng, 45, 58), _u(rng, 0.22, 0.5), _u(rng, 0.88, 1)))
    if roll < 0.85:  # golden amber
        return _clear(hsv(_u(rng, 40, 50), _u(rng, 0.8, 1), _u(rng, 0.8, 1)), _u(rng, 0.45, 0.7))
    return _glitter(rng, Colour.YELLOW)


def _green(rng: np.random.Generator) -> Look:
    roll = rng.random()
    if roll < 0.4:
        dark = hsv(_u(rng, 130, 160), _u(rng, 0.6, 1), _u(rng, 0.25, 0.5))
        return _marble(dark, hsv(_u(rng, 120, 150), _u(rng, 0.3, 0.6), _u(rng, 0.7, 0.95)), 0.45)
    if roll < 0.7:
        return _clear(hsv(_u(rng, 105, 140), _u(rng, 0.4, 0.7), _u(rng, 0.7, 0.95)), 0.6)
    return _glitter(rng, Colour.GREEN)


def _blue(rng: np.random.Generator) -> Look:
    if rng.random() < 0.55:
        dark = hsv(_u(rng, 215, 238), _u(rng, 0.7, 1), _u(rng, 0.3, 0.6))
        light = hsv(_u(rng, 205, 225), _u(rng, 0.35, 0.6), _u(rng, 0.8, 1))
        return _marble(dark, light, _u(rng, 0.3, 0.5))
    return _glitter(rng, Colour.BLUE)


def _purple(rng: np.random.Generator) -> Look:
    if rng.random() < 0.5:
        return _glitter(rng, Colour.PURPLE)
    dark = hsv(_u(rng, 266, 286), _u(rng, 0.6, 0.95), _u(rng, 0.3, 0.5))
    return _marble(dark, hsv(_u(rng, 266, 286), _u(rng, 0.3, 0.5), _u(rng, 0.7, 0.9)), 0.4)


def _black(rng: np.random.Generator) -> Look:
    if rng.random() < 0.55:
        smoke = hsv(_u(rng, 0, 360), _u(rng, 0, 0.3), _u(rng, 0.08, 0.16))
        return _clear(smoke, _u(rng, 0.65, 0.85))
    return _solid(hsv(_u(rng, 0, 360), _u(rng, 0, 0.3), _u(rng, 0.05, 0.14)), _u(rng, 0.3, 0.8))


def _white(rng: np.random.Generator) -> Look:
    return _solid(hsv(_u(rng, 35, 60), _u(rng, 0.02, 0.12), _u(rng, 0.85, 1)))


def _pair(first: Colour, second: Colour) -> str:
    return "+".join(c.value for c in sorted((first, second), key=COLOURS.index))


_OTHER_MARBLES: tuple[tuple[Colour, Colour], ...] = (
    (Colour.WHITE, Colour.BLUE),
    (Colour.BLUE, Colour.PURPLE),
    (Colour.RED, Colour.BLACK),
    (Colour.GREEN, Colour.BLACK),
    (Colour.BLACK, Colour.RED),
)


def _other(rng: np.random.Generator) -> Look:
    roll = rng.random()
    if roll < 0.25:  # lime: the hue gap between yellow and green
        return _solid(hsv(_u(rng, 68, 92), _u(rng, 0.6, 1), _u(rng, 0.65, 1)))
    if roll < 0.35:
        return _solid(hsv(_u(rng, 172, 190), _u(rng, 0.6, 1), _u(rng, 0.45, 0.85)))
    if roll < 0.45:
        return _solid(hsv(_u(rng, 318, 338), _u(rng, 0.45, 0.9), _u(rng, 0.75, 1)))
    first, second = _OTHER_MARBLES[int(rng.integers(len(_OTHER_MARBLES)))]
    a, b = class_tone(rng, first), class_tone(rng, second)
    return _marble(a, b, _u(rng, 0.35, 0.55), _pair(first, second))


_LOOKS: dict[Colour, LookMaker] = {
    Colour.RED: _red,
    Colour.ORANGE: _orange,
    Colour.YELLOW: _yellow,
    Colour.GREEN: _green,
    Colour.BLUE: _blue,
    Colour.PURPLE: _purple,
    Colour.BLACK: _black,
    Colour.WHITE: _white,
    Colour.OTHER: _other,
}

# Metal and glitter pips are common on these dice; weights per pip for a light or dark body.
_PIPS_ON_DARK = {"gold": 3.0, "silver": 1.5, "glitter": 1.5, "white": 3.0, "yellow": 0.5}
_PIPS_ON_LIGHT = {"black": 4.0, "gold": 1.0, "glitter": 0.7, "red": 1.0, "blue": 1.0}
_PIP_CLASS = {"red": Colour.RED, "yellow": Colour.YELLOW, "blue": Colour.BLUE}


def table_pip(rng: np.random.Generator, colour: Colour, body: BGR) -> str:
    """A pip style for a table look: metal or glitter often, never the body's own class, and
    always far enough from the body in brightness to be read."""
    dark = luminance(body) < 0.5
    choices = dict(_PIPS_ON_DARK if dark else _PIPS_ON_LIGHT)
    for name, cls in _PIP_CLASS.items():
        if cls is colour:
            choices.pop(name, None)
    pale = luminance(body) > 0.7
    if pale or colour in (Colour.YELLOW, Colour.ORANGE):  # gold there hardly shows
        for name in ("gold", "glitter", "yellow"):
            choices.pop(name, None)
    names = list(choices)
    weights = np.array([choices[n] for n in names], dtype=float)
    return str(rng.choice(names, p=weights / weights.sum()))


def sample_table_style(rng: np.random.Generator, colour: Colour) -> DieStyle:
    """A die of the given class in one of the table looks (see the module's table)."""
    base = sample_style(rng, colour)
    body, second, marble, opacity, glitter, finish, blend = _LOOKS[colour](rng)
    pip = table_pip(rng, colour, body)
    return replace(
        base,
        body=body,
        second=second,
        marble=marble,
        opacity=opacity,
        glitter=glitter,
        finish=finish,
        blend=blend,
        grain=False,
        pip_name=pip,
        pip=PIP_COLOURS[pip],
        gloss=_u(rng, 0.3, 0.9),
    )
