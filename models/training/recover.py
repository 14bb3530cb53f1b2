"""PyTorch weights to go on training from, recovered from the shipped ONNX files.

Only the .onnx files live in the repository; the PyTorch weights they were exported from stay in
work-data/ and are gone with a fresh checkout. The export folded each batch norm into the
convolution before it, so a recovered network carries the folded weights and its batch norms
pass them through unchanged in eval mode: it reads exactly as the ONNX file does (checked on
every recovery). Training mode normalises each batch by its own statistics, so both networks'
batch norms are then fitted to the statistics of training renders (`calibrate`; the reader's on
their crops): a resumed run starts from the shipped network, not from one whose every layer is
suddenly rescaled.

`python -m models.training.recover [--models DIR] [--out DIR] [--rendered DIR]` writes finder.pt
and reader.pt to OUT (`work-data/shipped`), for `python -m models.training --from/--resume OUT`,
and face.pt where the reader carries a face head (`models.training.heads`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnx import numpy_helper
from torch import Tensor, nn

from models.training.cli_types import whole
from models.training.crop_cache import build_crop_set
from models.training.export import save_reader
from models.training.nets import DieFinder, DieReader, FaceHead, ReaderWithFace
from models.training.synthetic import TRAINING_SETS, ensure_rendered
from vision.crops import CAST_SIZE
from vision.images import load_image
from vision.onnx_model import MODELS_DIR
from vision.reader import CLASSIFIER_FILE, FACE_OUTPUT, FINDER_FILE

# The smallest variance a recovered batch norm is given: a channel that never varies on the
# calibration crops would otherwise divide by almost nothing once training normalises batches.
MIN_VARIANCE = 1e-3
MAX_DIFFERENCE = 1e-4  # between the ONNX file's outputs and the recovered network's


def recover(onnx_path: Path, model: nn.Module, example: tuple[Tensor, ...]) -> nn.Module:
    """`model` (untrained, of the network the file was exported from) with the file's weights."""
    graph = onnx.load(str(onnx_path)).graph
    weights = {t.name: torch.from_numpy(numpy_helper.to_array(t).copy()) for t in graph.initializer}
    state = model.state_dict()
    for name, value in weights.items():
        if name in state:
            state[name] = value
    model.load_state_dict(state)
    norms = _norm_after(model)
    convs = [n for n in graph.node if n.op_type == "Conv"]
    ordered = _convs_in_running_order(model, example)
    if len(convs) != len(ordered):
        raise ValueError(f"{onnx_path}: {len(convs)} convolutions, the network has {len(ordered)}")
    with torch.no_grad():
        for node, conv in zip(convs, ordered, strict=True):
            _load_conv(conv, norms.get(conv), node.input, weights, onnx_path)
    model.eval()
    check_same(onnx_path, model, example)
    return model


def reader_network(onnx_path: Path) -> nn.Module:
    """An untrained network of the kind the reader file was exported from: the reader, with
    the face head beside it where the file has a `face` output."""
    outputs = [o.name for o in onnx.load(str(onnx_path)).graph.output]
    return ReaderWithFace(DieReader(), FaceHead()) if FACE_OUTPUT in outputs else DieReader()


def _norm_after(model: nn.Module) -> dict[nn.Module, nn.BatchNorm2d]:
    """Each convolution that a batch norm follows (`nets.conv_bn`), with that batch norm."""
    pairs: dict[nn.Module, nn.BatchNorm2d] = {}
    for module in model.modules():
        if isinstance(module, nn.Sequential) and len(module) >= 2:
            first, second = module[0], module[1]
            if isinstance(first, nn.Conv2d) and isinstance(second, nn.BatchNorm2d):
                pairs[first] = second
    return pairs


