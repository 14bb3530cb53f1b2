"""Files that look like images and are not whole (issue #24 item 17): a PNG cut inside its
header, and a JPEG whose data stops short but which still ends with an end-of-image marker
(libjpeg decodes it padded with grey and only warns). Each is an error for that image."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.datasets.size import image_size
from vision.errors import ImageError
from vision.images import load_image

PNG_HEAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"  # 20 bytes, cut in the width


def noisy_jpeg() -> bytes:
    picture = (np.random.default_rng(17).random((240, 320, 3)) * 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", picture)
    assert ok
    return bytes(buf.tobytes())


def noisy_png() -> bytes:
    picture = (np.random.default_rng(18).random((240, 320, 3)) * 255).astype(np.uint8)
    ok, buf = cv2.imencode(".png", picture)
    assert ok
    return bytes(buf.tobytes())


DAMAGED = {
    "head.png": PNG_HEAD,
    "head-only.png": noisy_png()[:33],
    "half.jpg": noisy_jpeg()[: len(noisy_jpeg()) // 2] + b"\xff\xd9",
    "most.jpg": noisy_jpeg()[:-400] + b"\xff\xd9",
    "half.png": noisy_png()[: len(noisy_png()) // 2],
}


def test_a_png_cut_in_its_header_has_no_size(tmp_path: Path) -> None:
    path = tmp_path / "head.png"
    path.write_bytes(PNG_HEAD)
    assert len(PNG_HEAD) == 20
    with pytest.raises(ValueError, match="not a PNG, JPEG or BMP"):
        image_size(path)


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_image_is_an_error(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(DAMAGED[name])
    with pytest.raises(ImageError) as info:
        load_image(path)
    assert name in str(info.value)


@pytest.mark.parametrize("data", [noisy_jpeg(), noisy_png()], ids=["jpeg", "png"])
def test_a_whole_image_still_loads_and_leaves_stderr_alone(
    tmp_path: Path, data: bytes, capfd: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "whole.img"
    path.write_bytes(data)
    assert load_image(path).shape == (240, 320, 3)
    print("stderr still works", file=sys.stderr)
    assert capfd.readouterr().err == "stderr still works\n"


def test_read_reports_each_damaged_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("head.png", "half.jpg"):
        (tmp_path / name).write_bytes(DAMAGED[name])
    assert main(["read", str(tmp_path), "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [Path(str(r["image"])).name for r in records] == ["half.jpg", "head.png"]
    assert all("error" in r and "dice" not in r for r in records)
