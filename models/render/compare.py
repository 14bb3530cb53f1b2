"""Renders of the real-table kind beside real photos, to check by eye that they look alike.

    python -m models.render.compare OUT.png --real DIR [--count N] [--seed S] [--size WxH]
        [--height PX] [--boxes]

Each row holds one real photo (taken evenly from DIR's pictures, sorted by name; `images/` is
used when DIR has one) and one render of `SceneConfig.tables`, both scaled to the same height.
`--boxes` draws each labelled die's box and top face in the render, with its colour class.
Keep OUT outside the repository when DIR holds licensed photos (`work-data/` is ignored).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from models.render.scene import render_scene
from models.render.values import RenderedScene, SceneConfig

U8 = npt.NDArray[np.uint8]
PICTURES = (".jpg", ".jpeg", ".png", ".bmp")


def real_pictures(folder: Path, count: int) -> list[Path]:
    """`count` pictures spread evenly over the folder's (or its `images/`) sorted pictures."""
    if (folder / "images").is_dir():
        folder = folder / "images"
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder of photos")
    found = sorted(p for p in folder.iterdir() if p.suffix.lower() in PICTURES)
    if not found:
        raise ValueError(f"{folder} holds no .jpg or .png photos")
    picks = np.linspace(0, len(found) - 1, min(count, len(found))).round().astype(int)
    return [found[i] for i in picks]


def _fit(img: U8, height: int) -> U8:
    width = max(1, round(img.shape[1] * height / img.shape[0]))
    return np.asarray(cv2.resize(img, (width, height), interpolation=cv2.INTER_AREA), np.uint8)


def _caption(img: U8, text: str) -> U8:
    out = img.copy()
    cv2.putText(out, text, (8, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4, cv2.LINE_AA)
    cv2.putText(out, text, (8, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def draw_labels(scene: RenderedScene) -> U8:
    """The render with each visible die's box, top face and colour class drawn on."""
    img = scene.image_bgr.copy()
    for die in scene.visible_dice:
        x1, y1, x2, y2 = die.box_xyxy
        cv2.rectangle(img, (x1, y1), (x2 - 1, y2 - 1), (0, 255, 255), 1)
        quad = np.round(np.array(die.top_quad)).astype(np.int32)
        cv2.polylines(img, [quad], True, (255, 0, 255), 1, cv2.LINE_AA)
        tag = f"{die.colour.value[:3]}{die.pips}"
        cv2.putText(img, tag, (x1, max(10, y1 - 2)), cv2.FONT_HERSHEY_PLAIN, 0.9, (0, 255, 0), 1)
    return np.asarray(img, np.uint8)


def side_by_side(
    real: Sequence[Path], cfg: SceneConfig, seed: int, height: int, boxes: bool = False
) -> U8:
    """One row per real photo: the photo, then a render of `cfg` (scene i of `seed`)."""
    rows = []
    for i, path in enumerate(real):
        read = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if read is None:
            raise ValueError(f"{path} is not a picture OpenCV can read")
        photo = np.asarray(read, np.uint8)
        scene = render_scene(np.random.default_rng([seed, i]), cfg)
        drawn = draw_labels(scene) if boxes else scene.image_bgr
        left = _caption(_fit(photo, height), f"real {path.name[:28]}")
        right = _caption(_fit(drawn, height), f"render {scene.background}, {scene.light}")
        rows.append(np.hstack([left, np.full((height, 6, 3), 255, np.uint8), right]))
    width = max(r.shape[1] for r in rows)
    padded = [
        np.pad(r, ((0, 6), (0, width - r.shape[1]), (0, 0)), constant_values=255) for r in rows
    ]
    return np.asarray(np.vstack(padded), np.uint8)


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 960x540, got {text!r}") from None
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m models.render.compare", description=__doc__)
    parser.add_argument("out", type=Path, help="picture to write (.png or .jpg)")
    parser.add_argument("--real", type=Path, required=True, help="folder of real photos")
    parser.add_argument("--count", type=int, default=6, help="rows (1..24)")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--size", type=_size, default=(800, 600), help="render size WxH")
    parser.add_argument("--height", type=int, default=360, help="row height in pixels")
    parser.add_argument("--boxes", action="store_true", help="draw the render's labels")
    args = parser.parse_args(argv)
    if not 1 <= args.count <= 24:
        parser.error(f"--count must be 1..24, got {args.count}")
    if not 64 <= args.height <= 1080:
        parser.error(f"--height must be 64..1080, got {args.height}")
    try:
        real = real_pictures(args.real, args.count)
        cfg = SceneConfig.tables(*args.size)
        picture = side_by_side(real, cfg, args.seed, args.height, args.boxes)
    except ValueError as err:
        parser.error(str(err))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(args.out), picture):
        parser.error(f"could not write {args.out} (use a .png or .jpg name)")
    print(f"{args.out}: {len(real)} real photos beside {len(real)} renders")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
