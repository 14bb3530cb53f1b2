"""`models.training.face_features`: a reader file gains the pip features, every other output
as before, as the training export writes every reader."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.training.face_features import add_face_features
from vision.onnx_model import MODELS_DIR
from vision.reader import CLASSIFIER_FILE, FACE_FEATURES

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")


def _without_features(out: Path) -> Path:
    """The shipped reader as an export writes it, before the pip features are added."""
    model = onnx.load(str(MODELS_DIR / CLASSIFIER_FILE))
    graph = model.graph
    kept = [o for o in graph.output if o.name != FACE_FEATURES]
    del graph.output[:]
    graph.output.extend(kept)
    nodes = [n for n in graph.node if FACE_FEATURES not in n.output]
    del graph.node[:]
    graph.node.extend(nodes)
    path = out / "reader.onnx"
    onnx.save(model, str(path))
    return path


def _run(path: Path) -> dict[str, np.ndarray]:
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(3)
    feed = {
        "crops": rng.random((4, 3, 48, 48), dtype=np.float32),
        "cast": rng.random((4, 9), dtype=np.float32),
    }
    names = [o.name for o in session.get_outputs()]
    return dict(zip(names, session.run(None, feed), strict=True))


def test_a_reader_gains_its_pip_features_and_keeps_every_other_output(tmp_path: Path) -> None:
    path = _without_features(tmp_path)
    before = _run(path)
    assert FACE_FEATURES not in before
    assert add_face_features(path) is True
    after = _run(path)
    assert after[FACE_FEATURES].shape == (4, 32 * 36)
    for name, values in before.items():
        assert np.array_equal(after[name], values), name
    assert add_face_features(path) is False  # once is enough


def test_a_file_that_is_no_reader_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "finder.onnx"
    path.write_bytes((MODELS_DIR / "dice_finder.onnx").read_bytes())
    with pytest.raises(ValueError, match="not a Dicetable reader file"):
        add_face_features(path)
