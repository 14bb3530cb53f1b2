"""The one training loop both networks use: AdamW, one-cycle schedule, smoothed log lines."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import torch
from torch import Tensor, nn
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

LossFn = Callable[[Any], tuple[Tensor, dict[str, float]]]


def fit(
    name: str,
    model: nn.Module,
    batches: Iterable[Any],
    loss_fn: LossFn,
    steps: int,
    lr: float,
    log: bool = True,
    freeze_norms: bool = False,
    device: str = "cpu",
    seconds: float = 0.0,
) -> int:
    """Train and return the steps taken. `freeze_norms`: batch norms keep the statistics they
    start with and normalise by them (a fine-tune on a new mix of pictures otherwise moves every
    layer's statistics towards it, whatever happens to the weights). `device`: where the model
    already sits; each batch is moved there. `seconds` > 0: train that long instead of `steps`
    steps, the learning rate taking the same one-cycle course over the time (a run sized to the
    minutes a lent GPU machine gives, whatever its speed turns out to be)."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    sched = None if seconds > 0 else torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=steps)
    model.train()
    if freeze_norms:
        for module in model.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.eval()
    start = time.time()
    running: dict[str, float] = {}
    step = 0
    for step, batch in enumerate(batches, start=1):
        if sched is None:
            for group in opt.param_groups:
                group["lr"] = one_cycle(min((time.time() - start) / seconds, 1.0), lr)
        loss, parts = loss_fn(on_device(batch, device))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if sched is not None:
            sched.step()
        for k, v in parts.items():
            running[k] = running.get(k, v) * 0.98 + v * 0.02
        elapsed = time.time() - start
        done = elapsed >= seconds if sched is None else step >= steps
        if log and (step % 100 == 0 or done):
            text = " ".join(f"{k}={v:.3f}" for k, v in running.items())
            of = f"{elapsed:.0f}/{seconds:.0f} s" if sched is None else f"{steps}"
            print(f"{name} step {step} of {of} {text} ({step / elapsed:.2f} steps/s)", flush=True)
        if done:
            break
    model.eval()
    return step


def one_cycle(progress: float, lr: float) -> float:
    """PyTorch's `OneCycleLR` learning rate (its defaults: a cosine rise from lr/25 over the first
    30 %, then a cosine fall to lr/250000) at `progress` (0..1) of the run."""
    low, last = lr / 25.0, lr / 25.0 / 1e4
    if progress < 0.3:
        return low + (lr - low) * (1 - math.cos(math.pi * progress / 0.3)) / 2
    return last + (lr - last) * (1 + math.cos(math.pi * (progress - 0.3) / 0.7)) / 2


def on_device(batch: Any, device: str) -> Any:
    """A batch (a tensor or a list or tuple of them) on `device`; as it is on the CPU."""
    if device == "cpu":
        return batch
    if isinstance(batch, Tensor):
        return batch.to(device, non_blocking=True)
    return type(batch)(on_device(part, device) for part in batch)


def pick_device(asked: str) -> str:
    """`auto`: the GPU where PyTorch sees one, else the CPU; `cuda` refused where there is none."""
    if asked == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if asked == "cuda" and not torch.cuda.is_available():
        raise ValueError("--device cuda: PyTorch sees no GPU on this machine")
    return asked


def anchored(loss_fn: LossFn, model: nn.Module, strength: float) -> LossFn:
    """`loss_fn` plus `strength` times the squared distance of the weights from where they
    start (L2-SP, Li, Grandvalet and Davoine 2018): a fine-tune that learns new tables while
    held near what read the old ones. Strength 0 is `loss_fn` itself."""
    if strength <= 0:
        return loss_fn
    start = [p.detach().clone() for p in model.parameters()]

    def loss(batch: Any) -> tuple[Tensor, dict[str, float]]:
        value, parts = loss_fn(batch)
        drift = torch.stack(
            [((p - s) ** 2).sum() for p, s in zip(model.parameters(), start, strict=True)]
        ).sum()
        return value + strength * drift, {**parts, "drift": float(drift.detach())}

    return loss


def batches(data: IterableDataset[Any], size: int, workers: int, device: str) -> DataLoader[Any]:
    """Batches of `data`; on a GPU from pinned memory, workers kept between epochs."""
    gpu = device != "cpu"
    return DataLoader(
        data,
        batch_size=size,
        num_workers=workers,
        pin_memory=gpu,
        persistent_workers=gpu and workers > 0,
    )


def worker_rng(seed: int) -> np.random.Generator:
    """A generator of its own for each data-loader worker, so workers never repeat each other."""
    info = get_worker_info()
    return np.random.default_rng([seed, info.id if info else 0])
