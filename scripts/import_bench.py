"""How long importing a long game record takes on SQLite and on PostgreSQL (a throwaway
cluster): a score sheet of `--lines` rolls, through the session (rules check and store), as
`POST /api/games/import` does.

    .venv/bin/python scripts/import_bench.py --lines 5000
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from companion.session import Session
from companion.store.core import open_store
from companion.store.throwaway import ThrowawayCluster


def record(lines: int) -> str:
    rolls = ("Al: roll 4" if k % 2 == 0 else "Bo: roll 2 3" for k in range(lines))
    return '[Game "sheet"]\n[Players "Al, Bo"]\n\n' + "\n".join(rolls) + "\n"


def timed_import(spec: str, text: str) -> tuple[str, float]:
    with Session(open_store(spec), Path(tempfile.mkdtemp())) as session:
        started = time.perf_counter()
        session.import_record(text)
        return session.store.kind, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    if not 1 <= args.lines <= 100_000 or not 1 <= args.runs <= 10:
        parser.error("--lines must be 1..100000 and --runs 1..10")
    text = record(args.lines)
    with ThrowawayCluster() as pg:
        for spec in [tempfile.mkdtemp()] * args.runs + [pg.url] * args.runs:
            kind, took = timed_import(spec, text)
            print(f"{kind}: {args.lines} lines imported in {took:.2f} s", flush=True)
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
