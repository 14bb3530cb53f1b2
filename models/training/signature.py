"""The face signature (issue 43): a small network that places a die's crop by the mark its top face
shows, so that a table's few confirmed dice can teach it which mark is which value.

The reader's pip features were trained to count round pips; printed digits are not told apart
in them at any layer (model card, second and third sessions). This network is trained for one
thing: crops of the same mark land close together (cosine), whatever the die's colour, turn,
font, light or the detector's box, and different marks apart. It never learns a value, only
marks (`signature_data`): glyph dice, star pips, logos and round pips; digits, skull pips and
the swirl logo stay unseen, so the numeral, skull and swirl nights measure what it carries to
marks it never met.

Loss: a cosine classifier over the training marks with an additive margin (CosFace), whose
penultimate unit vector is the signature. Input: the reader's own crops (N, 3, 48, 48), BGR in
0..1 (`vision.crops.crop_batch`), so the runtime cuts nothing twice.

    python -m models.training.signature DATA.npz [DATA.npz ...] --out models/face_signature.onnx
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt
import torch
from torch import Tensor, nn
from torch.nn import functional as F  # noqa: N812

from models.training.export import OPSET
from models.training.nets import DwBlock, conv_bn

SIGNATURE_SIZE = 64


class FaceSignature(nn.Module):
    """Crops (N, 3, 48, 48) BGR 0..1 -> unit signatures (N, SIGNATURE_SIZE)."""

    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 16, 3, 1),
            DwBlock(16, 32, 2),
            DwBlock(32, 32),
            DwBlock(32, 64, 2),
            DwBlock(64, 64),
            DwBlock(64, 96, 2),
            DwBlock(96, 96),
        )
        self.embed = nn.Linear(2 * 96, SIGNATURE_SIZE)

    def forward(self, crops: Tensor) -> Tensor:
        f = self.features(crops)
        pooled = torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3))], dim=1)
        return F.normalize(self.embed(pooled), dim=1)


class CosineMarks(nn.Module):
    """CosFace: scaled cosines to each mark's unit weight, the true mark's less a margin."""

    def __init__(self, marks: int, scale: float = 20.0, margin: float = 0.25) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(marks, SIGNATURE_SIZE) * 0.1)
        self.scale, self.margin = scale, margin

    def forward(self, signature: Tensor, classes: Tensor) -> Tensor:
        cos = signature @ F.normalize(self.weight, dim=1).T
        cos = cos - self.margin * F.one_hot(classes, cos.shape[1])
        return F.cross_entropy(self.scale * cos, classes)


def augment(batch: Tensor, rng: torch.Generator) -> Tensor:
    """Quarter turns, the colour channels shuffled, light, contrast and noise: what the mark is
    does not change with any of them."""
    n = batch.shape[0]
    turns = torch.randint(0, 4, (n,), generator=rng)
    out = torch.stack(
        [torch.rot90(c, int(k), dims=(1, 2)) for c, k in zip(batch, turns, strict=True)]
    )
    perm = torch.stack([torch.randperm(3, generator=rng) for _ in range(n)])
    out = torch.gather(out, 1, perm[:, :, None, None].expand_as(out))
    gain = 0.6 + 0.8 * torch.rand(n, 1, 1, 1, generator=rng)
    shift = 0.2 * (torch.rand(n, 1, 1, 1, generator=rng) - 0.5)
    mean = out.mean(dim=(1, 2, 3), keepdim=True)
    out = (out - mean) * gain + mean + shift
    out = out + 0.03 * torch.rand(n, 1, 1, 1, generator=rng) * torch.randn(out.shape, generator=rng)
    return out.clamp(0.0, 1.0)


def load(paths: list[Path]) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], int]:
    """Every file's crops, their marks numbered over all the files' mark names."""
    crops, classes = [], []
    names: dict[str, int] = {}
    for path in paths:
        data = np.load(path)
        ids = np.asarray([names.setdefault(str(n), len(names)) for n in data["marks"]])
        crops.append(data["crops"])
        classes.append(ids[data["classes"]])
    return np.concatenate(crops), np.concatenate(classes), len(names)


def train(
    crops: npt.NDArray[np.uint8], classes: npt.NDArray[np.int64], marks: int, steps: int, lr: float
) -> FaceSignature:
    torch.manual_seed(0)
    rng = torch.Generator().manual_seed(1)
    net, head = FaceSignature(), CosineMarks(marks)
    params = [*net.parameters(), *head.parameters()]
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=1e-4)
    x = torch.from_numpy(crops).permute(0, 3, 1, 2)
    y = torch.from_numpy(classes)
    start = time.time()
    for step in range(steps):
        for group in opt.param_groups:
            group["lr"] = lr * 0.5 * (1 + math.cos(math.pi * step / steps))
        pick = torch.randint(0, len(x), (64,), generator=rng)
        chosen = x[pick].float() / 255.0
        one, two = augment(chosen, rng), augment(chosen, rng)
        sig_one, sig_two = net(one), net(two)
        agree = (sig_one - sig_two).square().sum(dim=1).mean()
        loss = head(sig_one, y[pick]) + head(sig_two, y[pick]) + 4.0 * agree
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 200 == 0 or step == steps - 1:
            print(f"step {step} loss {loss.item():.3f} {time.time() - start:.0f}s", flush=True)
    return net.eval()


def export(net: FaceSignature, out: Path) -> None:
    dummy = torch.zeros(1, 3, 48, 48)
    torch.onnx.export(
        net,
        (dummy,),
        str(out),
        input_names=["crops"],
        output_names=["signature"],
        dynamic_axes={"crops": {0: "n"}, "signature": {0: "n"}},
        opset_version=OPSET,
        dynamo=False,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.training.signature")
    parser.add_argument("data", type=Path, nargs="+", help="crops from signature_data")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--lr", type=float, default=3e-3)
    args = parser.parse_args(argv)
    crops, classes, marks = load(args.data)
    print(f"{len(crops)} crops of {marks} marks")
    net = train(crops, classes, marks, args.steps, args.lr)
    torch.save(net.state_dict(), args.out.with_suffix(".pt"))
    export(net, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
