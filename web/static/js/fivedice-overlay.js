// The five-dice stream overlay (frame and stream from overlay-frame.js): whose turn, the round
// and the throw, the dice in play, the last box filled and how it scored, and every player's
// total with the leader named (the winners gold at the end).

import { drawHeadline, drawPlayerBar } from "./board-overlay.js";
import { el } from "./colours.js";
import { diceFaces, turnWords } from "./fivedice-sheet.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";

function drawTurn(state) {
  if (state.over) drawHeadline(turnWords(state), null);
  else drawHeadline(`${state.turn.player}'s turn`, turnWords(state).split(" · ").slice(1).join(" · "));
}

function drawDice(state) {
  const node = part("ov-roll");
  const dice = state.turn.dice;
  node.hidden = state.over || !dice.length;
  const kept = state.turn.kept.length ? `kept ${state.turn.kept.join(" ")}` : "";
  const joker = state.turn.joker;
  const parts = [el("div", { class: "ov-roll-head" }, `${state.turn.player}'s dice ${kept}`),
    el("div", { class: "ov-dice" }, ...diceFaces(dice, 96))];
  if (joker) parts.push(el("div", { class: "ov-last-bonus" }, `Five alike again${joker.bonus ? `: +${joker.bonus}` : ""}!`));
  node.replaceChildren(...parts);
}

function drawLast(state) {
  const last = state.last;
  // replaceChildren writes a null argument as the text "null": leave an absent line out.
  part("ov-last").replaceChildren(...(last ? [
    el("div", { class: "ov-last-head" }, `${last.player}: ${last.label} ${last.points}`),
    el("div", { class: "ov-last-why" }, last.why),
    last.bonus ? el("div", { class: "ov-last-bonus" }, `+${last.bonus} for another five of a kind`) : null,
  ].filter(Boolean) : [el("div", { class: "ov-last-why" }, "No box filled yet")]));
}

function small(state, p) {
  const parts = [`upper ${p.upper}${p.upper_bonus ? " +35" : ` of 63`}`];
  if (p.extra_fives) parts.push(`+${p.extra_bonus} extra`);
  if (!state.over && state.leaders.includes(p.name) && p.score > 0) parts.push("leads");
  return parts.join(" · ");
}

function draw(view) {
  const state = view && view.state;
  // Nothing to show until the first throw.
  if (showIdle(view, !state || (!state.last && !state.turn.dice.length && !state.over))) return;
  drawTurn(state);
  drawDice(state);
  drawLast(state);
  drawPlayerBar(state, state.winners, (p) => `${p.score}`, (p) => small(state, p));
}

startOverlay(draw);
