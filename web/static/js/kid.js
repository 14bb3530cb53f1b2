// The kid view: one roll, large. Dice as big faces with their colour names, the totals built step
// by step, big buttons, and the browser reading the steps aloud when the speech switch is on.

import { capitalise, colourLabel, dieFace, el } from "./colours.js";
import { follow, initialView, statusBadge } from "./live.js";
import { askPin } from "./pin.js";
import { rollSteps } from "./steps.js";

const SPEECH_KEY = "dicetable.speech";
const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let roll = null;
let steps = [];
let at = 0;
let waiting = null;

function speechOn() {
  try {
    return window.localStorage.getItem(SPEECH_KEY) !== "off";
  } catch {
    return true;
  }
}

function setSpeech(on) {
  try {
    window.localStorage.setItem(SPEECH_KEY, on ? "on" : "off");
  } catch {
    // No storage: the switch still works for this visit.
  }
  showSwitch(on);
  if (!on && window.speechSynthesis) window.speechSynthesis.cancel();
}

function showSwitch(on) {
  const button = part("speech-switch");
  button.setAttribute("aria-checked", on ? "true" : "false");
  button.querySelector(".switch-text").textContent = on ? "Sound on" : "Sound off";
  part("read-aloud").disabled = !on;
}

function say(text) {
  if (!speechOn() || !window.speechSynthesis || !text) return;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

/** The kid view's roll from a game view (its last attempt) or from the table's last roll. */
export function rollFrom(data) {
  if (!data) return null;
  if (data.state) {
    const last = data.state.last_attempt;
    return last ? { dice: last.dice, totals: last.totals, goal: last.goal, player: last.player, completed: last.completed, key: JSON.stringify([data.state.moves, last.dice]) } : null;
  }
  const last = data.roll !== undefined ? data.roll : data;
  if (!last || !Array.isArray(last.dice)) return null;
  return { dice: last.dice, totals: last.totals, key: String(last.rev) };
}

function drawDice() {
  const node = part("kid-dice");
  const lit = new Set(steps[at] ? steps[at].dice : []);
  node.replaceChildren(...roll.dice.map((d, i) => el("figure", { class: `kid-die${lit.has(i) ? " lit" : ""}` },
    dieFace(d.colour, d.pips, 150, d.unsure), el("figcaption", {}, colourLabel(d.colour, `${capitalise(d.colour)} ${d.pips}`)))));
}

function showStep(speak = true) {
  const step = steps[at];
  drawDice();
  part("step-count").textContent = steps.length ? `step ${at + 1} of ${steps.length}` : "";
  part("step-text").replaceChildren(step ? el("span", {}, step.text) : "");
  part("step-text").dataset.colour = step ? step.colour : "";
  part("prev-step").disabled = at <= 0;
  part("next-step").disabled = at >= steps.length - 1;
  if (speak && step) say(step.speech);
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
  steps = rollSteps(roll);
  at = 0;
  root.dataset.state = "roll";
  showStep();
}

function move(by) {
  if (!steps.length) return;
  at = Math.max(0, Math.min(steps.length - 1, at + by));
  showStep();
}

part("prev-step").addEventListener("click", () => move(-1));
part("next-step").addEventListener("click", () => move(1));
part("new-roll").addEventListener("click", () => waiting && begin(waiting));
part("read-aloud").addEventListener("click", () => steps[at] && say(steps[at].speech));
part("speech-switch").addEventListener("click", () => setSpeech(!speechOn()));
part("leave").addEventListener("click", async () => {
  if (await askPin(root)) window.location.href = root.dataset.leave;
});
showSwitch(speechOn());

const game = root.dataset.game;
const stream = game ? `/api/games/${game}/stream` : "/api/roll/stream";
const refetch = game ? `/api/games/${game}` : "/api/roll/last";
show(initialView());
follow(stream, { onView: show, onStatus: statusBadge, refetchUrl: refetch });
