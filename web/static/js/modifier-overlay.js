// The stream overlay for the modifier dice game: a fixed 1920x1080 canvas scaled to the window,
// rebuilt from the snapshot on every load (OBS reloads at will) and following the game's stream.
// It shows the round's goals and who took them, tokens, and each modified die's arithmetic.

import { el } from "./colours.js";
import { follow } from "./live.js";

const WIDTH = 1920;
const HEIGHT = 1080;
const root = document.getElementById("overlay");
const canvas = document.getElementById("canvas");
const part = (id) => document.getElementById(id);

function fit() {
  const scale = Math.min(window.innerWidth / WIDTH, window.innerHeight / HEIGHT);
  canvas.style.transform = `scale(${scale})`;
}

function drawGoals(state) {
  const table = state.table;
  const results = table && table.revealed ? state.goals : [];
  const cards = table ? [...table.goals, ...table.specials] : [];
  part("ov-goals").replaceChildren(...cards.map((goal, k) => {
    const result = results[k];
    const takers = !result ? "6 tokens" : result.winners.length ? `${result.winners.join(", ")}: ${result.each} each` : "nobody";
    return el("li", { class: "ov-goal" }, el("div", {}, goal.title), el("div", { class: "takers" }, takers));
  }));
}

function drawSteps(state) {
  const node = part("ov-roll");
  const lines = [];
  for (const seat of (state.table && state.table.players) || []) {
    seat.dice.forEach((die, k) => {
      if (die.trail.length) lines.push(el("li", {}, el("span", { class: "who" }, `${seat.name} die ${k + 1}`), die.steps));
    });
  }
  node.hidden = !lines.length;
  node.replaceChildren(el("ul", { class: "ov-steps" }, ...lines.slice(0, 12)));
}

function drawPlayers(state) {
  part("ov-players").replaceChildren(...state.players.map((p) => el("li", {
    class: `ov-player${state.winner === p.name ? " winner" : ""}`,
  }, el("span", { class: "name" }, p.name), el("span", { class: "score" }, `${p.tokens}`),
  p.values ? el("span", { class: "values" }, p.values.join(" ")) : null)));
}

function drawTurn(state) {
  part("ov-turn").textContent = state.winner ? `${state.winner} wins!` : `Round ${state.round} of 6`;
}

function draw(view) {
  const state = view && view.state;
  const idle = !state || !state.round;
  root.dataset.state = idle ? "idle" : "live";
  root.dataset.version = view ? String(view.version) : "";
  canvas.hidden = idle;
  if (idle) return;
  drawTurn(state);
  drawGoals(state);
  drawPlayers(state);
  drawSteps(state);
}

fit();
window.addEventListener("resize", fit);
if (root.dataset.game) {
  follow(`/api/games/${root.dataset.game}/stream`, { onView: draw, refetchUrl: `/api/games/${root.dataset.game}` });
}
