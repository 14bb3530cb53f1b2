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


@pytest.mark.parametrize(
    ("progress", "share_of_lr"),
    [
        (0.0, 1 / 25),
        (0.15, (1 / 25 + 1) / 2),
        (0.3, 1.0),
        (0.65, (1 + 1 / 25 / 1e4) / 2),
        (1.0, 4e-6),
    ],
)
def test_one_cycle_rises_to_the_rate_and_falls_to_almost_nothing(
    progress: float, share_of_lr: float
) -> None:
    from models.training.loop import one_cycle

    assert one_cycle(progress, 2e-3) == pytest.approx(2e-3 * share_of_lr)


def test_one_cycle_follows_pytorchs_schedule() -> None:
    from models.training.loop import one_cycle

    param = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.AdamW([param], lr=1e-3)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 1e-3, total_steps=1001)
    for step in range(1001):
        assert one_cycle(step / 1000, 1e-3) == pytest.approx(opt.param_groups[0]["lr"], abs=1e-5)
        opt.step()
        sched.step()


def test_a_run_by_time_stops_when_its_time_is_up() -> None:
    from itertools import repeat

    from models.training.loop import fit

    model = torch.nn.Linear(2, 1)

    def loss(batch: Any) -> tuple[Any, dict[str, float]]:
        return model(batch).pow(2).mean(), {}

    steps = fit("test", model, repeat(torch.ones(1, 2)), loss, 1, 1e-3, log=False, seconds=0.05)
    assert steps > 1  # the step count is ignored when a time is given


def test_batches_are_moved_whole_and_left_alone_on_the_cpu() -> None:
    from models.training.loop import on_device

    batch = [torch.ones(2), torch.zeros(3)]
    assert on_device(batch, "cpu") is batch
    moved = on_device((torch.ones(2), [torch.zeros(1)]), "meta")
    assert [t.device.type for t in (moved[0], moved[1][0])] == ["meta", "meta"]


def test_asking_for_a_gpu_that_is_not_there_is_refused() -> None:
    from models.training.loop import pick_device

    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    assert pick_device("auto") == "cpu"
    with pytest.raises(ValueError, match="sees no GPU"):
        pick_device("cuda")
