// The stream overlay for the score sheet (frame and stream from overlay-frame.js): whose turn,
// the totals with the leader marked, the latest roll added up and the last rounds.

import { dieFace, el } from "./colours.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";

const ROUNDS_SHOWN = 6;

function drawTurn(state) {
  const node = part("ov-turn");
  if (state.winner) node.textContent = `${state.winner} ${state.winner.includes(" and ") ? "win" : "wins"}!`;
  // `ending` while the game goes on: a target reached or the last round, so this one ends it.
  else node.textContent = `Round ${state.round}${state.ending ? " (the last)" : ""}: ${state.turn} to play`;
}

function drawPlayers(state) {
  part("ov-players").replaceChildren(...state.players.map((p) => el("li", {
    class: `ov-player${p.name === state.turn ? " current" : ""}${p.leader ? " leader" : ""}${state.winner && p.leader ? " winner" : ""}`,
    "data-player": p.name,
  }, p.leader ? el("span", { class: "crown", "aria-label": "leader" }, "★") : null,
  el("span", { class: "name" }, p.name), el("span", { class: "score" }, String(p.score)))));
}

function drawRoll(state) {
  const node = part("ov-roll");
  const last = state.last;
  node.hidden = !last;
  if (!last) return;
  const head = el("div", { class: "ov-roll-head" }, last.dice ? `${last.player} rolled` : `${last.player} wrote a score`);
  const dice = last.dice
    ? el("div", { class: "dice-row" }, ...last.dice.map((pips, k) => el("span", { class: last.counted[k] ? "" : "skip" }, dieFace("white", pips, 72))))
    : null;
  const sum = last.steps.length ? last.steps[last.steps.length - 1] : String(last.points);
  // replaceChildren would write a null as the text "null": leave a typed score's dice out.
  node.replaceChildren(...[head, dice, el("div", { class: "ov-sum" }, `${sum} → ${last.total}`)].filter(Boolean));
}

function drawSide(state) {
  const leaders = state.leaders;
  part("ov-leader").textContent = leaders.length ? `${leaders.join(" and ")}: ${state.players.find((p) => p.name === leaders[0]).score}` : "";
  const rounds = Math.max(...state.players.map((p) => p.entries.length));
  const rows = [];
  for (let r = Math.max(1, rounds - ROUNDS_SHOWN + 1); r <= rounds; r += 1) {
    const cells = state.players.map((p) => (p.entries[r - 1] ? `${p.name} ${p.entries[r - 1].points}` : null)).filter(Boolean);
    rows.push(el("li", {}, el("span", { class: "round" }, `Round ${r}`), cells.join(" · ")));
  }
  part("ov-rounds").replaceChildren(...rows);
}

function draw(view) {
  const state = view && view.state;
  if (showIdle(view, !state || !state.moves)) return;
  drawTurn(state);
  drawPlayers(state);
  drawRoll(state);
  drawSide(state);
}

startOverlay(draw);
