// RYB's stream overlay (the frame, scaling and stream are overlay-frame.js's): transparent around
// what it draws, nothing while the game is idle, and a new roll can be held back for suspense.

import { renderGoals, needsText, diceRow, totalsTable } from "./board.js";
import { capitalise, colourLabel, el } from "./colours.js";
import { params, part, showIdle, startOverlay } from "./overlay-frame.js";
import { SAMPLE_VIEW } from "./sample.js";

const delayMs = Math.max(0, Math.min(10000, Number(params.get("delay")) || 0));
let shownRoll; // undefined until the first snapshot is drawn
let rollTimer = null;

function rollKey(state) {
  const last = state.last_attempt;
  return last ? JSON.stringify([last.player, last.goal, last.dice]) : null;
}

function drawRoll(state) {
  const node = part("ov-roll");
  const last = state.last_attempt;
  node.hidden = !last;
  if (!last) return;
  const goal = last.goal;
  node.replaceChildren(
    el("div", { class: "ov-roll-head" }, `${last.player} → `, colourLabel(goal.colour, `${capitalise(goal.colour)} ${goal.target}`),
      el("span", { class: "ov-points" }, last.completed ? `complete! +${goal.value}` : `${last.points} of ${last.needed}`)),
    diceRow(last.dice, 96),
    totalsTable(last.totals, goal.colour),
  );
}

function drawPlayers(state) {
  part("ov-players").replaceChildren(...state.players.map((p) => el("li", {
    class: `ov-player${state.turn.player === p.name && !state.winner ? " current" : ""}${state.winner === p.name ? " winner" : ""}`,
  }, el("span", { class: "name" }, p.name), el("span", { class: "score" }, `${p.score}`),
  el("span", { class: "done" }, ...p.colours_done.map((c) => colourLabel(c))),
  el("span", { class: "needs-text" }, needsText(p, state.winner)))));
}

function drawTurn(state) {
  part("ov-turn").textContent = state.winner ? `${state.winner} wins!` : `${state.turn.player}'s turn`;
}

function draw(view) {
  const state = view && view.state;
  if (showIdle(view, !state || (!state.moves && !state.last_attempt))) return;
  renderGoals(part("ov-goals"), state);
  drawPlayers(state);
  drawTurn(state);
  const key = rollKey(state);
  if (key === shownRoll || !delayMs || shownRoll === undefined) {
    shownRoll = key;
    drawRoll(state);
    return;
  }
  clearTimeout(rollTimer);
  rollTimer = setTimeout(() => {
    shownRoll = key;
    drawRoll(state);
  }, delayMs);
}

// The first snapshot is drawn at once, without the suspense delay.
startOverlay(draw, SAMPLE_VIEW);
