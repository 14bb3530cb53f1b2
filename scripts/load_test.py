"""The club's load and fault test (#31): PostgreSQL, `dicetable serve --workers 2`, 20 tables each
posting one settled roll a second through the agent API (the real agent outbox and sender), 200
live viewers of the tables' cards, for 120 s; halfway it SIGKILLs one worker, and ten seconds
later restarts PostgreSQL. Loopback only, bounded in count and time.

    .venv/bin/python scripts/load_test.py [--tables 20] [--viewers 200] [--seconds 120]

It prints rolls made, acknowledged, lost (must be 0) and doubled (0), append latency p50/p99
(the acknowledged POSTs), live-update delay p50/p99 (from the POST that was acknowledged
leaving the agent to a viewer reading the card that shows the roll), and viewers dropped and
reconnected. Exit status 1 if a roll was lost or doubled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.agent.client import AgentClient, Answer, GameAddress  # noqa: E402
from companion.agent.outbox import Outbox  # noqa: E402
from companion.agent.sender import Sender  # noqa: E402
from companion.store.core import open_store  # noqa: E402
from companion.store.throwaway import ClusterSettings, ThrowawayCluster  # noqa: E402

NAMES = [f"{a}{b}" for a in "BCDFGHJKLMNPRSTV" for b in "aeiou"]
LIMITS = {"tables": 50, "viewers": 500, "seconds": 300, "workers": 4}
DRAIN_S = 60.0


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def thumbnail() -> str:
    """A real 320x180 JPEG, as an agent's thumbnail is."""
    import base64

    import cv2
    import numpy as np

    rng = np.random.default_rng(7)
    image = cv2.GaussianBlur(rng.integers(0, 255, (180, 320, 3), dtype=np.uint8), (9, 9), 0)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return base64.b64encode(data.tobytes()).decode("ascii")


@dataclass
class Record:
    """What the test saw, from every thread (under `lock`)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    made: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    acked: dict[str, float] = field(default_factory=dict)  # roll id -> start of the acked POST
    repeats: int = 0
    append_ms: list[tuple[float, float]] = field(default_factory=list)  # (when, ms)
    refused: int = 0  # 5xx and connection errors (the agent tried again)
    delays_ms: list[float] = field(default_factory=list)
    seen: dict[tuple[int, str], float] = field(default_factory=dict)  # (viewer, roll id)
    dropped: int = 0  # open streams lost
    reconnected: int = 0
    refused_connects: int = 0  # tries to reconnect while no server answered
    events: list[str] = field(default_factory=list)
    # From a second before the kill to five seconds after the database is back.
    fault_window: tuple[float, float] = (0.0, 0.0)
    # --db-outage: when the database answered again, and how long after it each viewer's
    # stream brought a card again (by viewer).
    db_back_at: float = 0.0
    back_after: dict[int, float] = field(default_factory=dict)


class TimedClient(AgentClient):
    """The agent's client, noting each acknowledged POST's time."""

    def __init__(self, address: GameAddress, token: str, record: Record) -> None:
        super().__init__(address, token, timeout_s=10.0)
        self.record = record

    def post_roll(self, body: dict[str, Any]) -> Answer:
        start = time.monotonic()
        try:
            answer = super().post_roll(body)
        except Exception:
            with self.record.lock:
                self.record.refused += 1
            raise
        took = (time.monotonic() - start) * 1000
        with self.record.lock:
            self.record.append_ms.append((start, took))
            self.record.acked.setdefault(body["roll_id"], start)
            self.record.repeats += bool(answer.body.get("repeat"))
        return answer


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(port: int, method: str, path: str) -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def workers_of(master: int) -> list[int]:
    path = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def viewer(k: int, port: int, game: str, record: Record, stop: threading.Event) -> None:
    """One live viewer of a table's card, reconnecting (with its last event id) as a browser's
    EventSource does when its stream drops."""
    last_id: str | None = None
    first = True
    while not stop.is_set():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        streaming = False
        try:
            headers = {} if last_id is None else {"Last-Event-ID": last_id}
            conn.request("GET", f"/api/games/{game}/card/stream", headers=headers)
            response = conn.getresponse()
            if response.status != 200:
                raise OSError(f"status {response.status}")
            if not first:
                with record.lock:
                    record.reconnected += 1
            first, streaming = False, True
            while not stop.is_set():
                line = response.readline()
                if not line:
                    raise OSError("stream ended")
                if line.startswith(b"id:"):
                    last_id = line[3:].strip().decode()
                elif line.startswith(b"data:"):
                    now = time.monotonic()
                    roll = json.loads(line[5:]).get("last_roll")
                    if roll is not None:
                        note_seen(record, k, roll["roll_id"], now)
        except (OSError, http.client.HTTPException, ValueError):
            if stop.is_set():
                return
            with record.lock:
                if streaming:
                    record.dropped += 1
                else:
                    record.refused_connects += 1
            stop.wait(random.uniform(0.5, 2.0))  # EventSource's retry, spread
        finally:
            conn.close()


def note_seen(record: Record, k: int, roll_id: str, now: float) -> None:
    with record.lock:
        if record.db_back_at and now >= record.db_back_at and k not in record.back_after:
            record.back_after[k] = now - record.db_back_at
        if (k, roll_id) in record.seen:
            return
        record.seen[(k, roll_id)] = now


def camera(table: int, outbox: Outbox, body: dict[str, Any], record: Record, stop: threading.Event,
           rate: float) -> None:  # fmt: skip
    """One settled roll every 1/rate s, into the agent's outbox (as its camera callback does)."""
    n = 0
    next_at = time.monotonic() + random.uniform(0, 1.0 / rate)
    while not stop.wait(max(0.0, next_at - time.monotonic())):
        n += 1
        roll_id = outbox.put(dict(body, settled_at=_now()))
        with record.lock:
            record.made[str(table)].append(roll_id)
        next_at += 1.0 / rate


