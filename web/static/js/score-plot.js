// Each player's score over the game as lines (an SVG drawn through the DOM, no inline style),
// from /api/games/<id>/scores, redrawn when the game changes.

import { getJSON } from "./api.js";
import { el } from "./colours.js";

const SVG = "http://www.w3.org/2000/svg";
const SEAT_COLOURS = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00"];
const W = 320;
const H = 160;
const PAD = 24;

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/** Scores to mark on the axis: `low`, round steps (1, 2 or 5 times a power of ten), `top`. */
export function ticks(top, low = 0) {
  const rough = (top - low) / 4;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) || rough;
  const out = [low];
  for (let v = Math.floor(low / step) * step + step; v < top - step / 4; v += step) {
    if (v > low + step / 4) out.push(v);
  }
  return [...out, top];
}

/** The plot of `timeline` (`{players, points: [{seq, scores}]}`) into `node`. */
export function drawScores(node, timeline) {
  const points = timeline.points || [];
  if (points.length < 2) {
    node.replaceChildren(el("p", { class: "empty" }, "Scores appear here as the game goes on."));
    return;
  }
  // A score may fall below 0 (a penalty): the axis then starts at the lowest one.
  const low = Math.min(0, ...points.flatMap((p) => p.scores));
  const top = Math.max(low + 1, ...points.flatMap((p) => p.scores));
  const x = (k) => PAD + (k * (W - 2 * PAD)) / (points.length - 1);
  const y = (v) => H - PAD - ((v - low) * (H - 2 * PAD)) / (top - low);
  const lines = timeline.players.map((name, seat) => svg("polyline", {
    points: points.map((p, k) => `${x(k).toFixed(1)},${y(p.scores[seat]).toFixed(1)}`).join(" "),
    fill: "none", stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length], "stroke-width": 3, "data-player": name,
  }));
  const axis = svg("polyline", { points: `${PAD},${PAD} ${PAD},${H - PAD} ${W - PAD},${H - PAD}`, fill: "none", stroke: "#555" });
  const moves = points.length - 1;
  const marks = ticks(top, low);
  const labels = [top, low, ...marks.slice(1, -1)].flatMap((v) => [
    svg("line", { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v), stroke: "#ddd", class: "tick" }),
    svg("text", { x: 2, y: y(v) + 4, "font-size": 11 }, String(v))]);
  labels.push(svg("text", { x: W - PAD, y: H - 6, "font-size": 11, "text-anchor": "end" }, `${moves} ${moves === 1 ? "move" : "moves"}`));
  const plot = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "score-plot", role: "img",
    "aria-label": `scores: ${timeline.players.map((n, s) => `${n} ${points[points.length - 1].scores[s]}`).join(", ")}` }, axis, ...labels, ...lines);
  const legend = el("ul", { class: "score-legend" }, ...timeline.players.map((name, seat) => el("li", { "data-seat": seat % SEAT_COLOURS.length }, name)));
  node.replaceChildren(plot, legend);
}

export async function updateScores(node, gameId) {
  try {
    drawScores(node, await getJSON(`/api/games/${gameId}/scores`));
  } catch (err) {
    node.replaceChildren(el("p", { class: "error" }, err.message));
  }
}
