"""`python -m models.training.embedding FILE`: give a reader file made before the table memory
its `embedding` output (the colour head's hidden layer, which `DieReader` now exports itself).

The weights and the other outputs are untouched, so every figure measured with the file still
holds; the hash list beside it is rewritten.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import onnx
from onnx import TensorProto, helper

from models.training.export import write_hashes

HIDDEN = "/colour/colour.1/Relu_output_0"  # the colour head's ReLU, as torch's exporter names it
OUTPUT = "embedding"


def add_embedding_output(path: Path) -> bool:
    """Add the output in place; False where the file already has it."""
    model = onnx.load(str(path))
    graph = model.graph
    if any(o.name == OUTPUT for o in graph.output):
        return False
    if not any(HIDDEN in node.output for node in graph.node):
        raise ValueError(f"{path}: no tensor {HIDDEN!r}; not a reader this tool knows")
    graph.node.append(helper.make_node("Identity", [HIDDEN], [OUTPUT], name="embedding_out"))
    graph.output.append(helper.make_tensor_value_info(OUTPUT, TensorProto.FLOAT, ["n", 64]))
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m models.training.embedding", description=__doc__
    )
    parser.add_argument("file", type=Path, help="the reader's .onnx (hashes beside it rewritten)")
    args = parser.parse_args(argv)
    added = add_embedding_output(args.file)
    write_hashes(args.file.parent)
    print(f"{args.file}: {'embedding output added' if added else 'already has an embedding'}")


if __name__ == "__main__":
    main()
