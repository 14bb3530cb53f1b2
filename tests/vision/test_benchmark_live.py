"""How the live benchmark reports its rolls: right or wrong, and delays apart for flagged rolls."""

from __future__ import annotations

from vision.benchmark.live import LiveBench, RollTiming

RED4 = (("red", 4),)


def bench(*rolls: RollTiming) -> LiveBench:
    return LiveBench("demo.mp4", 300, (1280, 720), 10.0, {"decode": 2.0}, rolls, len(rolls))


def test_rolls_read_surely_and_flagged_rolls_have_their_own_delay_line() -> None:
    lines = bench(
        RollTiming(2000.0, 150.0, RED4, RED4),
        RollTiming(5000.0, 250.0, RED4, (("blue", 4),)),
        RollTiming(9000.0, 1500.0, RED4, RED4, flagged=True),
    ).lines()
    assert lines[0] == "live path on demo.mp4: 300 frames of 1280x720"
    assert "  end-to-end frames per second: 30.0" in lines
    assert "  at   2.00 s: delay  150.0 ms right" in lines
    assert "  at   5.00 s: delay  250.0 ms expected (('blue', 4),)" in lines
    assert "  at   9.00 s: delay 1500.0 ms right, flagged unsure" in lines
    assert lines[-2:] == [
        "delay from dice still to roll, 2 rolls read surely: max 250.0 ms, median 250.0 ms",
        "delay from dice still to roll, 1 rolls flagged unsure: max 1500.0 ms, median 1500.0 ms",
    ]


def test_a_video_without_sidecar_reports_no_right_or_wrong() -> None:
    lines = bench(RollTiming(2000.0, 120.0, RED4, None)).lines()
    assert "  at   2.00 s: delay  120.0 ms" in lines
    assert RollTiming(2000.0, 120.0, RED4, None).correct is False


def test_the_cost_of_a_still_picture_and_a_moving_one_each_have_a_line() -> None:
    lines = LiveBench(
        "demo.mp4", 4, (1280, 720), 1.0, {}, (), 0, still_ms=(10.0, 20.0), moving_ms=(40.0,)
    ).lines()
    assert "  still picture:   15.00 ms per frame processed (2 frames)" in lines
    assert "  moving picture:   40.00 ms per frame processed (1 frames)" in lines
