"""Thin onnxruntime adapter: load a model once, check its hash, run it. No per-call state."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnxruntime as ort

from vision.errors import ModelError

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
HASH_FILE = MODELS_DIR / "models.sha256"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def recorded_hashes(hash_file: Path = HASH_FILE) -> dict[str, str]:
    """`sha256  filename` lines, as `sha256sum` writes them."""
    if not hash_file.is_file():
        raise ModelError(f"model hash list {hash_file} is missing")
    out: dict[str, str] = {}
    for line in hash_file.read_text().splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            out[name.strip().lstrip("*")] = digest
    return out


def verify(path: Path, expected_sha256: str | None) -> None:
    if not path.is_file():
        raise ModelError(f"model file {path} is missing")
    if expected_sha256 is None:
        return
    actual = sha256_of(path)
    if actual != expected_sha256:
        raise ModelError(
            f"model file {path.name} has sha256 {actual[:16]}..., "
            f"expected {expected_sha256[:16]}... (altered, or not the shipped model)"
        )


class OnnxModel:
    def __init__(self, path: Path, expected_sha256: str | None, threads: int = 2) -> None:
        verify(path, expected_sha256)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        # Idle worker threads must not spin: the frame's resizing and cropping runs between calls.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self._session = ort.InferenceSession(
                str(path), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors
            raise ModelError(f"model file {path.name} cannot be loaded: {exc}") from exc
        self.path = path
        self.input_names = [i.name for i in self._session.get_inputs()]
        self.output_names = [o.name for o in self._session.get_outputs()]
        # Dimensions as the file declares them: an int, or a name for one chosen per call.
        self.input_shapes: dict[str, tuple[int | str, ...]] = {
            i.name: tuple(i.shape) for i in self._session.get_inputs()
        }

    def run(self, *inputs: npt.NDArray[np.float32]) -> list[npt.NDArray[np.float32]]:
        feed = dict(zip(self.input_names, inputs, strict=True))
        return [np.asarray(o, np.float32) for o in self._session.run(None, feed)]
