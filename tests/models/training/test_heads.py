"""Refitting the reader's heads on frozen features (needs the optional torch extra: skipped where
training is not installed): a head learns what it is shown, the face head rides beside the
reader without changing its other outputs, and the exported file carries it by name."""

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
ort = pytest.importorskip("onnxruntime")

from models.render.values import DieLabel  # noqa: E402
from models.training.export import READER_OUTPUTS, export_reader, save_reader  # noqa: E402
from models.training.face import NO_FACE, face_label  # noqa: E402
from models.training.head_fit import HeadData, HeadSettings, fit_head, head_accuracy  # noqa: E402
from models.training.heads import (  # noqa: E402
    missing_weights,
    take,
    take_heads,
)
from models.training.nets import FACE_CLASSES, DieReader, FaceHead, ReaderWithFace  # noqa: E402
from vision.colour_face import FACE_COLOURS  # noqa: E402
from vision.crops import CAST_SIZE  # noqa: E402
from vision.reader import FACE_FEATURES, FACE_OUTPUT  # noqa: E402
from vision.types import Colour  # noqa: E402


def test_a_head_learns_the_labels_it_is_shown() -> None:
    gen = torch.Generator().manual_seed(0)
    centres = torch.randn(3, 16, generator=gen) * 3
    labels = torch.randint(3, (600,), generator=gen)
    inputs = centres[labels] + torch.randn(600, 16, generator=gen)
    data = HeadData("blobs", 1.0, inputs, labels)
    head = torch.nn.Sequential(torch.nn.Linear(16, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
    before = head_accuracy(head, data)
    fit_head(head, [data], HeadSettings(steps=300, lr=1e-2), "test")
    assert before < 0.7 < 0.95 <= head_accuracy(head, data)


@pytest.mark.parametrize(
    ("face", "label"),
    [(None, NO_FACE), *((colour, 1 + i) for i, colour in enumerate(FACE_COLOURS))],
)
def test_a_die_s_face_label_names_its_top_colour(face: Colour | None, label: int) -> None:
    quad = ((0.0, 0.0), (9.0, 0.0), (9.0, 9.0), (0.0, 9.0))
    die = DieLabel((0, 0, 9, 9), 3, Colour.WHITE, "black", quad, 0.0, True, face_colour=face)
    assert face_label(die) == label


# torch's TorchScript exporter (the one the shipped files were made with) says it is deprecated
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_the_face_head_rides_beside_the_reader_without_changing_it(tmp_path: Path) -> None:
    torch.manual_seed(0)
    reader = DieReader().eval()
    plain, faced = tmp_path / "plain.onnx", tmp_path / "faced.onnx"
    export_reader(reader, plain)
    export_reader(ReaderWithFace(reader, FaceHead()), faced, (*READER_OUTPUTS, FACE_OUTPUT))
    crops = np.random.default_rng(1).random((5, 3, 48, 48), dtype=np.float32)
    cast = np.random.default_rng(2).random((5, CAST_SIZE), dtype=np.float32)
    feeds = {"crops": crops, "cast": cast}
    plain_session, session = ort.InferenceSession(str(plain)), ort.InferenceSession(str(faced))
    names = [o.name for o in plain_session.get_outputs()]
    before = dict(zip(names, plain_session.run(None, feeds), strict=True))
    # The export adds the pip features a table's face memory reads (`face_features`), last.
    assert [o.name for o in session.get_outputs()] == [*READER_OUTPUTS, FACE_OUTPUT, FACE_FEATURES]
    after = dict(
        zip([o.name for o in session.get_outputs()], session.run(None, feeds), strict=True)
    )
    for name in names:
        np.testing.assert_allclose(before[name], after[name], atol=1e-6)
    assert after[FACE_OUTPUT].shape == (5, FACE_CLASSES)
    np.testing.assert_allclose(after[FACE_OUTPUT].sum(axis=1), 1.0, atol=1e-5)


def test_a_taken_head_brings_its_own_weights_and_no_others(tmp_path: Path) -> None:
    torch.manual_seed(1)
    base, other = DieReader(), DieReader()
    torch.save(other.state_dict(), tmp_path / "reader.pt")
    face = FaceHead()
    torch.save(face.state_dict(), tmp_path / "face.pt")
    before = {k: v.clone() for k, v in base.state_dict().items()}
    taken = take_heads(base, [take(f"colour={tmp_path}"), take(f"face={tmp_path}")])
    theirs = other.state_dict()
    for key, value in base.state_dict().items():
        expected = theirs[key] if key.startswith("colour.") else before[key]
        assert torch.equal(value, expected), key
    assert taken is not None
    assert all(
        torch.equal(a, b) for a, b in zip(taken.parameters(), face.parameters(), strict=True)
    )


@pytest.mark.parametrize("text", ["colour", "wings=/tmp", "pips="])
def test_a_take_names_a_head_and_a_folder(text: str) -> None:
    import argparse

    with pytest.raises(argparse.ArgumentTypeError, match="HEAD=DIR"):
        take(text)


def test_a_refit_names_the_weights_it_cannot_find(tmp_path: Path) -> None:
    (tmp_path / "reader.pt").write_bytes(b"")
    other = tmp_path / "other"
    missing = missing_weights(tmp_path, [take(f"face={other}"), take(f"colour={tmp_path}")])
    assert missing == [tmp_path / "finder.pt", other / "face.pt"]


def test_a_reader_with_a_face_head_saves_the_head_beside_the_reader(tmp_path: Path) -> None:
    plain, with_face = tmp_path / "plain", tmp_path / "with_face"
    plain.mkdir()
    with_face.mkdir()
    save_reader(DieReader(), plain)
    assert sorted(p.name for p in plain.iterdir()) == ["reader.pt"]
    network = ReaderWithFace(DieReader(), FaceHead())
    save_reader(network, with_face)
    assert sorted(p.name for p in with_face.iterdir()) == ["face.pt", "reader.pt"]
    reader, face = DieReader(), FaceHead()
    reader.load_state_dict(torch.load(with_face / "reader.pt"))
    face.load_state_dict(torch.load(with_face / "face.pt"))
    for mine, theirs in zip(face.parameters(), network.face.parameters(), strict=True):
        assert torch.equal(mine, theirs)