def _convs_in_running_order(model: nn.Module, example: tuple[Tensor, ...]) -> list[nn.Conv2d]:
    """The convolutions in the order a forward pass runs them, which is the ONNX graph's order
    (the exporter traced one); registration order differs where a network runs layers out of
    the order it declares them (the finder's top-down path)."""
    seen: list[nn.Conv2d] = []
    hooks = [
        m.register_forward_hook(lambda mod, _i, _o: seen.append(mod))
        for m in model.modules()
        if isinstance(m, nn.Conv2d)
    ]
    model.eval()
    with torch.no_grad():
        model(*example)
    for hook in hooks:
        hook.remove()
    return seen


def _load_conv(
    conv: nn.Conv2d,
    norm: nn.BatchNorm2d | None,
    inputs: Iterable[str],
    weights: dict[str, Tensor],
    onnx_path: Path,
) -> None:
    _, w_name, *rest = inputs
    weight = _unfolded(w_name, weights)
    if tuple(weight.shape) != tuple(conv.weight.shape):
        raise ValueError(
            f"{onnx_path}: {w_name} is {tuple(weight.shape)}, expected {conv.weight.shape}"
        )
    conv.weight.copy_(weight)
    bias = weights[rest[0]] if rest else torch.zeros(weight.shape[0])
    if norm is None:
        if conv.bias is not None:
            conv.bias.copy_(bias)
        return
    # Mean 0, variance 1 - eps, scale 1: eval mode adds the folded bias and nothing else.
    norm.running_mean.zero_()  # type: ignore[union-attr]
    norm.running_var.fill_(1.0 - norm.eps)  # type: ignore[union-attr]
    norm.weight.fill_(1.0)
    norm.bias.copy_(bias)


def _unfolded(w_name: str, weights: dict[str, Tensor]) -> Tensor:
    """A convolution's weights; for the reader's first one in a file `fold_cast` rewrote, its
    colour taps and its light cue's taps put back together as the one 12-channel kernel."""
    weight = weights[w_name]
    base, _, part = w_name.rpartition("/")
    if part != "colour_weights":
        return weight
    out, _, kh, kw = weight.shape
    taps = weights[f"{base}/taps"]  # (cue, out * kh * kw)
    cue = taps.reshape(taps.shape[0], out, kh, kw).permute(1, 0, 2, 3)
    return torch.cat([weight, cue], dim=1)


def check_same(onnx_path: Path, model: nn.Module, example: tuple[Tensor, ...]) -> float:
    """The largest difference between the file's outputs and the network's on `example`;
    raises where it is over `MAX_DIFFERENCE`."""
    session = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    feeds = {i.name: t.numpy() for i, t in zip(session.get_inputs(), example, strict=True)}
    expected = session.run(None, feeds)
    model.eval()
    with torch.no_grad():
        got = model(*example)
    # Outputs a graph rewrite added after the export (`face_features`) come last; the network
    # has none of them to compare.
    expected = expected[: len(got)]
    worst = max(float(np.abs(e - g.numpy()).max()) for e, g in zip(expected, got, strict=True))
    if worst > MAX_DIFFERENCE:
        raise ValueError(f"{onnx_path}: recovered network differs from the file by {worst:.2e}")
    return worst


def calibrate(model: nn.Module, batches: Iterable[tuple[Tensor, ...]]) -> None:
    """Give each batch norm the statistics of its input over `batches` while keeping eval-mode
    outputs unchanged: mean m and variance v are measured, and scale sqrt(v) with shift
    (bias + m) undo them. Training mode then normalises each batch much as the network did
    when it was trained."""
    norms = [m for m in model.modules() if isinstance(m, nn.BatchNorm2d)]
    totals: dict[nn.Module, Tensor] = {}

    def record(mod: nn.Module, inputs: tuple[Tensor, ...], _out: Tensor) -> None:
        x = inputs[0].double().transpose(0, 1).flatten(1)
        part = torch.stack([x.sum(1), (x * x).sum(1), torch.full_like(x[:, 0], x.shape[1])])
        totals[mod] = totals[mod] + part if mod in totals else part

    hooks = [n.register_forward_hook(record) for n in norms]
    model.eval()
    with torch.no_grad():
        for batch in batches:
            model(*batch)
    for hook in hooks:
        hook.remove()
    with torch.no_grad():
        for norm in norms:
            _refit(norm, totals[norm])


