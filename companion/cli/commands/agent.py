"""`dicetable agent http://SERVER/games/GAME_ID --token TOKEN --source SPEC`: the camera at one
table of a club, sending each settled roll to the server as that game's camera roll
(docs/club.md). Rolls wait in an outbox in `--queue DIR` while the server is down."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

TOKEN_ENV = "DICETABLE_AGENT_TOKEN"


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    del name
    parser.add_argument("url", metavar="URL", help="the game's address: http://SERVER/games/ID")
    parser.add_argument(
        "--token", default=None, help=f"the game's agent token (default ${TOKEN_ENV})"
    )
    parser.add_argument(
        "--source",
        default=None,
        metavar="SPEC",
        help="camera index, video file, image folder or stream URL (default: the demo video)",
    )
    parser.add_argument(
        "--queue",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder of the outbox (default ./agent-GAME_ID)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="data folder with this camera's calibration profile and table memory (optional)",
    )


def run(args: argparse.Namespace) -> int:
    from companion.agent.client import AgentClient, AgentError, GameAddress
    from companion.agent.run import run_agent
    from vision.errors import VisionError

    def say(text: str) -> None:
        print(text, flush=True)

    token = args.token or os.environ.get(TOKEN_ENV)
    if not token:
        print(f"dicetable agent: error: give --token or set ${TOKEN_ENV}", file=sys.stderr)
        return 2

    def open_feed(game: str | None) -> Any:
        from companion.feed.live import open_table_feed

        return open_table_feed(args.source, args.data, game=game)

    def memory(feed: Any) -> Any:
        """The data folder's table memory, which the rolls players accept teach; none without
        --data or where the reader reads with no memory."""
        from companion.tables.desk import TableDesk

        if args.data is None:
            return None
        desk = TableDesk.open(args.data, feed.reader)
        return desk if desk.learns else None

    try:
        address = GameAddress.parse(args.url)
        folder = args.queue or Path(f"agent-{address.game_id}")
        return run_agent(AgentClient(address, token), folder, open_feed, say, memory=memory)
    except (AgentError, VisionError) as exc:
        print(f"dicetable agent: error: {exc}", file=sys.stderr)
        return 2
