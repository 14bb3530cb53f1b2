// The five-dice kid view: the dice big, and how the last score was made, one step at a time
// ("4", "4 + 4 = 8", "Fours: three 4s: 4 + 4 + 4 = 12"), read aloud when the speech switch is
// on; while a throw is in play, those dice and what comes next.

import { dieFace, el } from "./colours.js";
import { scoreSteps, throwSteps } from "./fivedice-steps.js";
import { followGame, KidSteps, setupKidButtons, showNothing } from "./kid-steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let key = null;
const steps = new KidSteps(drawStep);

function drawStep(step) {
  part("kid-dice").replaceChildren(...step.dice.map((pips, k) => {
    const face = dieFace("white", pips, 120);
    return el("figure", { class: `kid-die${step.lit.has(k) ? " lit" : ""}` }, face);
  }));
  part("step-text").textContent = step.text;
}

function show(view) {
  const state = view && view.state;
  if (!state) return;
  root.dataset.version = String(view.version);
  const turn = state.turn;
  const who = state.over ? `${state.winner} ${state.winners.length > 1 ? "share the win" : "wins"}!` : `${turn.player}'s turn`;
  part("kid-who").textContent = who;
  const list = turn.dice.length ? throwSteps(turn) : scoreSteps(state.last);
  const next = JSON.stringify(list.map((s) => s.text));
  if (next === key) return;
  key = next;
  steps.start(list);
  if (!list.length) {
    showNothing(root, "Roll the dice!");
    part("kid-who").textContent = who;
    return;
  }
  root.dataset.state = "roll";
  steps.show();
}

setupKidButtons(root, steps);
followGame(root, show);
