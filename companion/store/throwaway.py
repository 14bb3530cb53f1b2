"""A throwaway PostgreSQL cluster on a Unix socket, for the store's tests, CI and the load test.

`initdb` into a temporary folder, run the server there with TCP off (`listen_addresses=''`) and
the socket in that folder, remove it all after. PostgreSQL refuses to run as root: as root, the
cluster runs as `nobody` through `runuser` (the folder is handed to that user first).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

PG_ROOTS = (Path("/usr/lib/postgresql"), Path("/usr/local/pgsql"))
SERVER_USER = "nobody"
DATABASE = "dicetable"
ROLE = "dicetable"


class ClusterError(RuntimeError):
    """The throwaway cluster could not be made, started or stopped; the message says why."""


def find_bin_dir() -> Path | None:
    """The newest folder holding `initdb`, `pg_ctl` and `postgres` (Debian keeps them off PATH,
    in /usr/lib/postgresql/VERSION/bin)."""
    found: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        found.append(Path(on_path).parent)
    for root in PG_ROOTS:
        if root.is_dir():
            found += [p.parent for p in root.glob("*/bin/initdb")] + [
                p.parent for p in root.glob("bin/initdb")
            ]
    found = [d for d in found if (d / "pg_ctl").exists() and (d / "postgres").exists()]

    def version(path: Path) -> tuple[int, ...]:
        digits = "".join(c if c.isdigit() else " " for c in path.parent.name).split()
        return tuple(int(d) for d in digits)

    return max(found, key=version) if found else None


@dataclass(frozen=True)
class ClusterSettings:
    fsync: bool = False  # tests need no power-cut safety; the load test turns it on
    max_connections: int = 300


class ThrowawayCluster:
    """`with ThrowawayCluster() as pg: pg.url` (a database `dicetable` ready to use)."""

    def __init__(self, settings: ClusterSettings | None = None) -> None:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise ClusterError("no PostgreSQL server binaries (initdb, pg_ctl) found")
        self.bin_dir = bin_dir
        self.settings = settings or ClusterSettings()
        self.folder = Path(tempfile.mkdtemp(prefix="dicetable-pg-"))
        self.data = self.folder / "data"
        self.socket_dir = self.folder
        self.log = self.folder / "server.log"
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            self._as_user = ["runuser", "-u", SERVER_USER, "--"]
            entry = pwd.getpwnam(SERVER_USER)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.folder.chmod(0o755)
        self._running = False

    @property
    def url(self) -> str:
        return f"postgresql://{ROLE}@/{DATABASE}?host={self.socket_dir}"

    def url_with_schema(self, schema: str) -> str:
        """The database with `schema` first on the search path (one schema per test)."""
        return f"{self.url}&options=-csearch_path%3D{schema}"

    def _run(self, *args: str) -> None:
        command = [*self._as_user, str(self.bin_dir / args[0]), *args[1:]]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise ClusterError(
                f"{' '.join(args[:2])} failed ({done.returncode}): {done.stderr.strip()}\n{log}"
            )

    def init(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-A", "trust", "-U", ROLE,
            "-E", "UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        self.start()
        import psycopg

        admin = f"postgresql://{ROLE}@/postgres?host={self.socket_dir}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")

    def start(self) -> None:
        options = (
            f"-k {self.socket_dir} -c listen_addresses='' "
            f"-c fsync={'on' if self.settings.fsync else 'off'} "
            f"-c max_connections={self.settings.max_connections}"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")
        self._running = True

    @property
    def running(self) -> bool:
        return self._running

    def stop(self) -> None:
        if self._running:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
            self._running = False

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> ThrowawayCluster:
        try:
            self.init()
        except BaseException:
            self.remove()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.remove()
