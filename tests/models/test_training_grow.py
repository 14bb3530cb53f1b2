"""A reader saved before its colour head took max-pooled features still loads and reads the
same (needs the optional torch extra: skipped where training is not installed)."""

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from models.training.grow import COLOUR_IN, grow_reader_state  # noqa: E402
from models.training.nets import DieReader  # noqa: E402

FEATURES = 128


def _old_state(seed: int) -> dict[str, Any]:
    torch.manual_seed(seed)
    state = {k: v.clone() for k, v in DieReader().state_dict().items()}
    state[COLOUR_IN] = torch.randn(64, FEATURES + 3)
    return state


def _old_colour_logits(model: DieReader, state: dict[str, Any], crops: Any, cast: Any) -> Any:
    n, _, h, w = crops.shape
    f = model.features(torch.cat([crops, cast.view(n, 3, 1, 1).expand(n, 3, h, w)], dim=1))
    hidden = torch.nn.functional.linear(
        torch.cat([f.mean(dim=(2, 3)), cast], dim=1), state[COLOUR_IN], state["colour.0.bias"]
    )
    return model.colour[2](model.colour[1](hidden))


def test_grown_reader_reads_as_the_old_one_did() -> None:
    old = _old_state(0)
    model = DieReader()
    model.load_state_dict(grow_reader_state(old))
    model.eval()
    crops, cast = torch.rand(5, 3, 48, 48), torch.rand(5, 3)
    with torch.no_grad():
        _, colour = model.logits(crops, cast)
        expected = _old_colour_logits(model, old, crops, cast)
    assert torch.allclose(colour, expected, atol=1e-5)


def test_current_state_comes_back_unchanged() -> None:
    state = DieReader().state_dict()
    assert grow_reader_state(state) is state


def test_a_head_of_another_width_is_refused() -> None:
    state = _old_state(1)
    state[COLOUR_IN] = torch.randn(64, 50)
    with pytest.raises(ValueError, match=r"colour\.0\.weight takes 50"):
        grow_reader_state(state)
