"""Renderer throughput on one core: `python -m models.render --bench`."""

from __future__ import annotations

import time
from collections.abc import Callable

import cv2
import numpy as np

from models.render.animation import VIDEO_CONFIG, TableAnimation
from models.render.crops import die_crops
from models.render.demo import RYB
from models.render.events import Throw
from models.render.face import face_texture
from models.render.scene import render_scene
from models.render.values import RenderedScene, SceneConfig

VIDEO_FRAMES = 45
BENCH_CONFIG = SceneConfig(width=640, height=480, dice_count=(8, 8), die_px=(15.0, 80.0))


def _timed(fn: Callable[[int], object], n: int, rounds: int = 3) -> float:
    """Seconds of this process's CPU per call (wall time would count other programs), from
    the best of `rounds` rounds over the same inputs, as `timeit` does: other programs only
    ever slow it down. Face textures are forgotten before each round."""
    fn(0)
    best = float("inf")
    for _ in range(rounds):
        face_texture.cache_clear()
        start = time.process_time()
        for i in range(n):
            fn(i + 1)
        best = min(best, (time.process_time() - start) / n)
    return best


def run_bench(scenes: int = 30, print_fn: Callable[[str], None] = print) -> dict[str, float]:
    """Scenes per second at 640x480 with 8 dice, crops per second, on one OpenCV thread."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        made: list[RenderedScene] = []

        def one(i: int) -> None:
            scene = render_scene(np.random.default_rng(i), BENCH_CONFIG)
            if len(made) < scenes:
                made.append(scene)

        per_scene = _timed(one, scenes)
        dice = sum(len(s.visible_dice) for s in made) / len(made)
        rng = np.random.default_rng(0)
        per_crop_set = _timed(lambda i: die_crops(made[i % len(made)], 48, 0.12, rng), scenes)
        anim = TableAnimation(
            np.random.default_rng(0), [Throw(0.1, RYB * 2)], VIDEO_FRAMES / 30.0, VIDEO_CONFIG
        )
        per_frame = _timed(lambda i: anim.frame(i % anim.n_frames), VIDEO_FRAMES, rounds=2)
    finally:
        cv2.setNumThreads(threads)
    figures = {
        "video_frames_per_s": 1.0 / per_frame,
        "scenes_per_s": 1.0 / per_scene,
        "labelled_dice_per_scene": dice,
        "crops_per_s_from_rendered": dice / per_crop_set,
        "crops_per_s_with_rendering": dice / (per_scene + per_crop_set),
    }
    print_fn(
        f"640x480, 8 dice, one core: {figures['scenes_per_s']:.1f} scenes/s "
        f"({per_scene * 1000:.1f} ms CPU each, {dice:.1f} labelled dice per scene)"
    )
    print_fn(
        f"48x48 crops with 12% jitter: {figures['crops_per_s_from_rendered']:.0f}/s from rendered "
        f"scenes, {figures['crops_per_s_with_rendering']:.0f}/s including rendering"
    )
    print_fn(
        f"1280x720 video frames (6 dice thrown, tumbling then still): "
        f"{figures['video_frames_per_s']:.1f} frames/s"
    )
    return figures
