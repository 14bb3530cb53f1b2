// The kid view of the modifier dice game: one modified die at a time, large, its cards in the
// order they act, and the arithmetic built step by step ("4, +2 = 6, x2 = 12"), read aloud when
// the speech switch is on.

import { dieFace, el } from "./colours.js";
import { followGame, KidSteps, setupKidButtons, showNothing } from "./kid-steps.js";
import { modifierSteps } from "./modifier-steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let key = null;
const steps = new KidSteps(drawStep);

const TURNS_THE_DIE = new Set(["reroll", "pick", "flip"]);

/** The face the physical die shows after the first `upto` steps (the server's own values). */
function shownFace(die, upto) {
  let face = die.rolled;
  die.trail.slice(0, upto).forEach((t) => { if (TURNS_THE_DIE.has(t.card)) face = t.value; });
  return face;
}

function drawStep(step) {
  const die = step.die;
  part("kid-who").textContent = `${step.player}, die ${step.index + 1}`;
  const cards = die.trail.map((t, k) => el("li", { class: `kid-card${k < step.upto - 1 ? " done" : ""}${k === step.upto - 1 ? " now" : ""}` }, t.card));
  part("kid-dice").replaceChildren(el("figure", { class: "kid-die lit" }, dieFace("white", shownFace(die, step.upto), 150)),
    el("ol", { class: "kid-stack" }, ...cards));
  part("step-text").textContent = step.text;
}

/** The same table gives the same key whatever order its keys come in: the page's first view
 * and the stream's snapshot write them in different orders, and a child must not be sent back
 * to step 1 (and hear it again) when the stream connects. */
function tableKey(table) {
  return JSON.stringify(table, (_, value) => (value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value));
}

function show(view) {
  const table = view && view.state ? view.state.table : null;
  const next = tableKey(table);
  if (next === key) return;
  key = next;
  steps.start(modifierSteps(table));
  if (!steps.list.length) {
    showNothing(root, table ? "No cards behind any die yet." : "Roll the dice!");
    return;
  }
  root.dataset.state = "roll";
  steps.show();
}

setupKidButtons(root, steps);
followGame(root, show);
