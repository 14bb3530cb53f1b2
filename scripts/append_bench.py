"""How long one camera roll's append takes with nothing else of ours running: one client posting
rolls one after another to the app in this process (Flask's test client, no HTTP), over a
throwaway PostgreSQL cluster with fsync on (or off, `--no-fsync`). It separates the machine's
own latency from the load test's.

    .venv/bin/python scripts/append_bench.py [--count 200] [--no-fsync]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from load_test import percentile, thumbnail  # noqa: E402

from companion.session import Session  # noqa: E402
from companion.store.core import open_store  # noqa: E402
from companion.store.throwaway import ClusterSettings, ThrowawayCluster  # noqa: E402
from web.app import create_app  # noqa: E402
from web.config import WebConfig  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--no-fsync", action="store_true")
    args = parser.parse_args()
    if not 10 <= args.count <= 5000:
        parser.error("--count must be 10..5000")
    jpeg = thumbnail()
    with ThrowawayCluster(ClusterSettings(fsync=not args.no_fsync)) as pg:
        data = Path(tempfile.mkdtemp(prefix="dicetable-bench-"))
        session = Session(open_store(pg.url), data)
        try:
            client = create_app(WebConfig(data_dir=data), session).test_client()
            game = client.post("/api/games", json={"players": ["Ann", "Ben"]}).json["id"]  # type: ignore[index]
            token = client.post(f"/api/games/{game}/agent-token").json["token"]  # type: ignore[index]
            die = {"colour": "red", "pips": 4, "confidence": 0.97, "box_xyxy": [10, 10, 40, 40]}
            body = {"dice": [die], "settled_at": "2026-11-27T01:02:03.000000Z",
                    "thumbnail_jpeg": jpeg}  # fmt: skip
            took: list[float] = []
            for k in range(args.count):
                start = time.perf_counter()
                answer = client.post(
                    f"/api/agent/games/{game}/rolls",
                    json=dict(body, roll_id=f"bench-{k:06d}"),
                    headers={"Authorization": f"Bearer {token}"},
                )
                took.append((time.perf_counter() - start) * 1000)
                assert answer.status_code == 201, answer.json
        finally:
            session.close()
    fsync = "off" if args.no_fsync else "on"
    print(
        f"{args.count} appends one after another, fsync {fsync}: p50 {percentile(took, 0.5):.1f}"
        f" ms, p99 {percentile(took, 0.99):.1f} ms, max {max(took):.1f} ms; load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
