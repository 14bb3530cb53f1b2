"""The face signature network trains, exports to ONNX and signs crops as the reader's marks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from models.training.signature import SIGNATURE_SIZE, export, load, train  # noqa: E402
from vision.marks import MARKS_SIZE, Marker  # noqa: E402
from vision.onnx_model import OnnxModel  # noqa: E402


@pytest.mark.filterwarnings(
    "ignore::DeprecationWarning"
)  # torch's legacy ONNX export, as the reader's
def test_a_few_steps_train_and_the_export_signs_unit_marks(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    crops = rng.integers(0, 255, (32, 48, 48, 3), dtype=np.uint8)
    for part, names in (("a", ["glyph:A", "pips:1"]), ("b", ["pips:1", "glyph:B"])):
        np.savez(tmp_path / f"{part}.npz", crops=crops, classes=np.arange(32) % 2, marks=names)
    loaded, classes, marks = load([tmp_path / "a.npz", tmp_path / "b.npz"])
    assert marks == 3 and len(loaded) == 64
    # Each file's marks numbered over all the files' names: pips:1 is one mark in both.
    assert sorted(set(classes[:32].tolist())) == [0, 1] and sorted(set(classes[32:].tolist())) == [
        1,
        2,
    ]
    net = train(loaded, classes, marks, steps=3, lr=1e-3)
    export(net, tmp_path / "marks.onnx")
    signed = Marker(OnnxModel(tmp_path / "marks.onnx", None, 1)).marks(
        rng.random((5, 3, 48, 48), dtype=np.float32)
    )
    assert SIGNATURE_SIZE == MARKS_SIZE and signed.shape == (5, MARKS_SIZE)
    assert np.allclose(np.linalg.norm(signed, axis=1), 1.0, atol=1e-4)
