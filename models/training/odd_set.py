"""Odd dice for training (issue 43): photos of game nights like `models.render.odd_night`'s, from
seeds and looks that no evaluation night draws.

The evaluation nights (`odd_night ... --seed 4300`, nights 1 to 3) stay never seen: training
nights start at `ODD_SEED`, far from any seed a night of those takes. Two looks stay out of
training altogether, so that a figure on them says how far the finder carries what it learnt to
a look it never saw: the skull pips (`HELD_KIND`) and the swirl logo (`HELD_LOGO`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from models.render.dataset import WrittenSet, write_scenes
from models.render.odd_faces import LOGOS
from models.render.odd_night import KINDS, draw_odd_night
from models.render.values import RenderedScene

ODD_SEED = 20_000
ODD_THROWS = 24  # photos a night, as the evaluation nights
HELD_KIND = "skulls"
HELD_LOGO = "swirl"
TRAINED_KINDS = tuple(kind for kind in KINDS if kind != HELD_KIND)
TRAINED_LOGOS = tuple(logo for logo in LOGOS if logo != HELD_LOGO)


def night_plan(photos: int, kinds: tuple[str, ...] = TRAINED_KINDS) -> list[tuple[str, int, str]]:
    """(kind, night, logo) for each night the set needs: `kinds` in turn, each kind's nights
    numbered from 0, the logo kinds going through the trained logo shapes."""
    held = set(kinds) - set(TRAINED_KINDS)
    if held or not kinds:
        raise ValueError(f"kinds must be some of {', '.join(TRAINED_KINDS)}, got {kinds!r}")
    nights = -(-photos // ODD_THROWS)
    plan = []
    for n in range(nights):
        kind, index = kinds[n % len(kinds)], n // len(kinds)
        plan.append((kind, index, TRAINED_LOGOS[(n + index) % len(TRAINED_LOGOS)]))
    return plan


def odd_photos(
    photos: int, seed: int, size: tuple[int, int], kinds: tuple[str, ...] = TRAINED_KINDS
) -> Iterator[RenderedScene]:
    """The first `photos` photos of the training nights, night after night."""
    left = photos
    for kind, index, logo in night_plan(photos, kinds):
        night = draw_odd_night(kind, seed, ODD_THROWS, size, index, logo)
        for scene in night.photos:
            if left == 0:
                return
            left -= 1
            yield scene


def write_odd_set(
    out: Path,
    photos: int,
    seed: int,
    size: tuple[int, int],
    kinds: tuple[str, ...] = TRAINED_KINDS,
) -> WrittenSet:
    """`photos` training photos of odd dice of `kinds` into `out` (which must not hold a set)."""
    if not 1 <= photos <= 1_000_000:
        raise ValueError(f"photos must be 1..1000000, got {photos!r}")
    if seed < ODD_SEED:
        raise ValueError(f"seed {seed} is below {ODD_SEED}: evaluation nights draw from there")
    scenes = odd_photos(photos, seed, size, kinds)
    return write_scenes(out, ((f"{i:06d}", scene) for i, scene in enumerate(scenes)))
