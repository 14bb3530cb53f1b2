"""Videos of one table: dice thrown in, tumbling, settling; hands passing, nudging, picking
up and sweeping dice away. Every frame comes with its labels (each die flagged `moving`)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import numpy as np

from models.render.animation.plan import Plan, plan_events
from models.render.dice import DiePose
from models.render.events import Event
from models.render.hands import Hand
from models.render.scene import DieEntry, Setting, draw_frame, make_setting, sample_die_world
from models.render.values import RenderedScene, SceneConfig

VIDEO_CONFIG = SceneConfig(
    width=1280, height=720, die_px=(45.0, 80.0), max_tilt_deg=25.0, clutter=0.3, hands=0.0
)


@dataclass(frozen=True)
class AnimationFrame:
    """One frame: its picture and labels (`scene.dice[i].moving`), and whether a hand shows."""

    index: int
    t_s: float
    scene: RenderedScene
    hand_in_view: bool

    @property
    def any_moving(self) -> bool:
        return any(d.moving for d in self.scene.dice)


@dataclass(frozen=True)
class DieStop:
    """A die came to rest (after a throw or a nudge) at `t_s`."""

    die_id: int
    t_s: float


class TableAnimation:
    """A planned video: `frame(i)` renders frame i (deterministic; frames can be drawn in any
    order), `stops` lists when each die came to rest, `still_from_s` when the whole table
    became still after each disturbance."""

    def __init__(
        self,
        rng: np.random.Generator,
        events: Sequence[Event],
        duration_s: float,
        cfg: SceneConfig = VIDEO_CONFIG,
        fps: float = 30.0,
    ) -> None:
        if not 1.0 <= fps <= 120.0:
            raise ValueError(f"fps must be 1..120, got {fps!r}")
        if not 0.1 <= duration_s <= 600.0:
            raise ValueError(f"duration_s must be 0.1..600 seconds, got {duration_s!r}")
        self.cfg = replace(cfg, hands=0.0)
        self.fps = fps
        self.n_frames = max(1, round(duration_s * fps))
        self._seed = int(rng.integers(0, 2**31 - 1))
        die_world = sample_die_world(rng, cfg)
        self.setting: Setting
        self.setting, blocked = make_setting(rng, self.cfg, die_world, video=True)
        self._plan: Plan = plan_events(
            rng,
            self.setting.cam,
            die_world,
            list(events),
            self.n_frames,
            fps,
            blocked,
            cfg.colours,
        )

    @property
    def duration_s(self) -> float:
        return self.n_frames / self.fps

    @property
    def stops(self) -> tuple[DieStop, ...]:
        return tuple(DieStop(d, f / self.fps) for d, f in self._plan.stops)

    @property
    def still_from_s(self) -> tuple[float, ...]:
        """Times at which no die moved any more and no hand was in view, after something had."""
        busy = self._plan.busy
        return tuple(f / self.fps for f in range(1, self.n_frames) if busy[f - 1] and not busy[f])

    def _entries(self, f: int) -> list[DieEntry]:
        cam = self.setting.cam
        out = []
        for track in self._plan.tracks:
            if not track.present[f]:
                continue
            blur = (0.0, 0.0)
            if track.moving[f]:
                a, b = max(f - 1, 0), min(f + 1, self.n_frames - 1)
                ends = cam.project(np.stack([track.centre[a], track.centre[b]]))
                # A half-open shutter smears over half a frame's travel each way.
                span = (ends[1] - ends[0]) / max(b - a, 1) * 0.5
                blur = (float(span[0]), float(span[1]))
            pose = DiePose(track.style, track.rot[f], track.centre[f], track.half, blur)
            out.append(DieEntry(track.die_id, pose, bool(track.moving[f])))
        return out

    def hands_at(self, f: int) -> list[Hand]:
        return list(self._plan.hands[f])

    def frame(self, f: int) -> AnimationFrame:
        if not 0 <= f < self.n_frames:
            raise IndexError(f"frame must be 0..{self.n_frames - 1}, got {f!r}")
        rng = np.random.default_rng([self._seed, f])
        hands = self.hands_at(f)
        scene = draw_frame(rng, self.setting, self._entries(f), hands, self.cfg)
        return AnimationFrame(f, f / self.fps, scene, bool(hands))

    def frames(self) -> Iterator[AnimationFrame]:
        for f in range(self.n_frames):
            yield self.frame(f)


def frame_of(t_s: float, fps: float) -> int:
    return math.floor(t_s * fps + 1e-9)
