// The kid view: one roll, large. Dice as big faces with their colour names, the totals built step
// by step, big buttons, and the browser reading the steps aloud when the speech switch is on.

import { capitalise, colourLabel, dieFace, el } from "./colours.js";
import { KidSteps, setupKidButtons } from "./kid-steps.js";
import { follow, initialView, statusBadge } from "./live.js";
import { rollSteps } from "./steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let roll = null;
let waiting = null;
const steps = new KidSteps((step) => {
  drawDice(step);
  part("step-text").replaceChildren(step ? el("span", {}, step.text) : "");
  part("step-text").dataset.colour = step ? step.colour : "";
});

/** The kid view's roll from a game view (its last attempt) or from the table's last roll. */
export function rollFrom(data) {
  if (!data) return null;
  if (data.state) {
    const last = data.state.last_attempt;
    return last ? { dice: last.dice, totals: last.totals, goal: last.goal, player: last.player, needed: last.needed, completed: last.completed, key: JSON.stringify([data.state.moves, last.dice]) } : null;
  }
  const last = data.roll !== undefined ? data.roll : data;
  if (!last || !Array.isArray(last.dice)) return null;
  return { dice: last.dice, totals: last.totals, key: String(last.rev) };
}

function drawDice(step) {
  const node = part("kid-dice");
  const lit = new Set(step ? step.dice : []);
  node.replaceChildren(...roll.dice.map((d, i) => el("figure", { class: `kid-die${lit.has(i) ? " lit" : ""}` },
    dieFace(d.colour, d.pips, 150, d.unsure), el("figcaption", {}, colourLabel(d.colour, `${capitalise(d.colour)} ${d.pips}`)))));
}

/** A new roll from the table. A child keeps the roll they are working through: a newer one
 * waits behind the "New roll" button until they move on to it. */
function show(data) {
  const next = rollFrom(data);
  if (!next) {
    if (roll) return;
    root.dataset.state = "idle";
    part("kid-dice").replaceChildren();
    part("step-text").textContent = "Roll the dice!";
    part("step-count").textContent = "";
    return;
  }
  if (roll && roll.key === next.key) return;
  if (roll) {
    waiting = next;
    part("new-roll").hidden = false;
    root.dataset.waiting = "yes";
    return;
  }
  begin(next);
}

function begin(next) {
  roll = next;
  waiting = null;
  part("new-roll").hidden = true;
  root.dataset.waiting = "";
  steps.start(rollSteps(roll));
  root.dataset.state = "roll";
  steps.show();
}

part("new-roll").addEventListener("click", () => waiting && begin(waiting));
setupKidButtons(root, steps);

const game = root.dataset.game;
const stream = game ? `/api/games/${game}/stream` : "/api/roll/stream";
const refetch = game ? `/api/games/${game}` : "/api/roll/last";
show(initialView());
follow(stream, { onView: show, onStatus: statusBadge, refetchUrl: refetch });
