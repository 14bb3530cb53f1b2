"""The reader's stability term: a crop under video grain should read as the crop itself (needs
the optional torch extra: skipped where training is not installed)."""

from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from models.training.__main__ import parse_args, settings  # noqa: E402
from models.training.crop_cache import CropSet  # noqa: E402
from models.training.nets import DieReader  # noqa: E402
from models.training.train_reader import ReaderCrops, ReaderSettings, drift, reader_loss  # noqa: E402
from vision.crops import CAST_SIZE, CROP_SIZE  # noqa: E402


def _crop_set(n: int = 4) -> CropSet:
    rng = np.random.default_rng(0)
    return CropSet(
        name="t",
        weight=1.0,
        crops=rng.integers(0, 255, (n, CROP_SIZE, CROP_SIZE, 3), dtype=np.uint8),
        casts=np.full((n, CAST_SIZE), 0.5, np.float32),
        pips=np.arange(n, dtype=np.int64) % 7,
        colours=np.zeros(n, np.int64),
    )


def _batch(settings: ReaderSettings, size: int = 6) -> list[Any]:
    items = iter(ReaderCrops([_crop_set()], settings))
    rows = [next(items) for _ in range(size)]
    return [torch.as_tensor(np.stack(col)) for col in zip(*rows, strict=True)]


def test_no_drift_between_equal_readings_and_some_between_different() -> None:
    logits = torch.tensor([[2.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
    assert drift(logits, logits).item() == pytest.approx(0.0, abs=1e-6)
    assert drift(logits, logits.flip(1)).item() > 0.1


def test_drift_moves_the_grained_reading_only() -> None:
    clean = torch.tensor([[2.0, 0.0, -1.0]], requires_grad=True)
    grained = torch.tensor([[0.0, 2.0, 0.0]], requires_grad=True)
    loss: Any = drift(clean, grained)
    loss.backward()
    assert clean.grad is None or torch.all(clean.grad == 0)
    assert grained.grad is not None and grained.grad.abs().sum() > 0


@pytest.mark.parametrize(("stable", "grained"), [(0.0, False), (1.0, True)])
def test_crops_come_with_a_grained_copy_when_the_term_is_on(stable: float, grained: bool) -> None:
    clean, copy, *_ = _batch(ReaderSettings(stable=stable, augment=False))
    assert torch.equal(clean, copy) is not grained


def test_the_stability_term_is_added_only_when_weighted() -> None:
    torch.manual_seed(0)
    model = DieReader().eval()
    with torch.no_grad():  # fresh heads read every crop alike; random ones tell crops apart
        for weights in model.parameters():
            weights.normal_(0.0, 0.3)
    batch = _batch(ReaderSettings(stable=1.0, augment=False))
    plain, plain_stats = reader_loss(model, batch, 0.0)
    weighted, stats = reader_loss(model, batch, 2.0)
    assert "stable" not in plain_stats
    assert stats["stable"] > 0
    assert weighted.item() == pytest.approx(plain.item() + 2.0 * stats["stable"], rel=1e-4)


def test_stable_comes_from_the_command_line() -> None:
    assert settings(parse_args([]))[1].stable == 0.0
    assert settings(parse_args(["--stable", "2"]))[1].stable == 2.0
