"""`dicetable bench --phone`: the server's cost of a phone's frame beside a webcam's, on the same
frames of the demo recording, read by the shipped reader."""

from __future__ import annotations

from companion.feed.live import game_reader
from vision.benchmark.phone import bench_phone
from vision.live import DEMO_VIDEO


def test_the_same_frames_are_timed_both_ways_and_read_alike() -> None:
    result = bench_phone(DEMO_VIDEO, game_reader(), frames=3)
    assert result.frames == 3 and result.frame_size == (1280, 720)
    assert result.phone_decode_ms > 0 and result.webcam_read_ms > 0 and result.phone_read_ms > 0
    assert 20 < result.jpeg_kb < 400 and result.same_dice >= 2
    lines = result.lines(fps=10)
    assert lines[0] == "server cost per frame on ryb-demo.mp4: 3 frames of 1280x720"
    assert lines[1].startswith("  webcam frame: decode") and "JPEG checked" in lines[2]
    assert f"{result.jpeg_kb * 8 * 10 / 1000:.1f} Mbit/s at 10 frames a second" in lines[3]
