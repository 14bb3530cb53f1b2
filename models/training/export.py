"""Write the trained networks as ONNX files and record their hashes for the runtime to check."""

from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from vision.crops import CAST_SIZE
from vision.onnx_model import sha256_of
from vision.reader import CLASSIFIER_FILE, FINDER_FILE

OPSET = 17


def export_finder(model: nn.Module, path: Path) -> None:
    model.eval()
    torch.onnx.export(
        model,
        (torch.zeros(1, 3, 384, 640),),
        str(path),
        input_names=["image"],
        output_names=["heat", "size", "offset"],
        dynamic_axes={"image": {2: "height", 3: "width"}},
        opset_version=OPSET,
        dynamo=False,
    )


def export_reader(model: nn.Module, path: Path) -> None:
    model.eval()
    torch.onnx.export(
        model,
        (torch.zeros(4, 3, 48, 48), torch.zeros(4, CAST_SIZE)),
        str(path),
        input_names=["crops", "cast"],
        output_names=["pips", "colour", "embedding"],
        dynamic_axes={
            "crops": {0: "n"},
            "cast": {0: "n"},
            "pips": {0: "n"},
            "colour": {0: "n"},
            "embedding": {0: "n"},
        },
        opset_version=OPSET,
        dynamo=False,
    )


def write_hashes(models_dir: Path) -> Path:
    lines = [f"{sha256_of(models_dir / name)}  {name}" for name in (FINDER_FILE, CLASSIFIER_FILE)]
    path = models_dir / "models.sha256"
    path.write_text("\n".join(lines) + "\n")
    return path
