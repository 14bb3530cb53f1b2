"""Weights recovered from the shipped ONNX files read as the files do, before and after their
batch norms are fitted to data (needs the optional torch extra: skipped where training is not
installed)."""

from typing import Any

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnx")

from models.training.nets import DieFinder, DieReader  # noqa: E402
from models.training.recover import (  # noqa: E402
    MAX_DIFFERENCE,
    calibrate,
    check_same,
    reader_network,
    recover,
)
from vision.crops import CAST_SIZE  # noqa: E402
from vision.onnx_model import MODELS_DIR  # noqa: E402
from vision.reader import CLASSIFIER_FILE, FINDER_FILE  # noqa: E402


def _reader_input(seed: int, n: int = 8) -> tuple[Any, ...]:
    gen = torch.Generator().manual_seed(seed)
    return torch.rand(n, 3, 48, 48, generator=gen), torch.rand(n, CAST_SIZE, generator=gen)


@pytest.mark.parametrize(
    ("file", "network", "example"),
    [
        (FINDER_FILE, lambda: DieFinder(), (torch.rand(1, 3, 64, 96),)),
        (CLASSIFIER_FILE, lambda: reader_network(MODELS_DIR / CLASSIFIER_FILE), _reader_input(0)),
    ],
)
def test_a_recovered_network_reads_as_its_file(
    file: str, network: Any, example: tuple[Any, ...]
) -> None:
    model = recover(MODELS_DIR / file, network(), example)
    assert check_same(MODELS_DIR / file, model, example) <= MAX_DIFFERENCE


def test_calibrating_moves_the_statistics_but_not_the_reads() -> None:
    network = reader_network(MODELS_DIR / CLASSIFIER_FILE)
    model = recover(MODELS_DIR / CLASSIFIER_FILE, network, _reader_input(0))
    norm: Any = model.get_submodule("reader.features.0.1")
    calibrate(model, [_reader_input(s, 32) for s in range(1, 4)])
    assert float(norm.running_mean.abs().max()) > 0.0
    assert check_same(MODELS_DIR / CLASSIFIER_FILE, model, _reader_input(9)) <= MAX_DIFFERENCE


def test_a_file_of_another_network_is_refused() -> None:
    with pytest.raises((ValueError, RuntimeError)):
        recover(MODELS_DIR / FINDER_FILE, DieReader(), _reader_input(0))
