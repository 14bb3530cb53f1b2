"""The fine-tune anchor (L2-SP): off it changes nothing, on it adds the weights' squared drift
from where they started (needs the optional torch extra)."""

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from models.training.loop import anchored  # noqa: E402


def _loss(_batch: object) -> tuple[Any, dict[str, float]]:
    return torch.tensor(1.0), {"task": 1.0}


def test_no_anchor_is_the_loss_itself() -> None:
    assert anchored(_loss, torch.nn.Linear(2, 1), 0.0) is _loss


def test_the_anchor_adds_the_drift_from_the_start() -> None:
    model = torch.nn.Linear(2, 1)
    loss = anchored(_loss, model, 3.0)
    value, parts = loss(None)
    assert (float(value.detach()), parts) == (1.0, {"task": 1.0, "drift": 0.0})
    with torch.no_grad():
        model.bias.add_(0.5)
        model.weight.add_(torch.tensor([[0.5, -0.5]]))
    value, parts = loss(None)
    assert parts["drift"] == pytest.approx(0.75)
    assert float(value.detach()) == pytest.approx(1.0 + 3.0 * 0.75)
