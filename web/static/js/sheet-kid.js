// The kid view of the score sheet: the latest roll's dice, large, and its score built one die at
// a time ("3", "3 + 4 = 7", "3 + 4 + 6 = 13": the server's `last.steps`), then the player's new
// total. Dice the house rules do not count stay faded and say so. Read aloud when the speech
// switch is on.

import { dieFace, el } from "./colours.js";
import { followGame, KidSteps, setupKidButtons, showNothing } from "./kid-steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
const steps = new KidSteps(drawStep);
let key = null;

const spoken = (text) => text.replaceAll("+", "plus").replaceAll("=", "equals").replaceAll("-", "minus");

/** The steps of the latest entry: each counted die added in turn, then the total. */
export function sheetSteps(last) {
  if (!last) return [];
  const out = [];
  const counted = last.dice ? last.dice.map((_, k) => k).filter((k) => last.counted[k]) : [];
  last.steps.forEach((text, k) => out.push({ text, speech: spoken(text), lit: counted.slice(0, k + 1) }));
  if (last.dice && !counted.length) out.push({ text: "No dice count: 0", speech: "No dice count this time. Zero.", lit: [] });
  if (!last.dice) out.push({ text: `${last.points}`, speech: `${last.player} scores ${last.points}`, lit: [] });
  const total = `${last.player}: ${last.points} points, ${last.total} in all`;
  out.push({ text: total, speech: `${last.player} scores ${last.points}. That makes ${last.total} in all.`, lit: counted, end: true });
  return out;
}

function drawStep(step) {
  const last = steps.last;
  // "dice 6": each 6 is worth 1, so the die says so rather than its pips.
  const each = steps.count.startsWith("dice");
  const caption = (pips, counts) => (!counts ? `${pips}: does not count` : each ? `a ${pips}: 1` : String(pips));
  part("kid-who").textContent = last.dice ? `${last.player} rolled` : `${last.player} wrote a score`;
  const lit = new Set(step.lit);
  part("kid-dice").replaceChildren(...(last.dice || []).map((pips, k) => {
    const counts = last.counted[k];
    return el("figure", { class: `kid-die${lit.has(k) ? " lit" : ""}${counts ? "" : " skip"}`, "data-die": k + 1 },
      dieFace("white", pips, 150), el("figcaption", {}, caption(pips, counts)));
  }));
  part("step-text").textContent = step.text;
}

function show(view) {
  const last = view && view.state ? view.state.last : null;
  const next = last ? JSON.stringify([view.state.moves, last]) : null;
  if (next === key) return;
  key = next;
  steps.last = last;
  steps.count = view.state.options.count;
  steps.start(sheetSteps(last));
  if (!steps.list.length) {
    showNothing(root, "Roll the dice!");
    return;
  }
  root.dataset.state = "roll";
  steps.show();
}

setupKidButtons(root, steps);
followGame(root, show);
