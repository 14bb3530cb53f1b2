// The stream overlay for the modifier dice game (frame and stream from overlay-frame.js): the
// round's goals and who took them, tokens, and each modified die's arithmetic.

import { el } from "./colours.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";

function drawGoals(state) {
  const table = state.table;
  const results = table && table.revealed ? state.goals : [];
  const cards = table ? [...table.goals, ...table.specials] : [];
  part("ov-goals").replaceChildren(...cards.map((goal, k) => {
    const result = results[k];
    const takers = !result ? "6 tokens" : result.winners.length ? (result.winners.length === 1 ? `${result.winners[0]}: ${result.each}` : `${result.winners.join(", ")}: ${result.each} each`) : "nobody";
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
  if (showIdle(view, !state || !state.round)) return;
  drawTurn(state);
  drawGoals(state);
  drawPlayers(state);
  drawSteps(state);
}

startOverlay(draw);
