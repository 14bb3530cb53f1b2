"""`dicetable serve`: the dashboard over a data folder, with the live camera feed.

With no `--source` the live feed plays the bundled demo recording; `--no-camera` runs without
one. Serving on a host other than loopback needs a control token: without `--token` (or
`$DICETABLE_TOKEN`) one is generated and printed once, with the login and overlay addresses.

A club (docs/club.md): `--database postgresql://...` (or `$DICETABLE_DATABASE`) keeps the games
in PostgreSQL, and `--workers N` serves them from N processes behind the one port (gunicorn);
the cameras are then agents at the tables (`dicetable agent`), not the server's own.

This module holds the options, the settings and the app; `serve_run` runs them (the command's
module in the CLI's table).
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from companion.cli.commands.game import (
    add_camera_game_argument,
    add_data_argument,
    camera_game,
    default_data_dir,
)

if TYPE_CHECKING:
    from flask import Flask

    from companion.session import Session
    from web.config import LiveFeed, WebConfig
    from web.tls import Certificate

TOKEN_ENV = "DICETABLE_TOKEN"
DATABASE_ENV = "DICETABLE_DATABASE"
MAX_WORKERS = 64


class ServeError(ValueError):
    """Options that do not go together; the message says which and what to do instead."""


def database_spec(args: argparse.Namespace, data_dir: Path) -> str:
    """The store: `--database`, else `$DICETABLE_DATABASE`, else the data folder (SQLite)."""
    chosen = args.database or os.environ.get(DATABASE_ENV, "").strip() or None
    return str(data_dir) if chosen is None else str(chosen)


def check_workers(args: argparse.Namespace, spec: str) -> None:
    from companion.store.core import is_database_url

    if not 1 <= args.workers <= MAX_WORKERS:
        raise ServeError(f"--workers must be 1..{MAX_WORKERS}, got {args.workers}")
    if not 1 <= args.threads <= 1024:
        raise ServeError(f"--threads must be 1..1024, got {args.threads}")
    cert, key = getattr(args, "cert", None), getattr(args, "key", None)
    if (cert is None) != (key is None):
        raise ServeError(
            "--cert and --key go together: give both, or neither (--https alone makes a "
            "self-signed certificate)"
        )
    if args.workers == 1:
        return
    if getattr(args, "https", False) or cert is not None:
        raise ServeError(
            f"--https with --workers {args.workers}: put a TLS proxy (Caddy, nginx) in front of "
            "the workers instead (docs/club.md); a phone camera needs one worker anyway"
        )
    if not is_database_url(spec):
        raise ServeError(
            f"--workers {args.workers} needs a PostgreSQL --database (postgresql://...): the "
            "SQLite store serves one process, whose live updates and pending camera rolls "
            "stay in it. Drop --workers, or see docs/club.md"
        )
    if args.source is not None:
        raise ServeError(
            f"--workers {args.workers} runs no camera of its own (--source {args.source!r}): "
            "run `dicetable agent` at the table instead (docs/club.md)"
        )


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    del name
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    add_data_argument(parser)
    parser.add_argument(
        "--token",
        default=None,
        help=f"control token for changes (default ${TOKEN_ENV}; off loopback, the one kept in "
        "the data folder, made the first time)",
    )
    parser.add_argument(
        "--renew-token",
        action="store_true",
        help="make a new kept control token (every device must log in again)",
    )
    parser.add_argument(
        "--source",
        default=None,
        metavar="SPEC",
        help="camera index, video file, image folder or stream URL (default: the demo video)",
    )
    parser.add_argument("--no-camera", action="store_true", help="run without a live feed")
    parser.add_argument(
        "--https",
        action="store_true",
        help="serve https with a self-signed certificate made once and kept in the data folder "
        "(a phone's camera page needs https on the network: docs/phone-camera.md)",
    )
    parser.add_argument(
        "--cert",
        type=Path,
        default=None,
        metavar="PEM",
        help="your own certificate for https (with --key; implies --https)",
    )
    parser.add_argument(
        "--key", type=Path, default=None, metavar="PEM", help="the private key of --cert"
    )
    parser.add_argument(
        "--database",
        default=None,
        metavar="URL_OR_DIR",
        help=f"postgresql://... keeps the games in PostgreSQL; a folder keeps them in SQLite "
        f"there (default ${DATABASE_ENV}, else the data folder's SQLite file)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes behind the one port (more than 1 needs a PostgreSQL --database "
        "and runs no camera of its own: the tables' cameras are agents)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=256,
        metavar="T",
        help="threads per worker with --workers: each live viewer holds one, and one worker "
        "may hold them all while another restarts (default 256)",
    )
    add_camera_game_argument(
        parser,
        "ryb",
        "how the camera reads dice: ryb (red, yellow, blue or not a game die; the "
        "default), flyer (colour-face dice too) or none (the nine colours as read)",
    )


@dataclass
class Served:
    config: WebConfig
    session: Session
    live: LiveFeed | None
    app: Flask


def web_config(args: argparse.Namespace, out: TextIO) -> WebConfig:
    """The settings. Off loopback with no token given, the data folder's kept control token
    (made, or with --renew-token remade, and then printed): a restart logs no device out."""
    from web.config import CONTROL_TOKEN_FILE, WebConfig, is_loopback, load_control_token

    data_dir: Path = args.data if args.data is not None else default_data_dir()
    token = args.token or os.environ.get(TOKEN_ENV) or None
    if token is None and not is_loopback(args.host):
        token, made = load_control_token(data_dir, renew=getattr(args, "renew_token", False))
        kept = data_dir / CONTROL_TOKEN_FILE
        if made:
            print(
                f"control token (kept in {kept}; --renew-token makes a new one): {token}", file=out
            )
        else:
            print(
                f"control token: the one kept in {kept} (--renew-token makes a new one)", file=out
            )
    return WebConfig(host=args.host, port=args.port, control_token=token, data_dir=data_dir)


def build(args: argparse.Namespace, out: TextIO = sys.stdout, *, migrated: bool = False) -> Served:
    """Everything `serve` runs, not started: the session, the live feed and the app.
    `migrated`: a worker whose master migrated the database; it starts even while the
    database is down (and answers 503 until it is back)."""
    from companion.session import Session
    from companion.store.core import open_store
    from web.app import create_app

    config = web_config(args, out)
    config.check_safe()
    spec = database_spec(args, config.data_dir)
    session = Session(open_store(spec, migrated=migrated), config.data_dir)
    if session.store.kind == "postgresql":
        from companion.session.shared_table import SharedTable

        # Declared attempts live in the database, so every server process shares them.
        session.table = SharedTable(session.store)
    live: LiveFeed | None = None
    tables = None
    try:
        if not args.no_camera and getattr(args, "workers", 1) == 1:
            from companion.feed.live import open_table_feed
            from companion.tables.desk import TableDesk

            feed = open_table_feed(args.source, config.data_dir, game=camera_game(args))
            live, tables = feed, TableDesk.open(config.data_dir, feed.reader)
        from companion.feed.live import open_phone_feed

        # A phone's frames must all reach one process: with --workers they would be split.
        phones = open_phone_feed if getattr(args, "workers", 1) == 1 else None
        app = create_app(config, session, live, tables, phone_feed=phones)
    except BaseException:
        session.close()
        raise
    return Served(config, session, live, app)


def addresses(served: Served, scheme: str = "http") -> list[str]:
    from web.config import services
    from web.lan import WILDCARD_HOSTS, network_urls

    host = served.config.host
    shown = f"[{host}]" if ":" in host else host
    base = f"{scheme}://{'127.0.0.1' if host in WILDCARD_HOSTS else shown}:{served.config.port}"
    with served.app.app_context():
        overlay = services().overlay_token
    lines = [f"dashboard: {base}/"]
    if host in WILDCARD_HOSTS:
        found = network_urls(host, served.config.port, scheme)
        lines += [f"on a tablet or phone on this network: {url}" for url in found]
        if not found:
            lines.append("no network address found: is this machine on a network?")
    if served.config.control_token is not None:
        lines.append("changes need the control token: each browser asks for it once")
    lines.append(f"stream overlay (read-only): {base}/overlay/<game id>?token={overlay}")
    return lines


def certificate(args: argparse.Namespace, data_dir: Path) -> Certificate | None:
    """The https certificate: the user's (`--cert`, `--key`), the data folder's self-signed
    one with `--https` (made when missing or when it names none of today's LAN addresses),
    or None for plain http."""
    from web.lan import lan_addresses
    from web.tls import kept_certificate, own_certificate

    cert, key = getattr(args, "cert", None), getattr(args, "key", None)
    if cert is not None and key is not None:
        return own_certificate(cert, key)
    if not getattr(args, "https", False):
        return None
    return kept_certificate(data_dir, lan_addresses())


def certificate_lines(tls: Certificate) -> list[str]:
    kept = "made now and kept" if tls.made else "kept"
    why = f" ({tls.why})" if tls.made and tls.why else ""
    return [
        f"https certificate: {tls.cert} ({kept}{why}), for {', '.join(tls.names) or 'no name'}",
        f"its SHA-256 fingerprint (a phone shows it before accepting): {tls.fingerprint_sha256}",
    ]


def stop_phones(app: Flask) -> None:
    from web.config import EXTENSION, Services

    found = app.extensions.get(EXTENSION)
    if isinstance(found, Services) and found.phones is not None:
        found.phones.stop_all()
