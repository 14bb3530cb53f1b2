"""The six colours of the flyer game: of the dice faces, the markers and the spaces."""

from __future__ import annotations

from enum import StrEnum


class Hue(StrEnum):
    RED = "red"
    PURPLE = "purple"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    WHITE = "white"


# The marker stack at the start, bottom to top (the text's preparation, step 2).
STACK_ORDER = (Hue.WHITE, Hue.YELLOW, Hue.GREEN, Hue.BLUE, Hue.PURPLE, Hue.RED)
# Ruling 1: the sorted throws go to these colours, lowest first.
VALUE_ORDER = tuple(reversed(STACK_ORDER))


class HueError(ValueError):
    """A word that names none of the six colours."""


def parse_hue(text: str) -> Hue:
    try:
        return Hue(text.strip().lower())
    except ValueError:
        names = ", ".join(h.value for h in Hue)
        raise HueError(f"{text!r} is not one of the six colours ({names})") from None


def words(hues: tuple[Hue, ...] | list[Hue]) -> str:
    return ", ".join(h.value for h in hues) if hues else "none"
