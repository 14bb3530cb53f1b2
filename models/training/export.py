"""Write the trained networks as ONNX files and record their hashes for the runtime to check."""

from __future__ import annotations

from pathlib import Path

import torch
from torch import nn

from models.training.face_features import add_face_features
from models.training.fold_cast import fold_cast
from models.training.nets import ReaderWithFace
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


READER_OUTPUTS = ("pips", "colour", "embedding")


def export_reader(model: nn.Module, path: Path, outputs: tuple[str, ...] = READER_OUTPUTS) -> None:
    """`outputs` names what the model returns: the reader's three, and "face" after them when it
    carries a face head (`models.training.nets.ReaderWithFace`)."""
    model.eval()
    torch.onnx.export(
        model,
        (torch.zeros(4, 3, 48, 48), torch.zeros(4, CAST_SIZE)),
        str(path),
        input_names=["crops", "cast"],
        output_names=list(outputs),
        dynamic_axes={name: {0: "n"} for name in ("crops", "cast", *outputs)},
        opset_version=OPSET,
        dynamo=False,
    )
    # The pip head's input as an output of its own, which a table's face memory reads faces by
    # (`models.training.face_features`): without it a retrained reader would leave every
    # table's face memory silent.
    add_face_features(path)
    # The light cue folded out of the first convolution, as the shipped readers are: the same
    # outputs within float rounding, the convolution at a quarter of its multiply-adds. A reader
    # built otherwise still works unfolded, so a long run's export does not fail on it.
    try:
        fold_cast(path)
    except ValueError as exc:
        print(f"{path.name}: light cue left unfolded ({exc})", flush=True)


def write_hashes(models_dir: Path) -> Path:
    lines = [f"{sha256_of(models_dir / name)}  {name}" for name in (FINDER_FILE, CLASSIFIER_FILE)]
    path = models_dir / "models.sha256"
    path.write_text("\n".join(lines) + "\n")
    return path


def save_reader(reader: nn.Module, out: Path) -> None:
    """reader.pt, and face.pt where the reader carries a face head."""
    if isinstance(reader, ReaderWithFace):
        torch.save(reader.reader.state_dict(), out / "reader.pt")
        torch.save(reader.face.state_dict(), out / "face.pt")
    else:
        torch.save(reader.state_dict(), out / "reader.pt")
