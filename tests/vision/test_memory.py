"""The table memory's arithmetic: signatures, the vote of the nearest confirmed dice, and how far
it moves the network's reading."""

from __future__ import annotations

import numpy as np
import pytest

from vision import memory as mem
from vision.palette import pick_colour
from vision.types import COLOURS, Colour

SETTINGS = mem.MemorySettings()


def _crop(bgr: tuple[int, int, int]) -> np.ndarray:
    crop = np.zeros((48, 48, 3), np.uint8)
    crop[:] = bgr
    return crop


def _unit(*values: float) -> tuple[float, ...]:
    v = np.asarray(values, np.float64)
    return tuple(float(x) for x in v / np.linalg.norm(v))


def test_signatures_are_unit_length_and_tell_colours_apart() -> None:
    crops = np.stack([_crop((30, 30, 200)), _crop((200, 60, 30)), _crop((30, 30, 205))])
    sigs = mem.signatures(np.ones((3, 64), np.float32), crops)
    assert np.allclose(np.linalg.norm(sigs, axis=1), 1.0, atol=1e-5)
    red, blue, red_again = sigs
    assert red @ red_again > 0.99
    assert red @ blue < 0.8


@pytest.mark.parametrize(
    ("nearest", "trust"),
    [(1.0, 1.0), (0.97, 1.0), (0.91, 0.5), (0.85, 0.0), (0.5, 0.0)],
)
def test_trust_grows_with_the_nearest_confirmed_die(nearest: float, trust: float) -> None:
    memory = mem.TableMemory.of([mem.Confirmed(_unit(1, 0), Colour.BLUE, 3)])
    probe = np.asarray([[nearest, np.sqrt(1 - nearest**2)]], np.float32)
    told = mem.recall(memory, probe, SETTINGS)
    assert told.trust[0] == pytest.approx(trust, abs=0.02)


def _network(colour: Colour, p: float = 0.7) -> tuple[np.ndarray, np.ndarray]:
    colour_p = np.full((1, len(COLOURS)), (1 - p) / (len(COLOURS) - 1), np.float32)
    colour_p[0, COLOURS.index(colour)] = p
    pips_p = np.asarray([[0.05, 0.05, 0.7, 0.05, 0.05, 0.05, 0.05]], np.float32)
    return pips_p, colour_p


def test_a_die_far_from_every_confirmed_die_keeps_the_networks_reading() -> None:
    memory = mem.TableMemory.of([mem.Confirmed(_unit(1, 0, 0), Colour.YELLOW, 2)])
    pips_p, colour_p = _network(Colour.OTHER)
    told = mem.recall(memory, np.asarray([_unit(0, 1, 0)], np.float32), SETTINGS)
    new_pips, new_colour = mem.combine(pips_p, colour_p, told)
    assert np.allclose(new_pips, pips_p) and np.allclose(new_colour, colour_p)


def test_a_die_like_a_confirmed_one_takes_its_colour() -> None:
    memory = mem.TableMemory.of([mem.Confirmed(_unit(1, 0, 0), Colour.YELLOW, 2)] * 3)
    pips_p, colour_p = _network(Colour.WHITE)
    told = mem.recall(memory, np.asarray([_unit(1, 0.05, 0)], np.float32), SETTINGS)
    _, new_colour = mem.combine(pips_p, colour_p, told)
    assert COLOURS[int(np.argmax(new_colour[0]))] is Colour.YELLOW
    assert new_colour[0].sum() == pytest.approx(1.0, abs=1e-5)


def test_a_die_like_removed_ones_is_not_a_die() -> None:
    memory = mem.TableMemory.of([mem.Confirmed(_unit(1, 0), None)] * 2)
    pips_p, colour_p = _network(Colour.RED, 0.9)
    told = mem.recall(memory, np.asarray([_unit(1, 0)], np.float32), SETTINGS)
    new_pips, new_colour = mem.combine(pips_p, colour_p, told)
    assert new_pips[0, 0] > 0.9  # "not a die"
    assert np.allclose(new_colour, colour_p)  # removed dice say nothing of colour
    assert new_pips[0].sum() == pytest.approx(1.0, abs=1e-5)


def test_an_empty_memory_or_other_signatures_say_nothing() -> None:
    probe = np.asarray([_unit(1, 0)], np.float32)
    assert mem.recall(mem.TableMemory.of([]), probe, SETTINGS).trust[0] == 0
    longer = mem.TableMemory.of([mem.Confirmed(_unit(1, 0, 0), Colour.RED)])
    assert mem.recall(longer, probe, SETTINGS).trust[0] == 0


def test_signatures_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="lengths"):
        mem.TableMemory.of([mem.Confirmed((1.0,), Colour.RED), mem.Confirmed((1.0, 0.0), None)])


def test_counts_name_colours_and_removed_dice() -> None:
    memory = mem.TableMemory.of(
        [mem.Confirmed(_unit(1, 0), Colour.RED), mem.Confirmed(_unit(0, 1), None)] * 2
    )
    assert memory.counts() == {"red": 2, "not a die": 2}


@pytest.mark.parametrize(("not_game", "expected"), [(False, Colour.BLUE), (True, Colour.OTHER)])
def test_backed_by_the_table_a_die_of_no_game_colour_is_not_a_game_die(
    not_game: bool, expected: Colour
) -> None:
    colour_p = np.zeros(len(COLOURS), np.float32)
    colour_p[COLOURS.index(Colour.GREEN)] = 0.8
    colour_p[COLOURS.index(Colour.BLUE)] = 0.2
    pick = pick_colour(colour_p, (Colour.RED, Colour.YELLOW, Colour.BLUE), not_game=not_game)
    assert pick.colour is expected
