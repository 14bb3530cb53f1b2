// The camera's state in words (no device, lost and reconnecting, frames per second) from
// /api/camera, polled every two seconds, so the table offers a camera roll only when one can come.
// On a game's page it asks for that table's camera: at a club table, its camera agent.

import { since } from "./agent-state.js";
import { getJSON } from "./api.js";

const POLL_MS = 2000;

/** `{ ok, text }`: whether the camera gives frames now, and its state for a person. */
export function cameraWords(camera) {
  if (camera && camera.agent) {
    if (camera.camera === "ok") return { ok: true, text: "Camera agent connected: its next settled roll comes here." };
    if (camera.camera === "ended") return { ok: false, text: "Camera stopped: the table's camera agent runs, but its camera ended (a recording or a folder of photos) or failed. Restart the agent." };
    if (camera.agent.connected) return { ok: false, text: "Camera lost: the table's camera agent is reconnecting to its camera." };
    return { ok: false, text: `Camera agent ${since(camera.agent.last_seen_at)}: start it at the table.` };
  }
  if (!camera || camera.camera === "off") return { ok: false, text: "No camera: the dashboard was started without one." };
  const state = camera.camera;
  const detail = String(camera.detail || "");
  const source = camera.source || "the camera";
  if (state === "ok") return { ok: true, text: `Camera on · ${Number(camera.fps || 0).toFixed(1)} frames/s` };
  if (state === "starting") return { ok: false, text: `Starting ${source}…` };
  if (state === "lost") {
    const tries = /; (\d+) retries\)/.exec(detail);
    const attempt = tries && Number(tries[1]) > 0 ? ` (try ${tries[1]})` : "";
    if (detail.includes("open failed")) return { ok: false, text: `No camera found at ${source}: trying again${attempt}.` };
    if (detail.includes("stalled")) return { ok: false, text: `Camera lost: ${source} stopped sending pictures; reconnecting${attempt}.` };
    return { ok: false, text: `Camera lost; reconnecting${attempt}.` };
  }
  if (state === "ended") return { ok: false, text: "The recording has ended." };
  return { ok: false, text: `Camera stopped${detail ? ` (${detail})` : ""}.` };
}

/** Calls `onChange(camera)` now and whenever /api/camera answers something new. */
export function watchCamera(onChange) {
  let last = "";
  const game = /^\/games\/([^/]+)/.exec(window.location.pathname);
  const url = game ? `/api/camera?game=${encodeURIComponent(game[1])}` : "/api/camera";
  const poll = async () => {
    let camera;
    try {
      camera = await getJSON(url);
    } catch {
      camera = { camera: "unknown", detail: "the server does not answer" };
    }
    const key = JSON.stringify(camera);
    if (key !== last) {
      last = key;
      onChange(camera);
    }
  };
  poll();
  return setInterval(poll, POLL_MS);
}
