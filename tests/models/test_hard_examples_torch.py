"""Scoring crops for hard-example draws (needs the optional torch extra: skipped without it)."""

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from torch.nn import functional as F  # noqa: E402, N812

from models.training import hard  # noqa: E402
from models.training.crop_cache import CropSet  # noqa: E402
from models.training.nets import DieReader  # noqa: E402
from models.training.samples import NO_COLOUR  # noqa: E402
from vision.crops import CAST_SIZE, CROP_SIZE  # noqa: E402


def _crop_set() -> CropSet:
    rng = np.random.default_rng(3)
    n = 5
    return CropSet(
        "t",
        1.0,
        rng.integers(0, 255, (n, CROP_SIZE, CROP_SIZE, 3), dtype=np.uint8),
        rng.random((n, CAST_SIZE), dtype=np.float32),
        np.array([0, 1, 6, 3, 2], np.int64),
        np.array([NO_COLOUR, 0, 4, NO_COLOUR, 8], np.int64),
    )


def test_each_crop_scores_its_pip_loss_plus_its_colour_loss_where_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    torch.manual_seed(0)
    model = DieReader().eval()
    crop_set = _crop_set()
    monkeypatch.setattr(hard, "SCORE_BATCH", 2)  # batches that split the set unevenly
    losses = hard.crop_losses(model, crop_set)
    x = torch.from_numpy(crop_set.crops.astype(np.float32) / 255.0).permute(0, 3, 1, 2)
    with torch.no_grad():
        pip_logits, colour_logits = model.logits(x, torch.from_numpy(crop_set.casts))
    for i in range(len(crop_set)):
        expected = float(F.cross_entropy(pip_logits[i : i + 1], torch.tensor([crop_set.pips[i]])))
        if crop_set.colours[i] != NO_COLOUR:
            colour = torch.tensor([crop_set.colours[i]])
            expected += float(F.cross_entropy(colour_logits[i : i + 1], colour))
        assert losses[i] == pytest.approx(expected, rel=1e-4)


def test_hard_draws_favour_the_crops_read_worst() -> None:
    torch.manual_seed(0)
    model = DieReader()
    crop_set = hard.with_hard_draws(model, _crop_set())
    assert crop_set.cdf is not None
    weights = np.diff(np.concatenate([[0.0], crop_set.cdf]))
    losses = hard.crop_losses(model, crop_set)
    groups = hard.draw_groups(crop_set)
    for key in np.unique(groups):
        members = groups == key
        assert weights[members].sum() == pytest.approx(members.mean())
        order = np.argsort(losses[members]).tolist()
        assert np.argsort(weights[members]).tolist() == order
    assert weights.min() >= 0.5 / len(crop_set) - 1e-9  # half the draws stay even


@pytest.mark.parametrize(
    ("pips", "colours", "expected"),
    [
        ([0, 3, 3, 5], [NO_COLOUR, NO_COLOUR, 2, 8], [-3, -2, 2, 8]),
        ([1, 1], [0, 0], [0, 0]),
    ],
)
def test_crops_group_by_colour_else_die_or_not(
    pips: list[int], colours: list[int], expected: list[int]
) -> None:
    n = len(pips)
    crop_set = CropSet(
        "t",
        1.0,
        np.zeros((n, 8, 8, 3), np.uint8),
        np.zeros((n, CAST_SIZE), np.float32),
        np.array(pips, np.int64),
        np.array(colours, np.int64),
    )
    assert hard.draw_groups(crop_set).tolist() == expected
