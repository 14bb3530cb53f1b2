"""The fit check: colour right per look as tables, and the command end to end on tiny banks
(needs the optional torch extra: skipped where training is not installed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from models.training.bank import Bank, BankSpec, render_bank, save_bank  # noqa: E402
from models.training.colour_misses import Tally  # noqa: E402
from models.training.crop_cache import CropSet  # noqa: E402
from models.training.fit_check import (  # noqa: E402
    colours_read,
    look_tallies,
    main,
    pair_tallies,
    report,
    table,
)
from models.training.nets import DieReader  # noqa: E402
from models.training.train_reader import ReaderCrops, ReaderSettings  # noqa: E402


def _bank(colours: list[int], looks: list[str], blends: list[str] | None = None) -> Bank:
    n = len(colours)
    return Bank(
        np.zeros((n, 48, 48, 3), np.uint8),
        np.zeros((n, 9), np.float32),
        np.ones(n, np.int64),
        np.array(colours, np.int64),
        np.array(looks),
        np.array(blends or [""] * n),
        np.zeros(n, np.int64),
    )


@pytest.mark.parametrize(
    ("colours", "looks", "read", "expected"),
    [
        ([0], ["named solid"], [0], [Tally("named solid", 0, 1), Tally("all", 0, 1)]),
        (
            [8, 0, 8, 4],
            ["metal", "named solid", "two-colour marble", "named marbled"],
            [6, 0, 4, 4],
            [
                Tally("named solid", 0, 1),
                Tally("named marbled", 0, 1),
                Tally("two-colour marble", 1, 1),
                Tally("metal", 1, 1),
                Tally("all", 2, 4),
            ],
        ),
    ],
    ids=["one-right", "looks-in-order"],
)
def test_look_tallies(
    colours: list[int], looks: list[str], read: list[int], expected: list[Tally]
) -> None:
    assert look_tallies(_bank(colours, looks), np.array(read, np.int64)) == expected


def test_pairs_are_tallied_by_name() -> None:
    bank = _bank(
        [8, 8, 8, 0],
        ["two-colour marble"] * 3 + ["named solid"],
        ["red+green", "blue+black", "blue+black", ""],
    )
    assert pair_tallies(bank, np.array([8, 4, 8, 0], np.int64)) == [
        Tally("blue+black", 1, 2),
        Tally("red+green", 0, 1),
    ]
    assert pair_tallies(_bank([0], ["named solid"]), np.array([0], np.int64)) == []


def test_table_sets_before_beside_after() -> None:
    before = [Tally("metal", 3, 10), Tally("all", 3, 10)]
    after = [Tally("metal", 0, 10), Tally("all", 0, 10)]
    columns = [("before", before), ("after", after)]
    assert table("check b.npz (10 crops):", columns).splitlines() == [
        "check b.npz (10 crops):",
        "  look                                before                     after",
        "  metal                  3 of     10  70.00%       0 of     10 100.00%",
        "  all                    3 of     10  70.00%       0 of     10 100.00%",
    ]


def test_report_adds_the_pairs_where_there_are_marbles() -> None:
    bank = _bank([8, 0], ["two-colour marble", "named solid"], ["blue+black", ""])
    text = report("check b.npz", bank, [("read", np.array([4, 0], np.int64))])
    assert text.splitlines() == [
        "check b.npz (2 crops):",
        "  look                                  read",
        "  named solid            0 of      1 100.00%",
        "  two-colour marble      1 of      1   0.00%",
        "  all                    1 of      2  50.00%",
        "check b.npz, two-colour marbles:",
        "  colours                               read",
        "  blue+black             1 of      1   0.00%",
    ]
    plain = report("b", _bank([0], ["named solid"]), [("read", np.array([0], np.int64))])
    assert "two-colour marbles" not in plain


def test_colours_read_names_one_colour_a_crop() -> None:
    torch.manual_seed(0)
    read = colours_read(DieReader(), _bank([0, 1, 2], ["named solid"] * 3))
    assert read.shape == (3,)
    assert set(read.tolist()) <= set(range(9))


def test_without_augmentation_the_reader_gets_each_crop_as_cut() -> None:
    rng = np.random.default_rng(0)
    crop_set = CropSet(
        "one",
        1.0,
        rng.integers(0, 255, (1, 48, 48, 3), dtype=np.uint8),
        np.full((1, 9), 0.5, np.float32),
        np.array([3]),
        np.array([2]),
    )
    plain = ReaderCrops([crop_set], ReaderSettings(augment=False))
    x, cast, pips, colour = next(iter(plain))
    np.testing.assert_allclose(x, crop_set.crops[0].transpose(2, 0, 1) / 255.0)
    np.testing.assert_array_equal(cast, crop_set.casts[0])
    assert (int(pips), int(colour)) == (3, 2)
    augmented = next(iter(ReaderCrops([crop_set], ReaderSettings())))
    assert not np.allclose(augmented[0], x)


@pytest.fixture(scope="module")
def banks(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("banks")
    train, check = folder / "train.npz", folder / "check.npz"
    save_bank(render_bank(BankSpec(seed=7, scenes=2, jitters=1)), train)
    save_bank(render_bank(BankSpec(seed=8, scenes=1, jitters=0, families="holdout")), check)
    return train, check


def test_the_command_trains_and_reports_each_bank(
    banks: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train, check = banks
    argv = ["--train", str(train), "--check", str(check), "--steps", "2", "--batch", "4"]
    main([*argv, "--no-augment", "--scenes", "1", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert "trained 2 steps of 4 at peak lr 0.0006 on" in out
    assert "of 1 scenes, augmentation off" in out
    assert out.count("  all ") == 2
    assert f"check {check} (" in out
    state = torch.load(tmp_path / "reader.pt")
    DieReader().load_state_dict(state)


def test_the_command_goes_on_from_a_saved_reader(
    banks: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train, _ = banks
    torch.save(DieReader().state_dict(), tmp_path / "reader.pt")
    main(["--train", str(train), "--from", str(tmp_path), "--steps", "1", "--batch", "2"])
    assert "augmentation on" in capsys.readouterr().out


def test_read_only_reads_the_check_banks_as_they_are(
    banks: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, check = banks
    main(["--read-only", "--check", str(check)])
    out = capsys.readouterr().out
    assert out.startswith(f"check {check} (")
    assert "  look                                  read" in out
    assert "trained" not in out


def test_nothing_to_train_on_and_nothing_to_read_is_refused() -> None:
    with pytest.raises(SystemExit, match="name a --train bank, or --check banks with --read-only"):
        main(["--check", "b.npz"])


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--from", "nowhere"], "--from nowhere: no reader.pt there"),
        (["--scenes", "0"], None),
        (["--check", "missing.npz"], "missing.npz: cannot read a crop bank"),
    ],
    ids=["no-reader", "no-scenes", "no-bank"],
)
def test_the_command_refuses_what_it_cannot_use(
    banks: tuple[Path, Path], extra: list[str], message: str | None
) -> None:
    train, _ = banks
    with pytest.raises(SystemExit) as caught:
        main(["--train", str(train), "--steps", "1", *extra])
    if message is None:
        assert caught.value.code == 2
    else:
        assert message in str(caught.value.code)
