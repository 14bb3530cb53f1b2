"""Several threads and processes writing one game at once, on each backend: no event doubled,
none lost."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from companion.errors import ConflictError
from companion.store import EventStore, StoredEvent
from tests.store_backends import StoreSpot

ROOT = Path(__file__).resolve().parents[3]
THREADS = 4
PER_THREAD = 12

VALIDATED_WRITER = r"""
import sys
import time
from companion.store.core import open_store

store = open_store(sys.argv[1])
game, name, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
print("ready", flush=True)
sys.stdin.readline()  # start together with the other writer
for k in range(count):
    time.sleep(0.005)  # a writer that re-takes the lock at once would starve the other
    seen = []
    def validate(events):
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        seen.append(len(events))
    event = store.append_validated(game, f"{name}: roll {k}", validate)
    print(seen[0], event.seq, flush=True)
store.close()
"""


def _counter(seen: list[int]) -> Callable[[list[StoredEvent]], None]:
    """A validator that insists on seqs 1..n with no gap and notes the n it saw."""

    def validate(events: list[StoredEvent]) -> None:
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        seen.append(len(events))

    return validate


def _run_threads(target: Callable[[int], None]) -> None:
    failures: list[BaseException] = []

    def guarded(index: int) -> None:
        try:
            target(index)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures


def _assert_each_line_once(store: EventStore, game: str, lines: set[str]) -> None:
    stored = store.events(game, include_undone=True)
    assert [e.seq for e in stored] == list(range(1, len(lines) + 1))
    assert sorted(e.line for e in stored) == sorted(lines)


def test_threads_append_validated(store_spot: StoreSpot) -> None:
    with store_spot.open() as store:
        game = store.create_game({"Players": "Al, Bo"})
        start = threading.Barrier(THREADS)
        results: list[tuple[int, int]] = []  # (events the validator saw, seq given)

        def writer(index: int) -> None:
            start.wait()
            for k in range(PER_THREAD):
                seen: list[int] = []
                event = store.append_validated(game, f"T{index}: roll {k}", _counter(seen))
                results.append((seen[0], event.seq))

        _run_threads(writer)
        assert all(seq == seen + 1 for seen, seq in results), results
        lines = {f"T{i}: roll {k}" for i in range(THREADS) for k in range(PER_THREAD)}
        _assert_each_line_once(store, game, lines)


def test_threads_append_with_expected_seq_and_retry(store_spot: StoreSpot) -> None:
    with store_spot.open() as store:
        game = store.create_game({"Players": "Al, Bo"})
        start = threading.Barrier(THREADS)

        def writer(index: int) -> None:
            start.wait()
            for k in range(PER_THREAD):
                while True:
                    head = store.head_seq(game)
                    try:
                        store.append(game, f"T{index}: roll {k}", expected_seq=head)
                        break
                    except ConflictError as exc:
                        assert exc.expected_seq == head

        _run_threads(writer)
        lines = {f"T{i}: roll {k}" for i in range(THREADS) for k in range(PER_THREAD)}
        _assert_each_line_once(store, game, lines)


def test_racing_undos_undo_once(store_spot: StoreSpot) -> None:
    with store_spot.open() as store:
        game = store.create_game({"Players": "Al"})
        for k in range(3):
            store.append(game, f"Al: roll {k}")
        start = threading.Barrier(THREADS)
        outcomes: list[str] = []

        def undoer(_: int) -> None:
            start.wait()
            try:
                outcomes.append(f"undid {store.undo(game, expected_seq=3).seq}")
            except ConflictError:
                outcomes.append("conflict")

        _run_threads(undoer)
        assert sorted(outcomes) == ["conflict"] * (THREADS - 1) + ["undid 3"]
        assert [e.seq for e in store.events(game)] == [1, 2]


def test_two_processes_append_validated(store_spot: StoreSpot) -> None:
    with store_spot.open() as store:
        game = store.create_game({"Players": "Al, Bo"})
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    count = 20
    children = [
        subprocess.Popen(
            [sys.executable, "-c", VALIDATED_WRITER, store_spot.spec, game, name, str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for name in ("P1", "P2")
    ]
    for child in children:
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    outputs = [child.communicate(timeout=60) for child in children]
    for child, (_, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
    pairs = [tuple(map(int, text.split())) for out, _ in outputs for text in out.splitlines()]
    assert len(pairs) == 2 * count
    assert all(seq == seen + 1 for seen, seq in pairs), pairs
    with store_spot.open() as store:
        lines = {f"{name}: roll {k}" for name in ("P1", "P2") for k in range(count)}
        _assert_each_line_once(store, game, lines)
        assert store.integrity_check() == "ok"
        writers = [e.line[:2] for e in store.events(game)]
    switches = sum(a != b for a, b in itertools.pairwise(writers))
    assert switches >= 2, f"the writers hardly interleaved: {writers}"
