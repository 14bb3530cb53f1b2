// The flyer game's stream overlay (frame and stream from overlay-frame.js): each player's score,
// whose turn and the colour dice they have left, the six colour values, and the winners at the end.

import { colourLabel, el, plural } from "./colours.js";
import { drawHeadline, drawPlayerBar } from "./board-overlay.js";
import { HUES } from "./flyer-board.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";

const PHASE = { roll: "rolls the colour dice", move: "moves markers with the dice", over: "every marker is home" };

function drawTurn(state) {
  const turn = state.turn;
  if (state.winner) drawHeadline(`${state.winner} win${state.winners.length > 1 ? "" : "s"}!`, null);
  else drawHeadline(`${turn.player}'s turn`, `${turn.player} ${PHASE[turn.phase] || turn.phase}`);
}

function drawValues(state) {
  part("ov-values").replaceChildren(...HUES.map((hue) => el("li", { "data-value": hue },
    colourLabel(hue), el("span", { class: "ov-value" }, plural(state.values[hue], "point")))));
}

function drawDice(state) {
  const node = part("ov-roll");
  const dice = state.turn.dice;
  node.hidden = state.winner !== null || !dice.length;
  node.replaceChildren(el("div", { class: "ov-roll-head" }, `${state.turn.player}'s dice left`),
    el("div", { class: "ov-chips" }, ...dice.map((hue) => el("span", { class: "ov-chip", "data-colour": hue }, colourLabel(hue)))));
}

function draw(view) {
  const state = view && view.state;
  // Nothing to show until the colour values are thrown: the game has not begun.
  if (showIdle(view, !state || !state.values)) return;
  drawTurn(state);
  drawValues(state);
  drawDice(state);
  drawPlayerBar(state, state.winners, (p) => `${p.score}`, (p) => `homebase ${p.home}`);
}

startOverlay(draw);
