"""Turning a list of events into per-frame die poses and hands (see `motion`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from models.render.arrays import F64
from models.render.camera import Camera
from models.render.cube import resting_rotation
from models.render.events import Event, HandPass, Nudge, PickUp, Sweep, Throw
from models.render.hands import Hand, sample_skin
from models.render.layout import Spot, overlaps
from models.render.motion import Track, carry, off_picture, push, roll_in, slide
from models.render.palette import DieStyle, sample_style
from vision.types import Colour


@dataclass
class Plan:
    tracks: list[Track]
    hands: list[list[Hand]]
    stops: list[tuple[int, int]] = field(default_factory=list)

    @property
    def busy(self) -> np.ndarray:
        moving = np.zeros(len(self.hands), bool)
        for t in self.tracks:
            moving |= t.moving & t.present
        return np.asarray(moving | np.array([bool(h) for h in self.hands]))


@dataclass
class _Ctx:
    rng: np.random.Generator
    cam: Camera
    die_world: float
    n_frames: int
    fps: float
    blocked: list[Spot]
    plan: Plan
    sets: dict[Colour, DieStyle]
    skin: tuple[float, float, float]
    sleeve: tuple[float, float, float] | None

    def frame(self, t_s: float) -> int:
        return min(max(0, math.floor(t_s * self.fps + 1e-9)), self.n_frames)

    @property
    def palm(self) -> float:
        return min(self.die_world * 5.5, 0.6 * min(self.cam.width, self.cam.height))

    def hand(self, wrist: F64, angle: float, height: float, curl: float = 0.3) -> Hand:
        return Hand(
            float(wrist[0]), float(wrist[1]), angle, self.palm, curl, self.skin, self.sleeve, height
        )

    def add_hands(self, frames: range, hands: list[Hand]) -> None:
        for k, f in enumerate(frames):
            if 0 <= f < self.n_frames:
                prev = hands[k - 1] if k else hands[k]
                nxt = hands[k + 1] if k + 1 < len(hands) else hands[k]
                a, b = self.cam.project(
                    np.array([[prev.x, prev.y, prev.height], [nxt.x, nxt.y, nxt.height]])
                )
                span = (b - a) / max(1, (k + 1 < len(hands)) + (k > 0)) * 0.5
                moving = Hand(**{**hands[k].__dict__, "blur_px": (float(span[0]), float(span[1]))})
                self.plan.hands[f].append(moving)


def _edge_points(ctx: _Ctx, edge: int, t: float) -> tuple[F64, F64]:
    """A point just outside picture edge `edge` (0 top, 1 right, 2 bottom, 3 left) at `t`
    along it, and the unit table direction from there into the picture."""
    w, h = ctx.cam.width, ctx.cam.height
    outside = [(t * w, -0.12 * h), (1.12 * w, t * h), (t * w, 1.12 * h), (-0.12 * w, t * h)]
    inside = [(t * w, 0.5 * h), (0.5 * w, t * h), (t * w, 0.5 * h), (0.5 * w, t * h)]
    a, b = ctx.cam.image_to_table(np.array([outside[edge], inside[edge]]))
    d = b - a
    return a, d / max(float(np.linalg.norm(d)), 1e-9)


def _targets(ctx: _Ctx, count: int, occupied: list[Spot]) -> list[Spot]:
    w, h, half = ctx.cam.width, ctx.cam.height, ctx.die_world / 2
    out: list[Spot] = []
    for _ in range(count * 40):
        if len(out) == count:
            break
        if out and ctx.rng.random() < 0.3:
            base = out[int(ctx.rng.integers(len(out)))]
            ang = float(ctx.rng.uniform(0, 2 * math.pi))
            d = 2 * half * float(ctx.rng.uniform(1.05, 1.4))
            xy = np.array([base.x + d * math.cos(ang), base.y + d * math.sin(ang)])
        else:
            px = ctx.rng.uniform([0.15 * w, 0.15 * h], [0.85 * w, 0.85 * h])
            xy = ctx.cam.image_to_table(px[None, :])[0]
        spot = Spot(float(xy[0]), float(xy[1]), float(ctx.rng.uniform(0, 2 * math.pi)), half)
        if not overlaps(spot, occupied + out, gap=0.1 * half):
            out.append(spot)
    return out


def _on_table(ctx: _Ctx, f: int) -> list[Track]:
    f = min(f, ctx.n_frames - 1)
    return [t for t in ctx.plan.tracks if t.present[f]]


def _style(ctx: _Ctx, colour: Colour) -> DieStyle:
    if colour not in ctx.sets:
        ctx.sets[colour] = sample_style(ctx.rng, colour)
    return ctx.sets[colour]


def _throw(ctx: _Ctx, ev: Throw) -> None:
    f0 = ctx.frame(ev.at_s)
    occupied = [
        Spot(float(t.centre[f0, 0]), float(t.centre[f0, 1]), 0.0, t.half * 1.45)
        for t in _on_table(ctx, f0)
    ]
    targets = _targets(ctx, len(ev.colours), ctx.blocked + occupied)
    if len(targets) < len(ev.colours):
        raise ValueError(
            f"no room on the table for {len(ev.colours)} more dice at {ev.at_s} s "
            f"(found places for {len(targets)})"
        )
    edge = int(ctx.rng.integers(4))
    anchor, inward = _edge_points(ctx, edge, float(ctx.rng.uniform(0.3, 0.7)))
    side = np.array([-inward[1], inward[0]])
    for i, spot in enumerate(targets):
        die_id = len(ctx.plan.tracks)
        track = Track.empty(die_id, _style(ctx, ev.colours[i]), spot.half, ctx.n_frames)
        start = anchor + side * float(ctx.rng.normal(0, 2.0 * spot.half))
        begin = ctx.frame(ev.at_s + float(ctx.rng.uniform(0, 0.15)))
        end = min(ctx.n_frames, begin + max(2, round(ctx.fps * float(ctx.rng.uniform(0.8, 1.5)))))
        if end - begin < 2:
            continue
        value = ev.values[i] if ev.values else int(ctx.rng.integers(1, 7))
        rest = resting_rotation(value, spot.yaw)
        roll_in(track, start, np.array([spot.x, spot.y]), rest, range(begin, end), ctx.rng)
        ctx.plan.tracks.append(track)
        ctx.plan.stops.append((die_id, end - 1))
    # The thrower's hand lets go at the edge and withdraws.
    frames = range(ctx.frame(ev.at_s - 0.25), ctx.frame(ev.at_s + 0.35))
    angle = math.atan2(inward[1], inward[0])
    reach = ctx.palm * 1.6
    hands = [
        ctx.hand(
            anchor + inward * reach * (1 - abs(2 * k / max(len(frames) - 1, 1) - 1)),
            angle,
            ctx.die_world * 3,
            0.2,
        )
        for k in range(len(frames))
    ]
    ctx.add_hands(frames, hands)


def _path(a: F64, b: F64, n: int) -> F64:
    tau = np.linspace(0.0, 1.0, max(n, 1))[:, None]
    ease = tau * tau * (3 - 2 * tau)
    return np.asarray(a + (b - a) * ease, np.float64)


def _hand_pass(ctx: _Ctx, ev: HandPass) -> None:
    edge = int(ctx.rng.integers(4))
    start, inward = _edge_points(ctx, edge, float(ctx.rng.uniform(0.2, 0.8)))
    far, _ = _edge_points(ctx, (edge + 2) % 4, float(ctx.rng.uniform(0.2, 0.8)))
    frames = range(ctx.frame(ev.at_s), ctx.frame(ev.at_s + ev.duration_s))
    pts = _path(start - inward * ctx.palm * 2, far + inward * ctx.palm, len(frames))
    angle = math.atan2(inward[1], inward[0])
    height = ctx.die_world * float(ctx.rng.uniform(2.5, 5.0))
    ctx.add_hands(frames, [ctx.hand(p, angle, height, 0.4) for p in pts])


def _reach(ctx: _Ctx, track: Track, f: int) -> tuple[F64, F64, float]:
    """Edge point to come from (nearest picture edge), unit direction to the die, its angle."""
    centre = track.centre[min(f, ctx.n_frames - 1), :2]
    uv = ctx.cam.project(np.array([[centre[0], centre[1], 0.0]]))[0]
    gaps = [uv[1], ctx.cam.width - uv[0], ctx.cam.height - uv[1], uv[0]]
    edge = int(np.argmin(gaps))
    t = float(uv[0] / ctx.cam.width if edge in (0, 2) else uv[1] / ctx.cam.height)
    start, _ = _edge_points(ctx, edge, t)
    d = centre - start
    d = d / max(float(np.linalg.norm(d)), 1e-9)
    return start, d, math.atan2(d[1], d[0])


def _touch(ctx: _Ctx, ev: Nudge | PickUp) -> None:
    tracks = [t for t in ctx.plan.tracks if t.die_id == ev.die_id]
    if not tracks:
        raise ValueError(f"no die {ev.die_id} to {type(ev).__name__.lower()} at {ev.at_s} s")
    track = tracks[0]
    f0 = ctx.frame(ev.at_s)
    if not track.present[min(f0, ctx.n_frames - 1)]:
        raise ValueError(f"die {ev.die_id} is not on the table at {ev.at_s} s")
    start, d, angle = _reach(ctx, track, f0)
    die = track.centre[min(f0, ctx.n_frames - 1), :2]
    fingertips = 1.75 * ctx.palm
    low = ctx.die_world * 1.2
    come = ctx.frame(ev.at_s + 0.5) - f0
    if isinstance(ev, Nudge):
        touch_at = die - d * (fingertips + track.half)
        shift = d * 2 * track.half * float(ctx.rng.uniform(0.3, 0.8))
        act = range(f0 + come, ctx.frame(ev.at_s + 0.8))
        slide(track, shift, float(ctx.rng.uniform(-0.35, 0.35)), act)
        ctx.plan.stops.append((track.die_id, act.stop - 1))
        pts = np.vstack(
            [
                _path(start - d * ctx.palm, touch_at, come),
                _path(touch_at, touch_at + shift, len(act)),
                _path(touch_at + shift, start - d * ctx.palm, come),
            ]
        )
    else:
        touch_at = die - d * (fingertips - track.half)
        act = range(f0 + come, ctx.frame(ev.at_s + 1.3))
        away = _path(touch_at, start - d * ctx.palm * 2, len(act))
        lift = np.linspace(0.0, 2.5 * track.half, len(act))
        carry(track, away + d * (fingertips - track.half), lift, act)
        pts = np.vstack([_path(start - d * ctx.palm, touch_at, come), away])
    frames = range(f0, f0 + len(pts))
    ctx.add_hands(frames, [ctx.hand(p, angle, low, 0.55) for p in pts])


def _sweep(ctx: _Ctx, ev: Sweep) -> None:
    f0 = ctx.frame(ev.at_s)
    tracks = _on_table(ctx, f0)
    frames = range(f0, ctx.frame(ev.at_s + ev.duration_s))
    if not tracks or len(frames) < 2:
        return
    _, d = _edge_points(ctx, int(ctx.rng.integers(4)), 0.5)
    d = -d  # sweep towards that edge
    e = np.array([d[1], -d[0]])  # fingers point along e, palm edge leads along d
    pts = np.array([t.centre[f0, :2] for t in tracks])
    foot = ctx.cam.footprint()
    q0 = float((pts @ d).min()) - ctx.die_world - 0.6 * ctx.palm
    q1 = float((foot @ d).max()) + 3 * ctx.die_world
    fronts = np.linspace(q0, q1, len(frames))
    lateral = float((pts @ e).max()) + ctx.die_world - 1.5 * ctx.palm
    lead = 0.5 * ctx.palm
    for track in tracks:
        last = push(track, d, fronts, frames)
        for f in range(last or frames.start, ctx.n_frames):
            if off_picture(ctx.cam, track, f):
                track.present[f:] = False
                break
    angle = math.atan2(e[1], e[0])
    hands = [ctx.hand(d * (q - lead) + e * lateral, angle, ctx.die_world, 0.5) for q in fronts]
    ctx.add_hands(frames, hands)


def plan_events(
    rng: np.random.Generator,
    cam: Camera,
    die_world: float,
    events: list[Event],
    n_frames: int,
    fps: float,
    blocked: list[Spot],
    colours: tuple[Colour, ...],
) -> Plan:
    """Play the events in time order onto fresh tracks."""
    del colours  # throws name their own colours
    skin = sample_skin(rng)
    tone = rng.uniform(0.1, 0.8, 3)
    sleeve = (float(tone[0]), float(tone[1]), float(tone[2])) if rng.random() < 0.6 else None
    ctx = _Ctx(
        rng,
        cam,
        die_world,
        n_frames,
        fps,
        blocked,
        Plan([], [[] for _ in range(n_frames)]),
        {},
        skin,
        sleeve,
    )
    for ev in sorted(events, key=lambda e: e.at_s):
        if isinstance(ev, Throw):
            _throw(ctx, ev)
        elif isinstance(ev, HandPass):
            _hand_pass(ctx, ev)
        elif isinstance(ev, Nudge | PickUp):
            _touch(ctx, ev)
        else:
            _sweep(ctx, ev)
    return ctx.plan
