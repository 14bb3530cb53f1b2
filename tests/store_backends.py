"""The event store's two backends as pytest fixtures: `store_spot` runs a test once on a SQLite
data folder and once on a PostgreSQL schema of its own, in a throwaway cluster started once per
test session (`companion.store.throwaway`).

The PostgreSQL runs are skipped only where no server binary exists; with
`DICETABLE_REQUIRE_POSTGRES=1` (CI sets it) a missing server fails them instead.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.store import EventStore
from companion.store.core import Clock, open_store
from companion.store.throwaway import ClusterError, ThrowawayCluster, find_bin_dir

REQUIRE_ENV = "DICETABLE_REQUIRE_POSTGRES"
BACKENDS = ("sqlite", "postgresql")
_schemas = itertools.count(1)


@dataclass(frozen=True)
class StoreSpot:
    """Where one test's store lives: `open()` opens it (again), `raw(sql)` runs SQL beside the
    store, as another program on the same database would."""

    backend: str
    spec: str  # a data folder, or a PostgreSQL URL

    def open(self, clock: Clock | None = None) -> EventStore:
        return open_store(self.spec) if clock is None else open_store(self.spec, clock=clock)

    def raw(self, sql: str) -> None:
        if self.backend == "sqlite":
            import sqlite3

            conn = sqlite3.connect(Path(self.spec) / "dicetable.sqlite3")
            try:
                conn.execute(sql)
                conn.commit()
            finally:
                conn.close()
        else:
            import psycopg

            with psycopg.connect(self.spec, autocommit=True) as pg:
                pg.execute(sql)

    def disk_error(self) -> Exception:
        """What the backend's driver raises when the disk fails under it."""
        if self.backend == "sqlite":
            import sqlite3

            return sqlite3.OperationalError("disk I/O error")
        import psycopg

        return psycopg.OperationalError("disk I/O error")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[ThrowawayCluster]:
    required = os.environ.get(REQUIRE_ENV) == "1"
    if find_bin_dir() is None:
        message = "no PostgreSQL server binary (initdb, pg_ctl) on this machine"
        if required:
            pytest.fail(f"{message}, and {REQUIRE_ENV}=1")
        pytest.skip(message)
    try:
        with ThrowawayCluster() as cluster:
            yield cluster
    except ClusterError as exc:
        pytest.fail(f"the throwaway PostgreSQL cluster failed: {exc}")


def new_pg_spot(cluster: ThrowawayCluster) -> StoreSpot:
    """A fresh schema of the cluster's database: a store no other test sees."""
    import psycopg

    schema = f"t{os.getpid()}_{next(_schemas)}"
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return StoreSpot("postgresql", cluster.url_with_schema(schema))


@pytest.fixture(params=BACKENDS)
def store_spot(request: pytest.FixtureRequest, tmp_path: Path) -> StoreSpot:
    if request.param == "sqlite":
        return StoreSpot("sqlite", str(tmp_path / "data"))
    cluster: ThrowawayCluster = request.getfixturevalue("pg_cluster")
    return new_pg_spot(cluster)
