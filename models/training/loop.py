"""The one training loop both networks use: AdamW, one-cycle schedule, smoothed log lines."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import torch
from torch import Tensor, nn
from torch.utils.data import get_worker_info

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
) -> None:
    """`freeze_norms`: batch norms keep the statistics they start with and normalise by them
    (a fine-tune on a new mix of pictures otherwise moves every layer's statistics towards it,
    whatever happens to the weights)."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=steps)
    model.train()
    if freeze_norms:
        for module in model.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.eval()
    start = time.time()
    running: dict[str, float] = {}
    for step, batch in enumerate(batches, start=1):
        loss, parts = loss_fn(batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        for k, v in parts.items():
            running[k] = running.get(k, v) * 0.98 + v * 0.02
        if log and (step % 100 == 0 or step == steps):
            rate = step / (time.time() - start)
            text = " ".join(f"{k}={v:.3f}" for k, v in running.items())
            print(f"{name} step {step}/{steps} {text} ({rate:.2f} steps/s)", flush=True)
        if step >= steps:
            break
    model.eval()


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


def worker_rng(seed: int) -> np.random.Generator:
    """A generator of its own for each data-loader worker, so workers never repeat each other."""
    info = get_worker_info()
    return np.random.default_rng([seed, info.id if info else 0])
