"""An acknowledged append survives the writer being killed at any moment (SIGKILL), on each
backend.

A child process appends in a loop and prints each event after `append` returns; the parent
kills it at different points, reopens the file and checks every acknowledged event is there.
(This covers a killed process; surviving a power cut rests on `synchronous=FULL`'s fsync.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.store_backends import StoreSpot

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL")

ROOT = Path(__file__).resolve().parents[3]
JPEG = b"\xff\xd8\xff\xe0" + bytes(range(256)) * 8

WRITER = r"""
import sys
from companion.store.core import open_store

store = open_store(sys.argv[1])
game, run, jpeg = sys.argv[2], sys.argv[3], bytes.fromhex(sys.argv[4])
i = 0
while True:
    i += 1
    line = f"Al: run {run} roll {i}"
    event = store.append(game, line, thumbnail_jpeg=jpeg if i % 3 == 0 else None, meta={"i": i})
    print(event.seq, line, flush=True)
"""


def _spawn_writer(spec: str, game: str, run: int) -> subprocess.Popen[str]:
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    args = [sys.executable, "-c", WRITER, spec, game, str(run), JPEG.hex()]
    return subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _read_acks(child: subprocess.Popen[str], count: int) -> dict[int, str]:
    assert child.stdout is not None
    acked: dict[int, str] = {}
    while len(acked) < count:
        text = child.stdout.readline()
        assert text, f"writer stopped early with code {child.poll()}"
        seq, line = text.rstrip("\n").split(" ", 1)
        acked[int(seq)] = line
    return acked


# (acknowledged appends to wait for, extra seconds before the kill so it lands mid-write)
KILL_POINTS = [(1, 0.0), (5, 0.002), (20, 0.0005), (40, 0.007)]


def test_acknowledged_appends_survive_sigkill(store_spot: StoreSpot) -> None:
    with store_spot.open() as store:
        game = store.create_game({"Players": "Al"})
    acked: dict[int, str] = {}
    for run, (count, delay_s) in enumerate(KILL_POINTS):
        child = _spawn_writer(store_spot.spec, game, run)
        try:
            acked |= _read_acks(child, count)
            time.sleep(delay_s)
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
            assert child.stdout is not None
            child.stdout.close()
        assert child.returncode == -signal.SIGKILL
        with store_spot.open() as store:
            assert store.integrity_check() == "ok"
            stored = store.events(game)
            assert [e.seq for e in stored] == list(range(1, len(stored) + 1))
            by_seq = {e.seq: e for e in stored}
            for seq, line in acked.items():
                assert by_seq[seq].line == line, f"run {run}: seq {seq} lost or changed"
                if by_seq[seq].has_thumbnail:
                    assert store.thumbnail(game, seq) == JPEG
