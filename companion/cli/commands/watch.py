"""`dicetable watch SOURCE [--json] [--game none|ryb]`: one line per settled roll from a camera,
stream or file. Colours are read as the reader names them (nine) unless `--game ryb` applies
RYB's palette.

Files and image folders are read frame by frame (every frame, on their own clock); cameras and
streams run live, always on the newest frame, until interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from typing import Any

from companion.cli.commands.game import (
    add_camera_game_argument,
    add_data_argument,
    camera_game,
    default_data_dir,
)
from companion.feed.readout import reading_json
from vision.arguments import whole
from vision.errors import VisionError


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument("source", help="camera index, video file, image folder or stream URL")
    parser.add_argument("--json", action="store_true", help="one JSON object per roll per line")
    parser.add_argument(
        "--settle-ms", type=whole(1, 10_000), default=None, help="still time before a roll"
    )
    parser.add_argument(
        "--max-rolls", type=whole(0), default=0, help="stop after this many rolls (0: never)"
    )
    parser.add_argument("--loop", action="store_true", help="play a file or folder forever")
    add_camera_game_argument(
        parser,
        "none",
        "read colours for a game: none (the nine colours as read, the default), ryb "
        "(red, yellow and blue, RYB's palette) or flyer (its colour-face dice read by colour)",
    )
    add_data_argument(parser)


def run(args: argparse.Namespace) -> int:
    from companion.feed.live import table_reader
    from vision.live import LiveConfig, LivePipeline
    from vision.settle import RollCorrected, SettleConfig, SettledRoll
    from vision.sources import open_source

    settle = SettleConfig()
    if args.settle_ms is not None:
        # A flickering die may hold a roll back no less than the still time itself.
        unsure = max(settle.unsure_ms, args.settle_ms)
        settle = SettleConfig(settle_ms=args.settle_ms, unsure_ms=unsure)
    try:
        source = open_source(args.source, loop=args.loop, realtime=False)
        data = args.data if args.data is not None else default_data_dir()
        reader = table_reader(data, camera_game(args))
        pipeline = LivePipeline(source, reader, LiveConfig(settle=settle))
    except VisionError as exc:
        print(f"dicetable watch: {exc}", file=sys.stderr)
        return 2
    done = threading.Event()
    count = 0

    def on_roll(roll: SettledRoll) -> None:
        nonlocal count
        count += 1
        _emit(roll, args.json)
        if args.max_rolls and count >= args.max_rolls:
            done.set()

    def on_fix(fix: RollCorrected) -> None:
        _emit_fix(fix, args.json)

    pipeline.subscribe(on_roll, corrections=on_fix)
    if source.is_live:
        return _run_live(pipeline, done)
    return _run_file(pipeline, done)


def _run_file(pipeline: Any, done: threading.Event) -> int:
    source = pipeline.source
    source.open()
    try:
        while not done.is_set():
            frame = source.read()
            if frame is None:
                break
            pipeline.process(frame)
    finally:
        source.close()
    return 0


def _run_live(pipeline: Any, done: threading.Event) -> int:
    pipeline.start()
    try:
        done.wait()
    except KeyboardInterrupt:
        pass
    finally:
        pipeline.stop()
    return 0


def _emit_fix(fix: Any, as_json: bool) -> None:
    """A roll's unsure dice the camera has since read surely: the roll as it now stands."""
    record = {
        "t_ms": round(fix.t_ms, 1),
        "frame": fix.frame_index,
        "corrects": fix.roll_id,
        "cleared": list(fix.cleared),
        **reading_json(fix.reading),
    }
    if as_json:
        print(json.dumps(record), flush=True)
        return
    dice = " ".join(d.get("face_colour") or f"{d['colour']}{d['pips']}" for d in record["dice"])
    print(
        f"{record['t_ms']:>10.0f} ms  frame {record['frame']}: roll {fix.roll_id} now {dice}",
        flush=True,
    )


def _emit(roll: Any, as_json: bool) -> None:
    record = {
        "t_ms": round(roll.t_ms, 1),
        "frame": roll.frame_index,
        "delay_ms": round(roll.delay_ms, 1),
        "needs_review": roll.needs_review,
        "cut_short": roll.cut_short,
        "roll": roll.roll_id,
        **reading_json(roll.reading),
    }
    if as_json:
        print(json.dumps(record), flush=True)
        return
    # A colour-face die (flyer) shows a colour and no pips.
    dice = " ".join(d.get("face_colour") or f"{d['colour']}{d['pips']}" for d in record["dice"])
    totals = " ".join(f"{k}={v}" for k, v in record["totals"].items())
    flags = " (cut short: check the dice marked ?)" if roll.cut_short else ""
    print(
        f"{record['t_ms']:>10.0f} ms  frame {record['frame']}: {dice or '-'} | {totals}{flags}",
        flush=True,
    )
