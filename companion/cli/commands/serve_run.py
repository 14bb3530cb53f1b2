"""`dicetable serve` run: under gunicorn, the club's N workers (`--workers`) or the single
table's one worker, or where gunicorn cannot run (Windows) Werkzeug's threaded server. The
options, the settings and the app are `companion.cli.commands.serve`'s."""

from __future__ import annotations

import argparse
import io
import sys
import time
from typing import TYPE_CHECKING, Any

from companion.cli.commands.game import default_data_dir
from companion.cli.commands.serve import (
    Served,
    ServeError,
    add_arguments,
    addresses,
    build,
    certificate,
    certificate_lines,
    check_workers,
    database_spec,
    stop_phones,
    web_config,
)
from companion.errors import DicetableError
from companion.store.postgres import redacted

if TYPE_CHECKING:
    from web.tls import Certificate

__all__ = ["add_arguments", "run"]


def gunicorn_missing() -> str | None:
    """Why `--workers` cannot run here, or None: it needs gunicorn, which needs fork (Linux,
    macOS, a BSD; not Windows)."""
    if sys.platform == "win32":
        return (
            "--workers needs gunicorn, which does not run on Windows: serve the club from "
            "Linux or macOS, or drop --workers (one process, still with PostgreSQL)"
        )
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return (
            "--workers needs gunicorn: pip install gunicorn (or the club extra: "
            "pip install -e '.[club]')"
        )
    return None


def worker_addresses(host: str, port: int, workers: int, games: str) -> list[str]:
    """What `serve --workers` prints: where this machine opens it, and (serving every
    interface) where other machines on the network do: the agents' and phones' address."""
    from web.lan import WILDCARD_HOSTS, network_urls

    shown = f"[{host}]" if ":" in host else host
    local = f"http://{'127.0.0.1' if host in WILDCARD_HOSTS else shown}:{port}/"
    lines = [f"dashboard: {local} ({workers} workers, games in {games})", f"club: {local}club"]
    if host in WILDCARD_HOSTS:
        found = network_urls(host, port)
        lines += [f"on this network (agents, phones, the club page): {url}club" for url in found]
        if not found:
            lines.append("no network address found: is this machine on a network?")
    return lines


def migrate_when_up(spec: str, wait_s: float = 2.0) -> None:
    """Open (and migrate) the database once. While it cannot be reached (down, restarting:
    a machine starting the server before its database) say so and try again every `wait_s`;
    any other error (a newer schema, a bad URL) ends the start."""
    from companion.errors import StoreUnavailableError
    from companion.store.core import open_store

    said = False
    while True:
        try:
            open_store(spec).close()
            if said:
                print("the database answers: starting", flush=True)
            return
        except StoreUnavailableError as exc:
            if not said:
                print(f"waiting for the database ({exc}); Ctrl-C stops", flush=True)
                said = True
        time.sleep(wait_s)


