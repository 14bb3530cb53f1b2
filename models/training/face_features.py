"""Expose a reader file's pip features, for a table's face memory (`vision.faces`).

The face memory fits each table's own head on the pip head's input (the squeezed 6x6 map,
flattened): those features tell faces apart that the pip head was never taught (a maker's logo on
the 6 reads as a 3, yet lies apart from every 3). This adds that tensor as the output
`FACE_FEATURES`; every other output is computed as before, to the bit, so a table's colour memory
made with the file before still matches it.

    python -m models.training.face_features models/dice_reader.onnx [...]

Needs the `onnx` package (the `train` extra); `models.training.export` calls it after each export.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from vision.reader import FACE_FEATURES, FACE_FEATURES_SIZE

# The Flatten in front of the pip head, as torch's exporter names it (`DieReader.pips[0]`).
_TENSOR = "/pips/pips.0/Flatten_output_0"


def add_face_features(path: Path) -> bool:
    """Add the output in place; False where the file has it already."""
    import onnx

    model = onnx.load(str(path))
    graph = model.graph
    if any(o.name == FACE_FEATURES for o in graph.output):
        return False
    if not any(_TENSOR in node.output for node in graph.node):
        raise ValueError(f"{path.name} has no tensor {_TENSOR}: not a Dicetable reader file")
    graph.node.append(onnx.helper.make_node("Identity", [_TENSOR], [FACE_FEATURES]))
    graph.output.append(
        onnx.helper.make_tensor_value_info(
            FACE_FEATURES, onnx.TensorProto.FLOAT, ["n", FACE_FEATURES_SIZE]
        )
    )
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    for path in parser.parse_args(argv).files:
        added = add_face_features(path)
        print(f"{path}: {'added' if added else 'already has'} {FACE_FEATURES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
