"""The pictures of docs/first-game.md, taken from a running dashboard with headless Chromium.

    dicetable serve --port 8765 --data /tmp/guide-data &     # the demo recording, a fresh folder
    .venv/bin/python scripts/guide_screenshots.py http://127.0.0.1:8765

Plays the demo game as the guide tells it (open it, roll with the camera, accept) and writes each
step's panel to docs/images/first-game-*.png, kept under 150 KB (fewer colours if needed).
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
MAX_BYTES = 150 * 1024
CHROMIUM = "/usr/bin/chromium"


def small_png(data: bytes, path: Path) -> None:
    """PNG under MAX_BYTES: as taken, else with fewer colours, else narrower."""
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"not a PNG screenshot for {path.name}")
    for levels in (256, 32, 16, 8):
        step = 256 // levels
        shown = image if levels == 256 else (image // step) * step + step // 2
        ok, out = cv2.imencode(".png", shown, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        if ok and len(out) <= MAX_BYTES:
            path.write_bytes(out.tobytes())
            return
    h, w = image.shape[:2]
    half = cv2.resize(image, (w * 3 // 4, h * 3 // 4), interpolation=cv2.INTER_AREA)
    ok, out = cv2.imencode(".png", half, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    small_png(out.tobytes(), path)


def shoot(base: str) -> None:
    from playwright.sync_api import sync_playwright

    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as driver:
        browser = driver.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
        )
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        tab.set_default_timeout(60_000)
        tab.goto(f"{base}/")
        tab.wait_for_selector("#camera-line[data-state=ok]")
        small_png(tab.locator("#first-steps").screenshot(), IMAGES / "first-game-home.png")
        tab.click("#open-demo")
        tab.wait_for_selector("#camera-attempt")
        small_png(tab.locator("#control-attempt").screenshot(), IMAGES / "first-game-attempt.png")
        tab.click("#camera-attempt")
        tab.wait_for_selector("#pending .check.ok", timeout=90_000)  # one loop of the recording
        tab.wait_for_function("document.querySelector('#pending .frame-img').naturalWidth > 0")
        small_png(tab.locator("#pending").screenshot(), IMAGES / "first-game-camera-roll.png")
        tab.click("#accept-roll")
        tab.wait_for_selector("#history li")
        tab.wait_for_timeout(500)
        small_png(tab.locator(".col-board").screenshot(), IMAGES / "first-game-accepted.png")
        browser.close()


if __name__ == "__main__":
    shoot(sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8765")
