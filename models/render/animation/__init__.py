"""Videos of one table: `plan` turns thrown, nudged and swept dice into per-frame poses and
hands, `video` draws each frame with its labels."""

from models.render.animation.video import (
    VIDEO_CONFIG,
    AnimationFrame,
    DieStop,
    TableAnimation,
    frame_of,
)

__all__ = ["VIDEO_CONFIG", "AnimationFrame", "DieStop", "TableAnimation", "frame_of"]
