"""A folder of still images played as a video: sorted by name, at a chosen frame rate."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import cast

import cv2

from vision.sources.base import Frame, ImageBGR, Pacer, SourceError, check_fps, now_ms

IMAGE_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"})

log = logging.getLogger(__name__)


def _natural_key(path: Path) -> list[int | str]:
    """`frame2` before `frame10`, as people number files."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", path.name)]


def list_images(folder: Path) -> list[Path]:
    """Image files directly inside `folder`; links that lead out of it are left alone."""
    root = folder.resolve()
    found = [
        p
        for p in folder.iterdir()
        if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file() and p.resolve().parent == root
    ]
    return sorted(found, key=_natural_key)


class ImageFolderSource:
    """Every image in one folder, one frame each, stamped `index * 1000 / fps`.

    Files that cannot be decoded are skipped with a log line (a folder of photos often holds a
    stray broken file); a folder with no readable image at all is an error.
    """

    def __init__(
        self, folder: str | Path, *, fps: float = 5.0, loop: bool = False, realtime: bool = True
    ) -> None:
        self.folder = Path(folder)
        self.fps = check_fps(fps)
        self.loop = loop
        self._pacer = Pacer(realtime)
        self._files: list[Path] = []
        self._pos = 0
        self._next_index = 0
        self._opened = False

    @property
    def name(self) -> str:
        return f"folder {self.folder.name}"

    @property
    def is_live(self) -> bool:
        return False

    def open(self) -> None:
        if not self.folder.is_dir():
            raise SourceError(f"{self.folder} is not a folder")
        self._files = list_images(self.folder)
        if not self._files:
            raise SourceError(f"no images ({', '.join(sorted(IMAGE_SUFFIXES))}) in {self.folder}")
        self._pos = 0
        self._opened = True
        self._pacer.reset()

    def close(self) -> None:
        self._opened = False

    def read(self) -> Frame | None:
        if not self._opened:
            raise SourceError(f"{self.name} is not open")
        for _ in range(len(self._files) + 1):
            if self._pos >= len(self._files):
                if not self.loop:
                    return None
                self._pos = 0
            path = self._files[self._pos]
            self._pos += 1
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is not None:
                return self._frame(cast(ImageBGR, image))
            log.warning("skipping %s: not a readable image", path)
        raise SourceError(f"no readable image in {self.folder}")

    def _frame(self, image: ImageBGR) -> Frame:
        t_ms = self._next_index * 1000.0 / self.fps
        self._pacer.wait_for(t_ms)
        frame = Frame(image, self._next_index, t_ms, now_ms())
        self._next_index += 1
        return frame
