"""The reader with its light cue folded out of the first convolution reads as the one before."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.training.fold_cast import cue_term, inside
from vision.onnx_model import MODELS_DIR, OnnxModel


def _conv_same(maps: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """A plain zero-padded 'same' convolution (n, c, h, w) x (o, c, k, k), as numpy sums."""
    k = weights.shape[2]
    padded = np.pad(maps, ((0, 0), (0, 0), (k // 2, k // 2), (k // 2, k // 2)))
    h, w = maps.shape[2:]
    out = np.zeros((maps.shape[0], weights.shape[0], h, w))
    for dy in range(k):
        for dx in range(k):
            window = padded[:, :, dy : dy + h, dx : dx + w]
            out += np.einsum("nchw,oc->nohw", window, weights[:, :, dy, dx])
    return out


@pytest.mark.parametrize(("size", "kernel"), [((48, 48), 3), ((7, 5), 3), ((9, 6), 5)])
def test_the_cue_term_is_the_convolution_over_constant_maps(
    size: tuple[int, int], kernel: int
) -> None:
    rng = np.random.default_rng(7)
    cast = rng.random((4, 9), np.float32)
    weights = rng.normal(size=(8, 9, kernel, kernel)).astype(np.float32)
    maps = np.broadcast_to(cast[:, :, None, None], (4, 9, *size)).astype(np.float64)
    want = _conv_same(maps, weights.astype(np.float64))
    np.testing.assert_allclose(cue_term(cast, weights, *size), want, rtol=1e-5, atol=1e-5)


def test_inside_marks_the_taps_off_the_picture() -> None:
    assert inside(4, 3).tolist() == [[0, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 0]]


@pytest.mark.parametrize("name", ["dice_reader.onnx", "dice_reader_flyer.onnx"])
def test_folding_a_reader_again_leaves_it_alone(name: str, tmp_path: Path) -> None:
    pytest.importorskip("onnx")
    from models.training.fold_cast import fold_cast

    copy = tmp_path / name
    copy.write_bytes((MODELS_DIR / name).read_bytes())
    assert fold_cast(copy) is False
    assert copy.read_bytes() == (MODELS_DIR / name).read_bytes()


def test_a_folded_reader_reads_as_the_unfolded_one(tmp_path: Path) -> None:
    """A small network built the old way (the cue spread over constant maps beside the crops,
    one convolution over both) gives the same output folded."""
    onnx = pytest.importorskip("onnx")
    from onnx import helper, numpy_helper

    from models.training.fold_cast import FOLDED, fold_cast

    rng = np.random.default_rng(3)
    colour_w = rng.normal(size=(16, 3, 3, 3)).astype(np.float32)
    cue_w = rng.normal(size=(16, 9, 3, 3)).astype(np.float32)
    bias = rng.normal(size=16).astype(np.float32)
    nodes = [
        helper.make_node("Unsqueeze", ["cast", "axes"], ["cast4"]),
        helper.make_node("Shape", ["crops"], ["crop_shape"]),
        helper.make_node("Slice", ["crop_shape", "s0", "s1"], ["n"]),
        helper.make_node("Concat", ["n", "tail"], ["map_shape"], axis=0),
        helper.make_node("Expand", ["cast4", "map_shape"], ["maps"]),
        helper.make_node("Concat", ["crops", "maps"], ["both"], axis=1),
        helper.make_node("Conv", ["both", "w", "b"], ["out"], pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["out"], ["relu"]),
    ]
    inits = [
        numpy_helper.from_array(np.concatenate([colour_w, cue_w], axis=1), "w"),
        numpy_helper.from_array(bias, "b"),
        numpy_helper.from_array(np.array([2, 3], np.int64), "axes"),
        numpy_helper.from_array(np.array([0], np.int64), "s0"),
        numpy_helper.from_array(np.array([1], np.int64), "s1"),
        numpy_helper.from_array(np.array([9, 12, 10], np.int64), "tail"),
    ]
    f32 = onnx.TensorProto.FLOAT
    graph = helper.make_graph(
        nodes,
        "old_reader",
        [
            helper.make_tensor_value_info("crops", f32, ["n", 3, 12, 10]),
            helper.make_tensor_value_info("cast", f32, ["n", 9]),
        ],
        [helper.make_tensor_value_info("relu", f32, ["n", 16, 12, 10])],
        inits,
    )
    path = tmp_path / "old.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))
    crops = rng.random((5, 3, 12, 10), np.float32)
    cast = rng.random((5, 9), np.float32)
    before = OnnxModel(path, None).run(crops, cast)[0]
    assert fold_cast(path) is True
    folded = onnx.load(str(path))
    assert any(FOLDED in node.output for node in folded.graph.node)
    assert not any(node.op_type == "Concat" for node in folded.graph.node)
    np.testing.assert_allclose(OnnxModel(path, None).run(crops, cast)[0], before, atol=1e-5)
