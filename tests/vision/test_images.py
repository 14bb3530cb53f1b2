from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.errors import ImageError
from vision.images import image_paths, load_image


def _jpeg(path: Path, w: int = 64, h: int = 48) -> bytes:
    ok, buf = cv2.imencode(".jpg", np.full((h, w, 3), 128, np.uint8))
    assert ok
    path.write_bytes(buf.tobytes())
    return buf.tobytes()


def test_loads_a_good_jpeg(tmp_path: Path) -> None:
    _jpeg(tmp_path / "ok.jpg")
    assert load_image(tmp_path / "ok.jpg").shape == (48, 64, 3)


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("missing.jpg", None, "no such file"),
        ("empty.jpg", lambda p: p.write_bytes(b""), "the file is empty"),
        ("text.jpg", lambda p: p.write_text("hello, not a picture"), "not a JPEG, PNG or BMP"),
        ("cut.jpg", lambda p: p.write_bytes(_jpeg(p)[:-300]), "truncated"),
        ("tiny.jpg", lambda p: _jpeg(p, 8, 8), "too small"),
    ],
)
def test_bad_files_get_a_clear_error(tmp_path: Path, name: str, make: object, message: str) -> None:
    path = tmp_path / name
    if callable(make):
        make(path)
    with pytest.raises(ImageError, match=message) as info:
        load_image(path)
    assert name in str(info.value)


def test_huge_images_are_refused_before_decoding(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    # A valid PNG header claiming 100000 x 100000 pixels: refused from the header alone.
    header = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (100000).to_bytes(4, "big") * 2
    path.write_bytes(header + b"\x08\x02\x00\x00\x00" + b"\x00" * 64)
    with pytest.raises(ImageError, match="too large"):
        load_image(path)


def test_image_paths_expands_folders(tmp_path: Path) -> None:
    for name in ("b.jpg", "a.png", "notes.txt"):
        (tmp_path / name).write_bytes(b"x")
    assert [p.name for p in image_paths([tmp_path])] == ["a.png", "b.jpg"]
