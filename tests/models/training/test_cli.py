"""`python -m models.training`'s settings from its command line (needs the optional torch
extra: skipped where training is not installed)."""

from pathlib import Path

import pytest

pytest.importorskip("torch")

from models.training.__main__ import chosen_renders, main, parse_args, settings
from models.training.data import training_folders


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


def test_shares_that_leave_the_renders_nothing_stop_training_before_it_starts(
    tmp_path: Path,
) -> None:
    for name in ("rune55-gray", "byler-colour"):
        (tmp_path / "real" / name / "images").mkdir(parents=True)
    argv = ["--data", str(tmp_path / "real"), "--rendered", str(tmp_path / "synth")]
    with pytest.raises(SystemExit, match="none left for renders"):
        main([*argv, "--share", "rune55-gray=0.9", "--share", "byler-colour=0.5"])
    assert not (tmp_path / "synth").exists()


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        ([], ["s640", "s1280", "s960", "s800", "s960x"]),
        (["--renders", "s640", "--renders", "s_tables"], ["s640", "s_tables"]),
        (["--renders", "s_tables", "--renders", "s_tables"], ["s_tables"]),
        (["--renders", "s_flyer"], ["s_flyer"]),
    ],
)
def test_renders_choose_the_rendered_sets(argv: list[str], names: list[str]) -> None:
    assert [spec.name for spec in chosen_renders(parse_args(argv))] == names


@pytest.mark.parametrize(
    ("argv", "bad"),
    [(["--renders", "holdout"], "holdout"), (["--leave-out", "byler"], "byler")],
)
def test_unknown_sets_are_refused_by_name(
    argv: list[str], bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The held-out renders are never a training set: naming them is refused.
    with pytest.raises(SystemExit):
        parse_args(argv)
    assert f"invalid choice: '{bad}'" in capsys.readouterr().err


def test_a_left_out_real_set_gives_its_share_to_the_renders(tmp_path: Path) -> None:
    for name in ("byler-colour", "rune55-pxl-colour"):
        (tmp_path / name / "images").mkdir(parents=True)
    renders = [tmp_path / "s640", tmp_path / "s_tables"]
    every = dict(training_folders(tmp_path, renders))
    assert every[tmp_path / "rune55-pxl-colour"] == pytest.approx(0.15)
    assert every[tmp_path / "s640"] == pytest.approx(0.35)
    left = dict(training_folders(tmp_path, renders, frozenset({"rune55-pxl-colour"})))
    assert tmp_path / "rune55-pxl-colour" not in left
    assert left[tmp_path / "byler-colour"] == pytest.approx(0.15)
    assert left[tmp_path / "s640"] == pytest.approx(0.425)
    assert sum(left.values()) == pytest.approx(1.0)


def test_a_real_sets_share_can_be_raised_and_the_renders_share_the_rest(tmp_path: Path) -> None:
    for name in ("byler-colour", "rune55-gray"):
        (tmp_path / name / "images").mkdir(parents=True)
    renders = [tmp_path / "s640", tmp_path / "s_tables"]
    shares = dict(training_folders(tmp_path, renders, shares={"rune55-gray": 0.35}))
    assert shares[tmp_path / "rune55-gray"] == pytest.approx(0.35)
    assert shares[tmp_path / "byler-colour"] == pytest.approx(0.15)
    assert shares[tmp_path / "s640"] == pytest.approx(0.25)
    with pytest.raises(ValueError, match="none left for renders"):
        training_folders(tmp_path, renders, shares={"rune55-gray": 0.9})


@pytest.mark.parametrize(
    ("value", "bad"),
    [
        ("rune55-grey=0.3", "NAME=SHARE"),
        ("rune55-gray", "NAME=SHARE"),
        ("rune55-gray=2", "between 0 and 1"),
    ],
)
def test_a_bad_share_is_refused_by_name(
    value: str, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--share", value])
    assert bad in capsys.readouterr().err
