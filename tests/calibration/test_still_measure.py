"""Calibration waits for a still, hand-free picture and keeps nothing it doubts unless told
(issue 47 item 3: a hand over the table was warned about, then kept as the empty table)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration import storage
from calibration.empty import load_empty
from calibration.measure import LIVE_WARMUP_FRAMES, MeasureRequest, grab_still, measure_source
from companion.cli import main
from tests.calibration.helpers import make_profile, noisy, table_scene
from vision.sources import SyntheticSource

ImageBGR = np.ndarray


def _with_hand(frame: ImageBGR, x: int) -> ImageBGR:
    out = frame.copy()
    out[150:330, x : x + 140] = (120, 160, 215)  # a hand's skin tone, BGR
    return out


def _reaching(still_after: int | None, total: int = 40) -> list[ImageBGR]:
    """A table with a hand moving over it, gone from frame `still_after` (None: never)."""
    table = table_scene()
    frames = []
    for i in range(total):
        moving = still_after is None or i < still_after
        shown = _with_hand(table, 60 + (17 * i) % 400) if moving else table
        frames.append(noisy(shown, 3.0, seed=i))
    return frames


def test_a_live_camera_is_watched_until_the_hand_is_gone() -> None:
    frames = _reaching(still_after=LIVE_WARMUP_FRAMES + 12)
    grabbed = grab_still(SyntheticSource(frames, live=True), 5)
    assert grabbed.still and len(grabbed.frames) == 5
    table = table_scene().astype(int)
    assert all(np.abs(f.astype(int) - table).mean() < 5 for f in grabbed.frames)


def test_a_picture_that_never_holds_still_is_doubted() -> None:
    source = SyntheticSource(_reaching(still_after=None), live=False)
    whole = ((0, 0), (639, 0), (639, 479), (0, 479))
    measured = measure_source(source, MeasureRequest("den", "cam", table=whole), 5)
    assert measured.doubts and "did not hold still" in measured.doubts[0]


def _folder(tmp_path: Path, frame: ImageBGR) -> Path:
    folder = tmp_path / "camera"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame.png"), frame)
    return folder


def test_a_doubted_measure_is_not_kept_or_activated_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand lying still in the middle of the table: the table guess doubts the centre, so
    neither the profile nor the hand as the empty table is kept, the old profile stays active."""
    data, preview = tmp_path / "data", tmp_path / "preview.jpg"
    hand = _folder(tmp_path, _with_hand(table_scene(), 300))
    storage.save_profile(data, make_profile(name="old"))
    storage.activate(data, "old")
    args = ["calibrate", "--source", str(hand), "--frames", "1", "--activate", "--data", str(data)]
    assert main([*args, "--preview", str(preview)]) == 2
    err = capsys.readouterr().err
    assert "nothing kept: the table found automatically is unreliable" in err
    assert "--force" in err and str(preview) in err and preview.is_file()
    assert storage.active_name(data) == "old" and storage.list_profiles(data) == ["old"]
    assert load_empty(data, "default") is None
    assert main([*args, "--force"]) == 0
    assert storage.active_name(data) == "default" and load_empty(data, "default") is not None
