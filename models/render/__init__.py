"""Synthetic photos of pip dice on tables, with exact labels (issue 3, item 2).

A fast 2D renderer (OpenCV and numpy, no 3D engine): every call takes a numpy Generator and is
deterministic for it. Backgrounds and lamps come in named families so that some can be held
out of training. See `render_scene`, `die_crops`, `TableAnimation` and `python -m models.render`.
"""

from models.render.animation import AnimationFrame, DieStop, TableAnimation
from models.render.crops import DieCrop, die_crops
from models.render.events import Event, HandPass, Nudge, PickUp, Sweep, Throw
from models.render.families import (
    BACKGROUNDS,
    HOLDOUT_BACKGROUNDS,
    HOLDOUT_LIGHTS,
    LIGHTS,
    TABLE_BACKGROUNDS,
    TABLE_LIGHTS,
    TRAIN_BACKGROUNDS,
    TRAIN_LIGHTS,
)
from models.render.scene import render_scene
from models.render.values import DieLabel, RenderedScene, SceneConfig

__all__ = [
    "BACKGROUNDS",
    "HOLDOUT_BACKGROUNDS",
    "HOLDOUT_LIGHTS",
    "LIGHTS",
    "TABLE_BACKGROUNDS",
    "TABLE_LIGHTS",
    "TRAIN_BACKGROUNDS",
    "TRAIN_LIGHTS",
    "AnimationFrame",
    "DieCrop",
    "DieLabel",
    "DieStop",
    "Event",
    "HandPass",
    "Nudge",
    "PickUp",
    "RenderedScene",
    "SceneConfig",
    "Sweep",
    "TableAnimation",
    "Throw",
    "die_crops",
    "render_scene",
]
