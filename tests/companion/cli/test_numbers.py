"""Every command line refuses a bad number before any work, naming the option and the value
(bench's `--dice 100` and the renderer's `--seed -1` used to end in a traceback, and watch's
`--max-rolls -1` stopped after the first roll)."""

import pytest

from companion.cli import main
from companion.cli.commands import bench
from models.render.__main__ import main as render_main
from models.render.values import MAX_SIDE, SceneConfig


@pytest.mark.parametrize(
    ("argv", "option", "value"),
    [
        (["bench", "--dice", "100"], "--dice", "100"),
        (["bench", "--dice", "-3"], "--dice", "-3"),
        (["bench", "--frames", "0"], "--frames", "0"),
        (["bench", "--repeats", "101"], "--repeats", "101"),
        (["bench", "--threads", "0"], "--threads", "0"),
        (["bench", "--size", "100x100"], "--size", "100x100"),
        (["bench", "--size", "wide"], "--size", "wide"),
        (["bench", "--seed", "-1"], "--seed", "-1"),
        (["bench", "--removed", "-1"], "--removed", "-1"),
        (["watch", "demo.mp4", "--max-rolls", "-1"], "--max-rolls", "-1"),
        (["watch", "demo.mp4", "--settle-ms", "0"], "--settle-ms", "0"),
    ],
)
def test_dicetable_refuses_bad_numbers_by_name(
    argv: list[str], option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}" in err
    assert value in err


def test_bench_refuses_more_removed_things_than_its_memory_holds() -> None:
    with pytest.raises(SystemExit, match="--removed 6 is more than the memory's 5 dice"):
        main(["bench", "--memory", "5", "--removed", "6"])


def test_bench_times_a_memory_with_removed_things(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--frames", "2", "--repeats", "1", "--size", "640x360"]
    assert main([*argv, "--memory", "40", "--removed", "8", "--json"]) == 0
    assert '"memory": {"mean"' in capsys.readouterr().out


def test_bench_refuses_marks_without_a_memory() -> None:
    with pytest.raises(SystemExit, match="--by-marks times a table's memory: give --memory N"):
        main(["bench", "--by-marks"])


def test_bench_times_a_table_that_reads_faces_by_their_marks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "--frames", "2", "--repeats", "1", "--size", "640x360"]
    assert main([*argv, "--memory", "40", "--by-marks", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"marks": {"mean"' in out and '"memory": {"mean"' in out


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["--count", "0"], "--count"),
        (["--seed", "-1"], "--seed"),
        (["--start", "-5"], "--start"),
        (["--size", "10x10"], "--size"),
    ],
)
def test_renderer_refuses_bad_numbers_by_name(
    argv: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        render_main(["--out", "unused", *argv])
    assert stop.value.code == 2
    assert f"argument {option}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "size", [(bench.MIN_SIDE, bench.MIN_SIDE), (bench.MAX_SIDE, bench.MIN_SIDE)]
)
def test_bench_limits_are_scenes_the_renderer_draws(size: tuple[int, int]) -> None:
    width, height = size
    SceneConfig(
        width=width, height=height, dice_count=(bench.MAX_DICE, bench.MAX_DICE), die_px=bench.DIE_PX
    )
    assert bench.MAX_SIDE == MAX_SIDE
