"""The empty table: a board's own pieces are found again under other light and a camera's shake;
dice thrown on it never are; and the shipped reader, handed the picture, drops the phantoms a
rendered board gives it while keeping every die it read."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np
import numpy.typing as npt
import pytest

from vision.empty_table import EmptyTable, shrink

Image = npt.NDArray[np.uint8]
Box = tuple[float, float, float, float]
SIZE = (1280, 720)
TOKENS: tuple[Box, ...] = ((200, 200, 250, 250), (600, 300, 646, 346), (1000, 500, 1052, 552))
PLAIN: Box = (400, 560, 450, 610)  # a spot of bare felt
CARD: Box = (790, 120, 840, 170)  # a corner of a printed card


def _board() -> Image:
    """Felt with a printed board: coloured hexes, round number tokens, a card with text."""
    rng = np.random.default_rng(4)
    img = np.full((SIZE[1], SIZE[0], 3), (60, 110, 40), np.uint8)  # green felt
    for _ in range(40):
        cx, cy = int(rng.integers(100, 1180)), int(rng.integers(80, 640))
        pts = np.asarray(cv2.ellipse2Poly((cx, cy), (40, 40), 0, 0, 360, 60), np.int32)
        colour = tuple(int(v) for v in rng.integers(40, 220, 3))
        cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
    cv2.rectangle(img, (330, 520), (520, 660), (60, 110, 40), -1)  # keep the felt bare there
    for x1, y1, x2, y2 in TOKENS:
        centre, radius = (int(x1 + x2) // 2, int(y1 + y2) // 2), int(x2 - x1) // 2
        cv2.circle(img, centre, radius, (200, 225, 235), -1, cv2.LINE_AA)
        cv2.putText(img, "8", (centre[0] - 10, centre[1] + 10), 0, 1.0, (30, 30, 190), 2)
    cv2.rectangle(img, (760, 90), (960, 300), (235, 240, 245), -1)
    cv2.putText(img, "GOAL 12", (790, 160), 0, 0.9, (40, 40, 40), 2)
    return np.asarray(cv2.GaussianBlur(img, (3, 3), 0.8), np.uint8)


def _seen(board: Image, gain: float, offset: float, shift: tuple[float, float]) -> Image:
    """The board as a later frame sees it: another light, a shaken camera, sensor noise."""
    rng = np.random.default_rng(9)
    lit = board.astype(np.float32) * gain + offset + rng.normal(0, 2.0, board.shape)
    moved = np.asarray([[1, 0, shift[0]], [0, 1, shift[1]]], np.float32)
    size = (board.shape[1], board.shape[0])
    out = cv2.warpAffine(np.clip(lit, 0, 255).astype(np.uint8), moved, size)
    return np.asarray(out, np.uint8)


def _die(img: Image, box: Box, body: tuple[int, int, int], pip: tuple[int, int, int]) -> Image:
    """A die seen from above (five pips) with its soft shadow, drawn into a copy of the frame."""
    x1, y1, x2, y2 = (int(v) for v in box)
    flat = np.zeros(img.shape[:2], np.float32)
    cv2.rectangle(flat, (x1 - 4, y1 + 2), (x2 - 8, y2 + 4), 0.45, -1)
    shade = np.asarray(cv2.GaussianBlur(flat, (0, 0), 4), np.float32)[..., None]
    out = np.asarray(img.astype(np.float32) * (1.0 - shade), np.uint8)
    cv2.rectangle(out, (x1 + 3, y1 + 3), (x2 - 3, y2 - 3), body, -1, cv2.LINE_AA)
    step = (x2 - x1) // 4
    for dx, dy in ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)):
        cv2.circle(out, (x1 + dx * step, y1 + dy * step), max(2, step // 3), pip, -1)
    return out


EMPTY = EmptyTable.of(_board())
WHITE, RED, BLACK = (235, 235, 235), (40, 40, 200), (25, 25, 25)


@pytest.mark.parametrize(
    ("gain", "offset", "shift"),
    [(1.0, 0.0, (0.0, 0.0)), (0.7, 5.0, (1.0, -1.0)), (1.3, -5.0, (-2.0, 1.5))],
)
def test_the_boards_own_pieces_are_found_under_other_light_and_a_shake(
    gain: float, offset: float, shift: tuple[float, float]
) -> None:
    frame = _seen(_board(), gain, offset, shift)
    assert EMPTY.own(frame, [*TOKENS, CARD, PLAIN]).tolist() == [True] * 5


@pytest.mark.parametrize("where", [*TOKENS, CARD, PLAIN])
@pytest.mark.parametrize(("body", "pip"), [(WHITE, BLACK), (RED, WHITE), (BLACK, WHITE)])
def test_a_die_thrown_on_the_board_is_never_the_tables(
    where: Box, body: tuple[int, int, int], pip: tuple[int, int, int]
) -> None:
    frame = _die(_seen(_board(), 0.9, 5.0, (1.0, 0.0)), where, body, pip)
    assert EMPTY.own(frame, [where]).tolist() == [False]


@pytest.mark.parametrize(("body", "pip"), [(WHITE, BLACK), (BLACK, WHITE)])
def test_a_die_on_a_board_washed_out_to_white_is_never_the_tables(
    body: tuple[int, int, int], pip: tuple[int, int, int]
) -> None:
    """A picture patch with no pattern at all (clipped white) matches no patterned patch: the
    correlation there is only rounding."""
    white = np.full((SIZE[1], SIZE[0], 3), 255, np.uint8)
    where: Box = (600, 300, 650, 350)
    frame = _die(white, where, body, pip)
    assert EmptyTable.of(white).own(frame, [where]).tolist() == [False]


def test_a_die_beside_a_strong_edge_of_the_board_is_never_the_tables() -> None:
    """A dark square's edge runs through the patch, and the patch correlates with the board
    whatever lies on it; the die changes its own box, which decides."""
    board = np.full((SIZE[1], SIZE[0], 3), 240, np.uint8)
    board[:, :630] = (120, 60, 20)  # a dark blue square, its edge under the die
    where: Box = (615, 300, 665, 350)
    frame = _die(_seen(board, 1.05, 0.0, (1.0, 0.0)), where, WHITE, (200, 90, 40))
    assert EmptyTable.of(board).own(frame, [where]).tolist() == [False]
    assert EmptyTable.of(board).own(_seen(board, 1.05, 0.0, (1.0, 0.0)), [where]).all()


def test_frames_of_a_smaller_size_and_the_same_shape_are_compared() -> None:
    small = cv2.resize(_seen(_board(), 1.1, 0.0, (0.0, 0.0)), (640, 360))
    boxes: list[Box] = [(x1 / 2, y1 / 2, x2 / 2, y2 / 2) for x1, y1, x2, y2 in (*TOKENS, PLAIN)]
    assert EMPTY.own(np.asarray(small, np.uint8), boxes).all()


@pytest.mark.parametrize("size", [(720, 720), (1280, 1024)])
def test_a_frame_of_another_shape_keeps_every_candidate(size: tuple[int, int]) -> None:
    frame = np.asarray(cv2.resize(_board(), size), np.uint8)
    assert not EMPTY.own(frame, list(TOKENS)).any()


@pytest.mark.parametrize("box", [(0.0, 0.0, 3.0, 3.0), (1279.0, 719.0, 1280.0, 720.0)])
def test_specks_too_small_to_compare_stay(box: Box) -> None:
    assert EMPTY.own(_board(), [box]).tolist() == [False]


def test_boxes_at_the_frame_edge_are_compared() -> None:
    board = _board()
    edge: list[Box] = [(0, 0, 40, 40), (1240, 680, 1280, 720), (-5, 300, 30, 335)]
    assert EMPTY.own(board, edge).all()


def test_the_picture_is_kept_small() -> None:
    assert EMPTY.size_wh == (640, 360)
    assert shrink(np.zeros((100, 50, 3), np.uint8)).shape == (100, 50, 3)


def test_the_reader_drops_a_rendered_boards_phantoms_and_keeps_its_dice() -> None:
    """A rendered game table recorded empty, then dice thrown on it under a shaken camera and
    another light. The check works on the finder's candidates, before the reader: nearly every
    candidate that is the board's own mark goes, and no die's. Every die read without the
    picture is read with it."""
    from tests.tables.support import board, shipped_reader

    reader = shipped_reader().with_memory(None)
    marks, marks_kept, dice_dropped = 0, 0, 0
    dice_before, dice_after = [], []
    for seed in range(5000, 5010):
        table = board(seed)
        empty = EmptyTable.of(table.empty)
        found = reader.candidates(table.thrown)
        own = empty.own(table.thrown, [c.box_xyxy for c in found])
        for candidate, mine in zip(found, own, strict=True):
            if _inside_a_die(candidate.box_xyxy, table.dice):
                dice_dropped += bool(mine)
            else:
                marks, marks_kept = marks + 1, marks_kept + (not mine)
        before = reader.read(table.thrown).dice
        after = reader.with_empty(empty).read(table.thrown).dice
        dice_before += [(d.box_xyxy, d.pips) for d in before if table.is_die(d)]
        dice_after += [(d.box_xyxy, d.pips) for d in after if table.is_die(d)]
    assert marks >= 20, "the rendered boards should give the finder marks to propose"
    assert marks_kept <= marks // 5
    assert dice_dropped == 0
    assert dice_after == dice_before


def _inside_a_die(box: Box, dice: Sequence[Box]) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(x1 <= cx <= x2 and y1 <= cy <= y2 for x1, y1, x2, y2 in dice)


def test_bench_prints_what_the_check_costs(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion.cli import main

    args = ["bench", "--frames", "3", "--repeats", "1", "--dice", "4", "--size", "640x360"]
    assert main([*args, "--empty", "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)["stages_ms"]["empty"]["mean"]
    assert main([*args, "--json"]) == 0
    unchecked = json.loads(capsys.readouterr().out)["stages_ms"]["empty"]["mean"]
    assert checked > 0.0 and unchecked == 0.0
