"""Fold the reader's light cue out of its first convolution (a development step: needs `onnx`).

The reader sees each crop beside its `cast` input, the frame's 9 light-cue values each spread
over a constant map, and its first convolution (3x3, zero padding, stride 1) ran over all 12
channels. Over a constant map a convolution only sums the kernel taps that fall inside the
picture, so the cue's part of the output is `cast @ W` (each tap's weight mixed by the cue),
summed over the taps inside: inner pixels get all 9, edges 6, corners 4. Whether a tap falls
inside depends on the row and on the column apart, so that sum is two small products with 0/1
matrices. The convolution then runs over the 3 colour channels only: a quarter of its
multiply-adds, and no cue maps built per crop. Every output equals the old one within float
rounding.

    python -m models.training.fold_cast models/dice_reader.onnx [...]

Rewrites each file in place; a folded file is left alone. Then record the new hashes in
`models/models.sha256` and map the reader's new hash to its old one in
`companion.tables.store.SAME_SIGNATURES`: a die's signature is the same to float rounding, so a
table's memory stays valid.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

CROPS = "crops"
CAST = "cast"
# The cue's term, summed over the taps inside the picture; its name marks a folded file.
FOLDED = "cast_folded"


def inside(size: int, kernel: int) -> npt.NDArray[np.float32]:
    """(size, kernel): 1 where the kernel's tap k, centred on pixel i, falls inside the picture."""
    at = np.arange(size)[:, None] + np.arange(kernel)[None, :] - kernel // 2
    return ((at >= 0) & (at < size)).astype(np.float32)


def cue_term(
    cast: npt.NDArray[np.float32], weights: npt.NDArray[np.float32], height: int, width: int
) -> npt.NDArray[np.float32]:
    """What the cue channels add to the convolution: (n, out, h, w) from cast (n, cue) and the
    cue channels' weights (out, cue, kh, kw). The folded graph computes exactly this."""
    taps = np.einsum("nc,ocyx->noyx", cast, weights)
    rows, cols = inside(height, weights.shape[2]), inside(width, weights.shape[3])
    return np.asarray(rows @ taps @ cols.T, np.float32)


def _first_conv(graph: Any) -> Any:
    """The convolution over the concatenation of the crops and their cue maps."""
    producer = {out: node for node in graph.node for out in node.output}
    for node in graph.node:
        concat = producer.get(node.input[0]) if node.op_type == "Conv" else None
        if concat is not None and concat.op_type == "Concat" and concat.input[0] == CROPS:
            return node
    raise ValueError("no convolution over the crops and their light cue: not a Dicetable reader")


def _attributes(node: Any) -> dict[str, Any]:
    import onnx

    return {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}


def _check_foldable(conv: Any, kernel: tuple[int, int]) -> None:
    attrs = _attributes(conv)
    one = [1, 1]
    if list(attrs.get("strides", one)) != one or list(attrs.get("dilations", one)) != one:
        raise ValueError("the first convolution is strided or dilated: folding assumes neither")
    if attrs.get("group", 1) != 1 or attrs.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET"):
        raise ValueError("the first convolution is grouped or auto-padded: not foldable here")
    if list(attrs.get("pads", [0, 0, 0, 0])) != [kernel[0] // 2, kernel[1] // 2] * 2:
        raise ValueError(f"the first convolution pads {attrs.get('pads')}: folding assumes 'same'")


def _live(graph: Any) -> None:
    """Drop the nodes and initializers no graph output depends on any more."""
    producer = {out: node for node in graph.node for out in node.output}
    need = [o.name for o in graph.output]
    keep: set[int] = set()
    while need:
        node = producer.get(need.pop())
        if node is not None and id(node) not in keep:
            keep.add(id(node))
            need.extend(node.input)
    nodes = [node for node in graph.node if id(node) in keep]
    used = {name for node in nodes for name in node.input}
    inits = [init for init in graph.initializer if init.name in used]
    del graph.node[:]
    graph.node.extend(nodes)
    del graph.initializer[:]
    graph.initializer.extend(inits)


def _folded_nodes(
    conv: Any, weights: npt.NDArray[np.float32], colours: int, size: tuple[int, int]
) -> tuple[list[Any], list[Any]]:
    """The replacement for the convolution: its colour part, the cue's term, their sum."""
    from onnx import helper, numpy_helper

    out, cue, kh, kw = weights.shape[0], weights.shape[1] - colours, *weights.shape[2:]
    base = conv.output[0]
    name = {k: f"{base}/{k}" for k in ("colour_weights", "taps", "tap_shape", "rows", "cols")}
    inits = [
        numpy_helper.from_array(np.ascontiguousarray(weights[:, :colours]), name["colour_weights"]),
        numpy_helper.from_array(
            np.ascontiguousarray(weights[:, colours:].transpose(1, 0, 2, 3).reshape(cue, -1)),
            name["taps"],
        ),
        # 0 keeps the batch's own dimension, so onnxruntime can see the two terms' shapes agree.
        numpy_helper.from_array(np.array([0, out, kh, kw], np.int64), name["tap_shape"]),
        numpy_helper.from_array(inside(size[0], kh), name["rows"]),
        numpy_helper.from_array(np.ascontiguousarray(inside(size[1], kw).T), name["cols"]),
    ]
    step = [f"{base}/{k}" for k in ("colours", "taps_flat", "taps_out", "by_row", "cue_sum")]
    nodes = [
        helper.make_node(
            "Conv",
            [CROPS, name["colour_weights"], *conv.input[2:]],
            [step[0]],
            name=conv.name,
            **_attributes(conv),
        ),
        helper.make_node("MatMul", [CAST, name["taps"]], [step[1]]),
        helper.make_node("Reshape", [step[1], name["tap_shape"]], [step[2]]),
        helper.make_node("MatMul", [name["rows"], step[2]], [step[3]]),
        helper.make_node("MatMul", [step[3], name["cols"]], [step[4]]),
        # A 1x1 max pool changes nothing; it lets onnxruntime hold the cue's term in its blocked
        # layout, where it adds it inside the convolution, the ReLU after it too (one pass over
        # the layer's output instead of four).
        helper.make_node("MaxPool", [step[4]], [FOLDED], kernel_shape=[1, 1]),
        helper.make_node("Add", [step[0], FOLDED], [base]),
    ]
    return nodes, inits


def fold_cast(path: Path) -> bool:
    """Fold the file in place; False where it is folded already."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    if any(FOLDED in node.output for node in graph.node):
        return False
    conv = _first_conv(graph)
    weights = numpy_helper.to_array(next(i for i in graph.initializer if i.name == conv.input[1]))
    _check_foldable(conv, weights.shape[2:])
    dims = next(i for i in graph.input if i.name == CROPS).type.tensor_type.shape.dim
    colours, height, width = (d.dim_value for d in dims[1:])
    if weights.shape[1] <= colours:
        raise ValueError(f"the first convolution sees {weights.shape[1]} channels: no cue to fold")
    nodes, inits = _folded_nodes(conv, weights, colours, (height, width))
    at = list(graph.node).index(conv)
    every = [*graph.node[:at], *nodes, *graph.node[at + 1 :]]
    del graph.node[:]
    graph.node.extend(every)
    graph.initializer.extend(inits)
    _live(graph)
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, str(path))
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    for path in parser.parse_args(argv).files:
        print(f"{path}: {'folded' if fold_cast(path) else 'already folded'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
