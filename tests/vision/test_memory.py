"""The table memory's arithmetic: signatures, each kind's nearest remembered die, and how the
margins between kinds move the network's reading."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import blas
from vision import memory as mem
from vision.palette import pick_colour
from vision.reader import ReaderConfig
from vision.types import COLOURS, Colour

SETTINGS = mem.MemorySettings(
    far=0.8, colour_step=0.01, die_step=0.02
)  # the arithmetic, not the tuning


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


def _probe(similar: float) -> np.ndarray:
    """A signature `similar` alike to (1, 0, 0) and unlike (0, 0, 1)."""
    return np.asarray([[similar, np.sqrt(1 - similar**2), 0.0]], np.float32)


@pytest.mark.parametrize(
    ("nearest", "trust"),
    # Every other colour counts as `far` (0.8) alike: the margin is the nearest die's lead on it.
    [(1.0, 1.0), (0.85, 1 - np.exp(-5)), (0.81, 1 - np.exp(-1)), (0.8, 0.0), (0.5, 0.0)],
)
def test_trust_grows_with_the_nearest_colours_lead(nearest: float, trust: float) -> None:
    memory = mem.TableMemory.of([mem.Confirmed(_unit(1, 0, 0), Colour.BLUE, 3)])
    told = mem.recall(memory, _probe(nearest), SETTINGS)
    assert told.trust[0] == pytest.approx(trust, abs=0.01)


def _network(colour: Colour, p: float = 0.7, gone: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    colour_p = np.full((1, len(COLOURS)), (1 - p) / (len(COLOURS) - 1), np.float32)
    colour_p[0, COLOURS.index(colour)] = p
    faces = np.asarray([0.1, 0.5, 0.1, 0.1, 0.1, 0.1]) * (1 - gone)
    return np.asarray([[gone, *faces]], np.float32), colour_p


def _read(
    remembered: list[mem.Confirmed], probe: np.ndarray, network: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    told = mem.recall(mem.TableMemory.of(remembered), probe, SETTINGS)
    return mem.combine(*network, told)


YELLOW_DIE = mem.Confirmed(_unit(1, 0, 0), Colour.YELLOW, 2)
WHITE_DIE = mem.Confirmed(_unit(0, 0, 1), Colour.WHITE, 2)


@pytest.mark.parametrize(
    ("remembered", "probe"),
    [
        ([YELLOW_DIE], _probe(0.79)),  # unlike everything remembered
        ([YELLOW_DIE, WHITE_DIE], np.asarray([_unit(1, 0, 1)], np.float32)),  # unlike both
        ([], _probe(1.0)),  # nothing remembered
        ([mem.Confirmed(_unit(1, 0), Colour.RED)], _probe(1.0)),  # signatures of another length
    ],
)
def test_a_memory_with_no_margin_leaves_the_networks_reading_exactly(
    remembered: list[mem.Confirmed], probe: np.ndarray
) -> None:
    network = _network(Colour.OTHER, 0.6)
    new_pips, new_colour = _read(remembered, probe, network)
    assert np.array_equal(new_pips, network[0]) and np.array_equal(new_colour, network[1])


def test_kinds_equally_near_leave_the_choice_between_them_to_the_network() -> None:
    remembered = [
        mem.Confirmed(_unit(1, 0.3, 0), Colour.YELLOW),
        mem.Confirmed(_unit(1, -0.3, 0), Colour.WHITE),
    ]
    network = _network(Colour.WHITE, 0.6)
    _, new_colour = _read(remembered, np.asarray([_unit(1, 0, 0)], np.float32), network)
    yellow, white = COLOURS.index(Colour.YELLOW), COLOURS.index(Colour.WHITE)
    assert new_colour[0, white] / new_colour[0, yellow] == pytest.approx(
        network[1][0, white] / network[1][0, yellow], rel=1e-4
    )
    assert new_colour[0, yellow] + new_colour[0, white] > 0.99  # the colours far from it went


@pytest.mark.parametrize(
    ("network_p", "yellow_similar", "expected"),
    [
        # A sure but wrong network gives way where the memory is clearly nearer yellow...
        (0.99, 0.97, Colour.YELLOW),
        (0.7, 0.9, Colour.YELLOW),
        # ...and holds where the memory's lead is small against its certainty.
        (0.99, 0.82, Colour.WHITE),
    ],
)
def test_a_die_clearly_nearer_one_colour_takes_it(
    network_p: float, yellow_similar: float, expected: Colour
) -> None:
    _, new_colour = _read(
        [YELLOW_DIE, WHITE_DIE], _probe(yellow_similar), _network(Colour.WHITE, network_p)
    )
    assert COLOURS[int(np.argmax(new_colour[0]))] is expected
    assert new_colour[0].sum() == pytest.approx(1.0, abs=1e-5)


REMOVED = mem.Confirmed(_unit(1, 0, 0), None)


@pytest.mark.parametrize(
    ("remembered", "gone", "expected"),
    [
        ([REMOVED], 0.05, "dropped"),  # like a removed one, unlike any die
        ([REMOVED, YELLOW_DIE], 0.05, "kept"),  # as like a die as a removed one
        ([REMOVED, mem.Confirmed(_unit(1, 0.6, 0), Colour.RED)], 0.05, "dropped"),  # nearer removed
        (
            [YELLOW_DIE],
            0.6,
            "unchanged",
        ),  # the memory never vouches for what the network turned down
        ([REMOVED], 0.005, "kept"),  # a die the network is sure of past e^4 to 1 stays a die
    ],
)
def test_not_a_die_by_the_margin_over_every_die(
    remembered: list[mem.Confirmed], gone: float, expected: str
) -> None:
    network = _network(Colour.RED, 0.9, gone)
    new_pips, _ = _read(remembered, _probe(1.0), network)
    assert new_pips[0].sum() == pytest.approx(1.0, abs=1e-5)
    bar = ReaderConfig().not_a_die
    if expected == "dropped":
        assert new_pips[0, 0] > bar
    elif expected == "kept" and gone < 0.05:
        assert gone < new_pips[0, 0] < bar
    else:
        assert new_pips[0, 0] == pytest.approx(gone, abs=1e-6)


def test_signatures_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="lengths"):
        mem.TableMemory.of([mem.Confirmed((1.0,), Colour.RED), mem.Confirmed((1.0, 0.0), None)])


def test_a_memory_groups_its_dice_by_kind_and_counts_them() -> None:
    dice = [mem.Confirmed(_unit(0, 1), None), mem.Confirmed(_unit(1, 0), Colour.RED)] * 2
    memory = mem.TableMemory.of([*dice, mem.Confirmed(_unit(1, 1), Colour.BLUE)])
    assert memory.counts() == {"red": 2, "blue": 1, "not a die": 2}
    red, blue = COLOURS.index(Colour.RED), COLOURS.index(Colour.BLUE)
    assert memory.labels.tolist() == [red, red, blue, mem.NOT_A_DIE, mem.NOT_A_DIE]
    assert memory.kinds.tolist() == [red, blue, mem.NOT_A_DIE]
    assert memory.starts.tolist() == [0, 2, 3]
    assert np.allclose(memory.matrix[3], _unit(0, 1))


@pytest.mark.parametrize(("not_game", "expected"), [(False, Colour.BLUE), (True, Colour.OTHER)])
def test_backed_by_the_table_a_die_of_no_game_colour_is_not_a_game_die(
    not_game: bool, expected: Colour
) -> None:
    colour_p = np.zeros(len(COLOURS), np.float32)
    colour_p[COLOURS.index(Colour.GREEN)] = 0.8
    colour_p[COLOURS.index(Colour.BLUE)] = 0.2
    pick = pick_colour(colour_p, (Colour.RED, Colour.YELLOW, Colour.BLUE), not_game=not_game)
    assert pick.colour is expected


def test_colour_histograms_count_each_pixel_of_the_middle_in_its_bins() -> None:
    """The lookup-table histogram against the recipe pixel by pixel: a*b* on an 8 x 8 grid over
    64..192, lightness in 4 bins counted half, each over the crop's middle, square-rooted."""
    rng = np.random.default_rng(3)
    crops = rng.integers(0, 256, (4, 48, 48, 3), dtype=np.uint8)
    got = mem.colour_histograms(crops)
    lo, hi = 24 - 12, 24 + 12  # 48 * 0.6 / 1.25 = 23 pixels, rounded to 24
    for crop, row in zip(crops, got, strict=True):
        lab = cv2.cvtColor(np.ascontiguousarray(crop[lo:hi, lo:hi]), cv2.COLOR_BGR2LAB)
        want = np.zeros(68)
        for light, a, b in lab.reshape(-1, 3).astype(int):
            a_bin, b_bin = (min(max((v - 64) * 8 // 128, 0), 7) for v in (a, b))
            want[a_bin * 8 + b_bin] += 1
            want[64 + light * 4 // 256] += 0.5
        assert np.allclose(row, np.sqrt(want / (hi - lo) ** 2), atol=1e-6)


@pytest.mark.parametrize(("n", "d", "m"), [(1, 132, 1), (12, 132, 1000), (40, 132, 999), (3, 8, 0)])
def test_the_blocked_product_is_the_product(n: int, d: int, m: int) -> None:
    rng = np.random.default_rng(n * 1000 + m)
    sigs = rng.normal(size=(n, d)).astype(np.float32)
    columns = np.ascontiguousarray(rng.normal(size=(d, m)).astype(np.float32))
    got = blas.matmul(sigs, columns)
    assert got.shape == (n, m)
    assert np.allclose(got, sigs @ columns, atol=1e-4)
