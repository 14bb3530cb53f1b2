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


@pytest.mark.parametrize("freeze", [True, False])
def test_frozen_norms_keep_their_statistics(freeze: bool) -> None:
    from models.training.loop import fit

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(1, 2, 1), torch.nn.BatchNorm2d(2))
    norm = model[1]
    before = norm.running_mean.clone()
    batches = [torch.randn(4, 1, 3, 3) + 5.0 for _ in range(3)]

    def loss(batch: Any) -> tuple[Any, dict[str, float]]:
        return model(batch).pow(2).mean(), {}

    fit("test", model, batches, loss, steps=3, lr=1e-3, log=False, freeze_norms=freeze)
    assert torch.equal(norm.running_mean, before) is freeze
