"""Play a video through a phone's camera page, as a phone on a holder would film it, and print
the rolls the server keeps beside the rolls `dicetable watch` reads on the same frames.

    .venv/bin/python scripts/phone_camera_check.py VIDEO [--fps 5] [--size 640x360] [--game ryb]

The video becomes Chromium's fake camera (a y4m file at `--fps`, `--size`); headless Chromium
opens a new game's camera page on a server on loopback, which reads the frames through the
live path. Rolls kept while the video plays once are counted (Chromium loops the file).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser.fake_camera import video_frames, write_y4m  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


Roll = tuple[float, list[str]]  # when (s), and the dice


def watch_rolls(y4m: Path, game: str | None) -> list[Roll]:
    from companion.feed.live import table_reader
    from vision.live import LivePipeline
    from vision.settle import SettledRoll
    from vision.sources import open_source

    source = open_source(str(y4m), realtime=False)
    pipeline = LivePipeline(source, table_reader(None, game))
    found: list[Roll] = []
    source.open()
    try:
        while (frame := source.read()) is not None:
            event = pipeline.process(frame)
            if isinstance(event, SettledRoll):
                dice = sorted(f"{d.colour.value} {d.pips}" for d in event.reading)
                found.append((event.t_ms / 1000, dice))
    finally:
        source.close()
    return found


def dice_texts(dice: list[dict[str, object]]) -> list[str]:
    return sorted(f"{d['colour']} {d['pips']}" for d in dice)


def phone_rolls(y4m: Path, duration_s: float, fps: int, kind: str) -> list[Roll]:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from companion.feed.live import open_phone_feed
    from companion.session import Session
    from web.app import create_app
    from web.config import WebConfig, services

    data = Path(tempfile.mkdtemp(prefix="phone-check-"))
    session = Session.open(data)
    app = create_app(WebConfig(data_dir=data), session, phone_feed=open_phone_feed)
    game_id = session.create_from_options(["Al", "Bruce"], {"game": kind}).game_id
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    fake = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={y4m}",
    ]
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", *fake]
            )
            tab = browser.new_page(viewport={"width": 390, "height": 844})
            tab.goto(f"http://127.0.0.1:{server.server_port}/games/{game_id}/camera?fps={fps}")
            tab.wait_for_selector("#camera-stop", state="visible", timeout=30000)
            started = time.monotonic()
            counted: list[Roll] = []
            while time.monotonic() - started < duration_s + 1.0:
                time.sleep(0.1)
                for roll in list(session.store.camera_rolls(game_id))[len(counted) :]:
                    dice = sorted(f"{d['colour']} {d['pips']}" for d in roll.data["dice"])
                    counted.append((time.monotonic() - started, dice))
            print(f"page: {tab.inner_text('#camera-status')}")
            browser.close()
        with app.app_context():
            phones = services().phones
            if phones is not None:
                phones.stop_all()
        return counted
    finally:
        server.shutdown()
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("video", type=Path)
    parser.add_argument("--fps", type=int, default=5)
    parser.add_argument("--size", default="640x360")
    parser.add_argument("--game", default="ryb", help="the kind of game the phone films")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    frames = video_frames(args.video, 0.0, 1e9, args.fps, (width, height))
    if not frames:
        print(f"no frames in {args.video}", file=sys.stderr)
        return 2
    y4m = Path(tempfile.mkdtemp(prefix="phone-check-")) / "camera.y4m"
    write_y4m(y4m, frames, args.fps)
    from companion.session.agents import camera_game_of

    reading = camera_game_of(args.game)
    print(f"{args.video}: {len(frames)} frames of {width}x{height} at {args.fps}/s")
    expected = watch_rolls(y4m, None if reading == "none" else reading)
    kept = phone_rolls(y4m, len(frames) / args.fps, args.fps, args.game)
    print("times: watch's in the video; the phone's since the page began filming (about as much)")
    for k in range(max(len(expected), len(kept))):
        want = _shown(expected[k]) if k < len(expected) else "-"
        got = _shown(kept[k]) if k < len(kept) else "-"
        differ = k >= min(len(expected), len(kept)) or expected[k][1] != kept[k][1]
        print(f"roll {k + 1}: watch {want}  phone {got}{'  DIFFERENT' if differ else ''}")
    same = sum(a[1] == b[1] for a, b in zip(expected, kept, strict=False))
    print(f"watch read {len(expected)} rolls, the phone's server kept {len(kept)}; {same} the same")
    return 0 if same == len(expected) == len(kept) else 1


def _shown(roll: Roll) -> str:
    return f"at {roll[0]:5.1f} s [{' '.join(roll[1])}]"


if __name__ == "__main__":
    sys.exit(main())
