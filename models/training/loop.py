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
) -> None:
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=steps)
    model.train()
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


def worker_rng(seed: int) -> np.random.Generator:
    """A generator of its own for each data-loader worker, so workers never repeat each other."""
    info = get_worker_info()
    return np.random.default_rng([seed, info.id if info else 0])
