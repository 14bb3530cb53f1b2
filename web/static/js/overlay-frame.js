// What every stream overlay shares (overlay.js for RYB, one per other game): a fixed 1920x1080
// canvas scaled to the window, rebuilt from the snapshot on every load (OBS reloads at will) and
// following the game's token-checked stream; `?test=1` draws the game's sample instead.

import { follow } from "./live.js";

// Each layout's logical canvas (`?layout=`, checked by the server): the whole frame and the
// compact corner draw on 1920x1080; a single panel on a canvas of its own shape, so an OBS source
// of that shape shows it large.
const SIZES = {
  full: [1920, 1080],
  corner: [1920, 1080],
  goals: [600, 1000],
  roll: [1040, 520],
  scores: [1840, 180],
};

export const root = document.getElementById("overlay");
export const canvas = document.getElementById("canvas");
export const part = (id) => document.getElementById(id);
export const params = new URLSearchParams(window.location.search);
const [WIDTH, HEIGHT] = SIZES[root.dataset.layout] || SIZES.full;

function fit() {
  const scale = Math.min(window.innerWidth / WIDTH, window.innerHeight / HEIGHT);
  canvas.style.width = `${WIDTH}px`;
  canvas.style.height = `${HEIGHT}px`;
  canvas.style.transform = `scale(${scale})`;
}

/** Marks the overlay idle (nothing drawn) or live with this view's version; true when idle. */
export function showIdle(view, idle) {
  root.dataset.state = idle ? "idle" : "live";
  root.dataset.version = view ? String(view.version) : "";
  canvas.hidden = idle;
  return idle;
}

/** The game's sample the page embeds for `?test=1` (every game but RYB, whose is sample.js). */
function embeddedSample() {
  const node = document.getElementById("sample-view");
  return node ? JSON.parse(node.textContent) : null;
}

/** Scale the canvas, then draw the game's sample (`?test=1`: the page's, else `sample`) or follow
 * the game. */
export function startOverlay(draw, sample = null) {
  fit();
  window.addEventListener("resize", fit);
  if (params.get("test") === "1") {
    const shown = embeddedSample() || sample;
    if (shown) draw(shown);
  } else if (root.dataset.game) {
    const game = root.dataset.game;
    follow(`/api/games/${game}/stream`, { onView: draw, refetchUrl: `/api/games/${game}` });
  }
}