def _refit(norm: nn.BatchNorm2d, totals: Tensor) -> None:
    """`totals`: per channel, the sum, the sum of squares and the count of the norm's input."""
    mean = totals[0] / totals[2]
    variance = (totals[1] / totals[2] - mean * mean).clamp_min(MIN_VARIANCE)
    old_mean, old_var = norm.running_mean, norm.running_var
    assert old_mean is not None and old_var is not None
    scale = norm.weight.double() / torch.sqrt(old_var.double() + norm.eps)
    shift = norm.bias.double() - scale * old_mean.double()
    # The layer computes scale * x + shift now; keep that, with x's own mean and variance.
    old_mean.copy_(mean.float())
    old_var.copy_((variance - norm.eps).float())
    norm.weight.copy_((scale * torch.sqrt(variance)).float())
    norm.bias.copy_((shift + scale * mean).float())


def finder_batches(folder: Path, pictures: int, batch: int = 8) -> list[tuple[Tensor]]:
    """Whole renders of the set in `folder` (640x480, as the finder sees them scaled),
    unaugmented."""
    paths = sorted((folder / "images").glob("*.jpg"))[:pictures]
    images = [load_image(p) for p in paths]
    x = torch.from_numpy(np.stack(images).astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
    return [(x[i : i + batch],) for i in range(0, len(x), batch)]


def reader_batches(folder: Path, pictures: int, batch: int = 128) -> list[tuple[Tensor, Tensor]]:
    """Crops cut from `pictures` renders of the set in `folder` as training cuts them,
    unaugmented."""
    crops = build_crop_set(folder, 1.0, {}, np.random.default_rng(0), max_pictures=pictures)
    x = torch.from_numpy(crops.crops.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
    cast = torch.from_numpy(crops.casts)
    return [(x[i : i + batch], cast[i : i + batch]) for i in range(0, len(x), batch)]


def _examples() -> tuple[tuple[Tensor], tuple[Tensor, Tensor]]:
    gen = torch.Generator().manual_seed(0)
    finder_in = (torch.rand(1, 3, 128, 160, generator=gen),)
    reader_in = (torch.rand(6, 3, 48, 48, generator=gen), torch.rand(6, CAST_SIZE, generator=gen))
    return finder_in, reader_in


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m models.training.recover", description=__doc__)
    p.add_argument("--models", type=Path, default=MODELS_DIR, help="dir with the two .onnx files")
    p.add_argument("--out", type=Path, default=Path("work-data/shipped"), help="where .pt go")
    p.add_argument("--rendered", type=Path, default=Path("work-data/synth"), help="rendered sets")
    p.add_argument("--pictures", type=whole(1), default=200, help="renders whose crops calibrate")
    args = p.parse_args(argv)
    finder_in, reader_in = _examples()
    finder = recover(args.models / FINDER_FILE, DieFinder(), finder_in)
    reader_file = args.models / CLASSIFIER_FILE
    reader = recover(reader_file, reader_network(reader_file), reader_in)
    (renders,) = ensure_rendered(args.rendered, TRAINING_SETS[:1])
    calibrate(finder, finder_batches(renders, min(args.pictures, 64)))
    calibrate(reader, reader_batches(renders, args.pictures))
    worst = max(
        check_same(args.models / FINDER_FILE, finder, finder_in),
        check_same(args.models / CLASSIFIER_FILE, reader, reader_in),
    )
    args.out.mkdir(parents=True, exist_ok=True)
    torch.save(finder.state_dict(), args.out / "finder.pt")
    save_reader(reader, args.out)
    print(f"wrote {args.out}/finder.pt and reader.pt (largest difference from ONNX {worst:.1e})")


if __name__ == "__main__":
    main()
