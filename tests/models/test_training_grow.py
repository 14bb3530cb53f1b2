"""Readers saved before the network grew still load and read the same (needs the optional torch
extra: skipped where training is not installed)."""

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from models.training.grow import (  # noqa: E402
    COLOUR_IN,
    FEATURES,
    FIRST_CONV,
    grow_reader_state,
)
from models.training.nets import DieReader  # noqa: E402
from vision.crops import CAST_SIZE  # noqa: E402


def _old_state(seed: int, max_pooled: bool, old_cast: int = 3) -> dict[str, Any]:
    """A reader of a shorter light cue (the mean alone, or the mean and the 6-norm), with or
    without max pooling in its colour head."""
    torch.manual_seed(seed)
    state = {k: v.clone() for k, v in DieReader().state_dict().items()}
    state[FIRST_CONV] = torch.randn(32, 3 + old_cast, 3, 3)
    width = (2 if max_pooled else 1) * FEATURES + old_cast
    state[COLOUR_IN] = torch.randn(64, width)
    return state


@pytest.mark.parametrize(("max_pooled", "old_cast"), [(False, 3), (True, 3), (True, 6)])
def test_grown_reader_reads_as_the_old_one_did(max_pooled: bool, old_cast: int) -> None:
    old = _old_state(0, max_pooled, old_cast)
    grown = DieReader()
    grown.load_state_dict(grow_reader_state(old))
    grown.eval()
    crops, old_cue = torch.rand(5, 3, 48, 48), torch.rand(5, old_cast)
    cue = torch.cat([old_cue, torch.rand(5, CAST_SIZE - old_cast)], dim=1)  # whatever is new
    with torch.no_grad():
        pips, colour = grown.logits(crops, cue)
        f = _old_features(grown, old, crops, old_cue)
        pooled = [f.mean(dim=(2, 3))] + ([f.amax(dim=(2, 3))] if max_pooled else [])
        hidden = torch.nn.functional.linear(
            torch.cat([*pooled, old_cue], dim=1), old[COLOUR_IN], old["colour.0.bias"]
        )
        expected = grown.colour[2](grown.colour[1](hidden))
        expected_pips = grown.pips(grown.squeeze(f))
    assert torch.allclose(colour, expected, atol=1e-4)
    assert torch.allclose(pips, expected_pips, atol=1e-4)


def _old_features(grown: DieReader, old: dict[str, Any], crops: Any, old_cue: Any) -> Any:
    """The old network's last features: its first convolution on the crop and its shorter cue,
    the rest shared with the grown one."""
    n, _, h, w = crops.shape
    k = old_cue.shape[1]
    x = torch.cat([crops, old_cue.view(n, k, 1, 1).expand(n, k, h, w)], dim=1)
    first: Any = grown.features[0]  # conv, batch norm, relu
    conv, norm, relu = first[0], first[1], first[2]
    y = relu(norm(torch.nn.functional.conv2d(x, old[FIRST_CONV], None, conv.stride, conv.padding)))
    return grown.features[1:](y)


def test_current_state_comes_back_unchanged() -> None:
    state = DieReader().state_dict()
    assert grow_reader_state(state) is state


@pytest.mark.parametrize(("key", "width"), [(COLOUR_IN, 50), (FIRST_CONV, 4)])
def test_an_input_of_another_width_is_refused(key: str, width: int) -> None:
    state = _old_state(1, max_pooled=True)
    shape = list(state[key].shape)
    shape[1] = width
    state[key] = torch.randn(*shape)
    with pytest.raises(ValueError, match=rf"{key.replace('.', '[.]')} takes {width} inputs"):
        grow_reader_state(state)
