"""An import killed at any moment (SIGKILL) leaves either the whole game or nothing.

A child process imports a 53-event record again and again, saying when each import starts; the
parent kills it a random moment later, reopens the store and checks that every game in it has
every event of the record.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.exports.record import replay_steps
from companion.store import EventStore

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX SIGKILL"),
]

ROOT = Path(__file__).resolve().parents[2]
RECORD = Path(__file__).parent / "golden" / "variants-1999.ryb"
KILLS = 24

IMPORTER = r"""
import sys
from pathlib import Path
from companion.session import Session

text = Path(sys.argv[2]).read_text(encoding="utf-8")
with Session.open(Path(sys.argv[1])) as session:
    while True:
        print("go", flush=True)
        print(session.import_record(text).game_id, flush=True)
"""


def kill_during_an_import(data: Path, rng: random.Random) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", IMPORTER, str(data), str(RECORD)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        starts = rng.randrange(1, 3)  # the first import, or one after a finished import
        while starts:
            line = child.stdout.readline()
            assert line, "the importer stopped"
            starts -= line == "go\n"
        time.sleep(rng.uniform(0.0, 0.12))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        if child.stdout is not None:
            child.stdout.close()


def test_a_killed_import_leaves_the_whole_game_or_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    EventStore.open(data).close()
    rng = random.Random(24)
    for _ in range(KILLS):
        kill_during_an_import(data, rng)
    with EventStore.open(data) as store:
        assert store.integrity_check() == "ok"
        games = store.list_games()
        assert games, "no import ever finished: the kills came too early to test anything"
        counts = {g.id: len(store.events(g.id)) for g in games}
    events = len(list(replay_steps(RECORD.read_text(encoding="utf-8"))))
    assert set(counts.values()) == {events}, counts