def _now() -> str:
    from datetime import UTC, datetime

    from companion.store.values import utc_iso

    return utc_iso(datetime.now(UTC))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=1.0, help="rolls a second per table")
    parser.add_argument("--no-faults", action="store_true", help="no worker kill, no restart")
    parser.add_argument(
        "--outage",
        type=float,
        default=0.0,
        metavar="S",
        help="instead: stop the whole server for S seconds a third of the way in",
    )
    parser.add_argument(
        "--db-outage",
        type=float,
        default=0.0,
        metavar="S",
        help="instead: stop PostgreSQL for S seconds a third of the way in, and SIGKILL a "
        "worker 5 s into it (its replacement boots without the database)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    for name, limit in LIMITS.items():
        if not 1 <= getattr(args, name) <= limit:
            parser.error(f"--{name} must be 1..{limit}")
    if not 0.1 <= args.rate <= 5:
        parser.error("--rate must be 0.1..5")
    if not 0 <= args.outage <= args.seconds / 2:
        parser.error("--outage must be 0..half of --seconds")
    if not (args.db_outage == 0 or 6 <= args.db_outage <= args.seconds / 2):
        parser.error("--db-outage must be 0, or 6..half of --seconds")

    record = Record()
    folder = Path(tempfile.mkdtemp(prefix="dicetable-load-"))
    print(
        f"PostgreSQL throwaway cluster, {args.workers} workers, {args.tables} tables at "
        f"{args.rate:g} roll/s, {args.viewers} viewers, {args.seconds:g} s",
        flush=True,
    )
    with ThrowawayCluster(ClusterSettings(fsync=True)) as pg:
        with open_store(pg.url) as store:
            games = [
                store.create_game({"Game": "ryb", "Players": f"Ann {NAMES[k]}, Ben {NAMES[k]}"})
                for k in range(args.tables)
            ]
        server = Server(
            [sys.executable, "-m", "companion.cli", "serve", "--workers", str(args.workers),
             # One worker may hold every viewer (the other's after it is killed), and an
             # agent's POST waits for a free thread: room for all of them and the agents.
             "--threads", str(args.viewers + args.tables + 40),
             "--database", pg.url, "--data", str(folder / "data")],
        )  # fmt: skip
        server.start()
        try:
            return run(args, record, folder, pg, games, server)
        finally:
            server.stop()


class Server:
    """`dicetable serve` as a child process on a fixed loopback port; stopped and started
    again on the same port for an outage."""

    def __init__(self, command: list[str]) -> None:
        self.port = free_port()
        self.command = [*command, "--port", str(self.port)]
        self.output: list[str] = []
        self.proc: subprocess.Popen[str] | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self) -> None:
        self.proc = subprocess.Popen(
            self.command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        proc = self.proc
        threading.Thread(target=lambda: self.output.extend(proc.stdout or []), daemon=True).start()
        deadline = time.monotonic() + 30
        last_error: Exception | None = None
        while True:
            try:
                if call(self.port, "GET", "/api/club")[0] == 200:
                    return
            except OSError as exc:
                last_error = exc
            if time.monotonic() > deadline or proc.poll() is not None:
                print("".join(self.output))
                raise SystemExit(f"the server did not come up: {last_error} (exit {proc.poll()})")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def run(
    args: argparse.Namespace,
    record: Record,
    folder: Path,
    pg: ThrowawayCluster,
    games: list[str],
    server: Server,
) -> int:
    port = server.port
    tokens = [call(port, "POST", f"/api/games/{g}/agent-token")[1]["token"] for g in games]
    stop_cameras, stop_viewers = threading.Event(), threading.Event()
    body = {"dice": [
        {"colour": "red", "pips": 4, "confidence": 0.97, "box_xyxy": [10, 10, 40, 40]},
        {"colour": "yellow", "pips": 2, "confidence": 0.55, "box_xyxy": [60, 12, 90, 42],
         "unsure": True},
    ], "frame_index": 1, "delay_ms": 310.0, "thumbnail_jpeg": thumbnail()}  # fmt: skip
    viewers = [
        threading.Thread(
            target=viewer,
            args=(k, port, games[k % len(games)], record, stop_viewers),
            daemon=True,
        )
        for k in range(args.viewers)
    ]
    for thread in viewers:
        thread.start()
    time.sleep(2.0)  # every viewer connected before the first roll
    outboxes, senders, cameras = [], [], []
    for k, (game, token) in enumerate(zip(games, tokens, strict=True)):
        address = GameAddress.parse(f"http://127.0.0.1:{port}/games/{game}")
        outbox = Outbox(folder / f"agent-{k}")
        sender = Sender(outbox, TimedClient(address, token, record), report=lambda _: None)
        sender.start()
        outboxes.append(outbox)
        senders.append(sender)
        cameras.append(threading.Thread(
            target=camera, args=(k, outbox, body, record, stop_cameras, args.rate), daemon=True
        ))  # fmt: skip
    start = time.monotonic()
    for thread in cameras:
        thread.start()
    half = args.seconds / 2
    if args.outage:
        # The whole server stops for `outage` seconds a third of the way in; cameras go on.
        begin = args.seconds / 3
        faults = [(begin, "stop"), (begin + args.outage, "start")]
        record.fault_window = (start + begin - 1, start + begin + args.outage + 6)
    elif args.db_outage:
        begin = args.seconds / 3
        faults = [(begin, "db-stop"), (begin + 5, "kill"), (begin + args.db_outage, "db-start")]
        record.fault_window = (start + begin - 1, start + begin + args.db_outage + 6)
    elif args.no_faults:
        faults = []
    else:
        faults = [(half, "kill"), (half + 10, "restart")]
        record.fault_window = (start + half - 1, start + half + 10 + 6)
    while (elapsed := time.monotonic() - start) < args.seconds:
        if faults and elapsed >= faults[0][0]:
            _, what = faults.pop(0)
            if what == "kill":
                victim = workers_of(server.pid)[0]
                os.kill(victim, signal.SIGKILL)
                record.events.append(f"{elapsed:.0f} s: SIGKILL worker {victim}")
            elif what == "restart":
                began = time.monotonic()
                pg.restart()
                took = time.monotonic() - began
                record.events.append(f"{elapsed:.0f} s: PostgreSQL restarted ({took:.1f} s down)")
            elif what == "db-stop":
                pg.stop()
                record.events.append(f"{elapsed:.0f} s: PostgreSQL stopped")
            elif what == "db-start":
                pg.start()
                record.db_back_at = time.monotonic()
                record.events.append(f"{elapsed:.0f} s: PostgreSQL is back")
            elif what == "stop":
                server.stop()
                record.events.append(f"{elapsed:.0f} s: the server stopped")
            else:
                server.start()
                record.events.append(f"{elapsed:.0f} s: the server is back")
            print(record.events[-1], flush=True)
        time.sleep(0.1)
    stop_cameras.set()
    for thread in cameras:
        thread.join(5)
    drain_until = time.monotonic() + DRAIN_S
    while any(o.waiting() for o in outboxes) and time.monotonic() < drain_until:
        time.sleep(0.2)
    waiting = sum(o.waiting() for o in outboxes)
    time.sleep(2.0)  # the last updates reach the viewers
    stop_viewers.set()
    for sender in senders:
        sender.stop()
    for outbox in outboxes:
        outbox.close()
    alive = server.proc is not None and server.proc.poll() is None
    try:
        alive = alive and call(port, "GET", "/api/club")[0] == 200
    except OSError:
        alive = False
    return report(args, record, pg, games, waiting, alive)


def report(
    args: argparse.Namespace,
    record: Record,
    pg: ThrowawayCluster,
    games: list[str],
    waiting: int,
    alive: bool,
) -> int:
    made = {rid for ids in record.made.values() for rid in ids}
    lost = doubled = 0
    gaps = 0
    with open_store(pg.url) as store:
        for k, game in enumerate(games):
            kept = list(store.camera_rolls(game))
            ids = [r.roll_id for r in kept]
            doubled += len(ids) - len(set(ids))
            lost += len(set(record.made[str(k)]) - set(ids))
            gaps += [r.n for r in kept] != list(range(1, len(kept) + 1))
    calm_delays: list[float] = []
    begin, end = record.fault_window
    with record.lock:
        for (_, roll_id), at in record.seen.items():
            sent = record.acked.get(roll_id)
            if sent is not None:
                record.delays_ms.append(max(0.0, (at - sent) * 1000))
                if not begin <= sent <= end:
                    calm_delays.append(record.delays_ms[-1])
    append_all = [ms for _, ms in record.append_ms]
    append_calm = [ms for at, ms in record.append_ms if not begin <= at <= end]
    figures = {
        "tables": args.tables,
        "viewers": args.viewers,
        "seconds": args.seconds,
        "workers": args.workers,
        "rolls_made": len(made),
        "rolls_acknowledged": len(record.acked),
        "rolls_lost": lost,
        "rolls_doubled": doubled,
        "still_in_outboxes": waiting,
        "numbering_gaps": gaps,
        "answers_repeat": record.repeats,
        "posts_failed_and_retried": record.refused,
        "append_ms_p50": round(percentile(append_all, 0.5), 1),
        "append_ms_p99": round(percentile(append_all, 0.99), 1),
        "update_ms_p50": round(percentile(record.delays_ms, 0.5), 1),
        "update_ms_p99": round(percentile(record.delays_ms, 0.99), 1),
        "outside_faults_append_ms_p99": round(percentile(append_calm, 0.99), 1),
        "outside_faults_update_ms_p99": round(percentile(calm_delays, 0.99), 1),
        "load_average_at_end": os.getloadavg(),
        "updates_seen": len(record.delays_ms),
        "viewers_dropped": record.dropped,
        "viewers_reconnected": record.reconnected,
        "viewer_tries_refused": record.refused_connects,
        "faults": record.events,
        "outage_s": args.outage,
        "db_outage_s": args.db_outage,
        "server_alive_at_end": alive,
        "streams_back_after_db": len(record.back_after),
        "streams_back_max_s": round(max(record.back_after.values(), default=0.0), 2),
    }
    print(
        f"rolls made {figures['rolls_made']}, acknowledged {figures['rolls_acknowledged']}, "
        f"lost {lost}, doubled {doubled} (still queued {waiting}, numbering gaps {gaps})"
    )
    print(
        f"append latency p50 {figures['append_ms_p50']} ms, p99 {figures['append_ms_p99']} ms "
        f"({record.refused} posts failed and were sent again, {record.repeats} answered as "
        "repeats)"
    )
    print(
        f"live-update delay p50 {figures['update_ms_p50']} ms, p99 {figures['update_ms_p99']} "
        f"ms over {len(record.delays_ms)} updates seen by viewers"
    )
    print(
        f"viewers dropped {record.dropped}, reconnected {record.reconnected} "
        f"({record.refused_connects} tries found no server)"
    )
    if begin:
        print(
            f"outside the faults' window (-1 s .. +{end - begin - 1:.0f} s): append p99 "
            f"{figures['outside_faults_append_ms_p99']} ms, live-update p99 "
            f"{figures['outside_faults_update_ms_p99']} ms"
        )
    if args.db_outage:
        print(
            f"after the database came back: {len(record.back_after)} of {args.viewers} streams "
            f"brought a card again, the last {figures['streams_back_max_s']} s after it"
        )
    print(f"server alive at the end: {'yes' if alive else 'NO'}")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")  # fmt: skip
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    back = len(record.back_after) == args.viewers or not args.db_outage
    return 1 if lost or doubled or waiting or not alive or not back else 0  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
