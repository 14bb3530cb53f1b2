"""`python -m models.training`'s settings from its command line (needs the optional torch
extra: skipped where training is not installed)."""

from pathlib import Path

import pytest

pytest.importorskip("torch")

from models.training.__main__ import main, parse_args, settings


@pytest.mark.parametrize(
    ("argv", "finder", "reader"),
    [
        ([], (3000, 1, 3e-3), (5000, 2, 3e-3)),
        (["--seed", "20"], (3000, 21, 3e-3), (5000, 22, 3e-3)),
        (
            ["--reader-steps", "4000", "--reader-lr", "7e-4", "--seed", "20"],
            (3000, 21, 3e-3),
            (4000, 22, 7e-4),
        ),
        (["--quick", "--seed", "1"], (20, 2, 3e-3), (20, 3, 3e-3)),
    ],
)
def test_settings_follow_the_command_line(
    argv: list[str], finder: tuple[int, int, float], reader: tuple[int, int, float]
) -> None:
    f_set, r_set = settings(parse_args(argv))
    assert (f_set.steps, f_set.seed, f_set.lr) == pytest.approx(finder)
    assert (r_set.steps, r_set.seed, r_set.lr) == pytest.approx(reader)


@pytest.mark.parametrize(
    ("value", "message"), [("-1", "must be 0 or more, got -1"), ("x", "expected a whole number")]
)
def test_a_bad_seed_is_refused_by_name(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--seed", value])
    assert f"--seed: {message}" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--reader-steps", "0"], "--reader-steps: must be 1 or more, got 0"),
        (["--finder-lr", "-1"], "--finder-lr: must be above 0, got -1"),
        (["--threads", "0"], "--threads: must be 1 or more, got 0"),
        (["--mine", "-5"], "--mine: must be 0 or more, got -5"),
    ],
)
def test_bad_numbers_are_refused_by_name(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parse_args(argv)
    assert message in capsys.readouterr().err


def test_banks_are_named_on_the_command_line() -> None:
    args = parse_args(["--bank", "a.npz", "--bank", "b.npz", "--bank-share", "0.3"])
    assert args.bank == [Path("a.npz"), Path("b.npz")]
    assert args.bank_share == pytest.approx(0.3)
    assert parse_args([]).bank == []


def test_a_bad_bank_share_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--bank-share", "1"])
    assert "--bank-share: must be between 0 and 1, got 1" in capsys.readouterr().err


def test_a_bank_that_cannot_be_read_stops_training_before_it_starts(tmp_path: Path) -> None:
    missing = tmp_path / "missing.npz"
    with pytest.raises(SystemExit, match=r"missing\.npz: cannot read a crop bank"):
        main(["--bank", str(missing), "--rendered", str(tmp_path / "synth")])
    assert not (tmp_path / "synth").exists()