def run_workers(args: argparse.Namespace) -> int:
    """`--workers N`: each gunicorn worker builds its own session and app after the fork."""
    from web.app import end_streams
    from web.config import WebConfigError
    from web.workers import Built, WorkerSettings, run_workers

    config = web_config(args, sys.stdout)  # a generated token is printed once, here
    config.check_safe()
    args.token = config.control_token
    spec = database_spec(args, config.data_dir)
    try:
        migrate_when_up(spec)  # once, here, not in every worker
    except DicetableError as exc:
        print(f"dicetable serve: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0

    def build_one() -> Built:
        served = build(args, io.StringIO(), migrated=True)
        return Built(served.app, lambda: end_streams(served.app), served.session.close)

    lines = worker_addresses(args.host, args.port, args.workers, redacted(spec))

    def ready() -> None:
        for line in lines:
            print(line, flush=True)

    try:
        settings = WorkerSettings(args.host, args.port, args.workers, args.threads)
        return run_workers(settings, build_one, ready)
    except WebConfigError as exc:
        print(f"dicetable serve: error: {exc}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace) -> int:
    from vision.errors import VisionError
    from web.config import WebConfigError
    from web.tls import TlsError

    data_dir = args.data if args.data is not None else default_data_dir()
    try:
        check_workers(args, database_spec(args, data_dir))
    except ServeError as exc:
        print(f"dicetable serve: error: {exc}", file=sys.stderr)
        return 2
    if args.workers > 1:
        missing = gunicorn_missing()
        if missing is not None:
            print(f"dicetable serve: error: {missing}", file=sys.stderr)
            return 2
        return run_workers(args)
    try:
        served = build(args)
    except (WebConfigError, VisionError) as exc:
        print(f"dicetable serve: error: {exc}", file=sys.stderr)
        return 2
    try:
        tls = certificate(args, served.config.data_dir)
        context = None if tls is None else tls.context()
    except TlsError as exc:
        served.session.close()
        print(f"dicetable serve: error: {exc}", file=sys.stderr)
        return 2
    if gunicorn_missing() is None:
        return run_one(args, served, tls)
    return run_werkzeug(args, served, tls, context)


def run_one(args: argparse.Namespace, served: Served, tls: Certificate | None) -> int:
    """The single table under gunicorn (Linux, macOS): one process, its threads serving the
    pages, the streams and the camera, stopped cleanly within a second on SIGTERM or Ctrl-C.
    `served` (built here to check the options and print the addresses) is closed; the worker
    builds its own after the fork and starts the camera there."""
    from web.app import end_streams
    from web.workers import Built, WorkerSettings, run_workers

    lines = [*certificate_lines(tls)] if tls is not None else []
    lines += addresses(served, "http" if tls is None else "https")
    args.token = served.config.control_token
    stop_phones(served.app)
    served.session.close()
    problem = cannot_listen(args.host, args.port)
    if problem is not None:
        where = f"{args.host}:{args.port}"
        print(f"dicetable serve: cannot listen on {where}: {problem}", file=sys.stderr)
        return 2

    def ready() -> None:
        for line in lines:
            print(line, flush=True)

    def build_one() -> Built:
        one = build(args, io.StringIO())
        if one.live is not None:
            one.live.start()

        def close() -> None:
            if one.live is not None:
                one.live.stop()
            stop_phones(one.app)
            one.session.close()

        return Built(one.app, lambda: end_streams(one.app), close)

    cert = None if tls is None else (str(tls.cert), str(tls.key))
    settings = WorkerSettings(
        args.host, args.port, 1, args.threads,
        certfile=None if cert is None else cert[0], keyfile=None if cert is None else cert[1],
    )  # fmt: skip
    return run_workers(settings, build_one, ready)


def cannot_listen(host: str, port: int) -> str | None:
    """Why `host:port` cannot be listened on (in use, no such address), or None."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except OSError as exc:
            return str(exc)
    return None


def run_werkzeug(
    args: argparse.Namespace, served: Served, tls: Certificate | None, context: Any
) -> int:
    """Where gunicorn does not run (Windows) or is not installed: Werkzeug's threaded server,
    which serves a table as well but is not built for long service (it says so)."""
    from werkzeug.serving import make_server

    try:
        server = make_server(
            served.config.host, served.config.port, served.app, threaded=True, ssl_context=context
        )
    except OSError as exc:
        served.session.close()
        print(f"dicetable serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    if tls is not None:
        for line in certificate_lines(tls):
            print(line)
    for line in addresses(served, "http" if tls is None else "https"):
        print(line)
    why = "it does not run on Windows" if sys.platform == "win32" else "pip install gunicorn"
    print(f"served by Werkzeug's development server, not gunicorn ({why})")
    if served.live is not None:
        served.live.start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        if served.live is not None:
            served.live.stop()
        stop_phones(served.app)
        server.server_close()
        served.session.close()
    return 0
