// The kid view of the modifier dice game: one modified die at a time, large, its cards in the
// order they act, and the arithmetic built step by step ("4, +2 = 6, x2 = 12"), read aloud when
// the speech switch is on.

import { dieFace, el } from "./colours.js";
import { follow, initialView, statusBadge } from "./live.js";
import { modifierSteps } from "./modifier-steps.js";
import { askPin } from "./pin.js";

const SPEECH_KEY = "dicetable.speech";
const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let key = null;
let steps = [];
let at = 0;

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

const TURNS_THE_DIE = new Set(["reroll", "pick", "flip"]);

/** The face the physical die shows after the first `upto` steps (the server's own values). */
function shownFace(die, upto) {
  let face = die.rolled;
  die.trail.slice(0, upto).forEach((t) => { if (TURNS_THE_DIE.has(t.card)) face = t.value; });
  return face;
}

function showStep(speak = true) {
  const step = steps[at];
  const die = step.die;
  part("kid-who").textContent = `${step.player}, die ${step.index + 1}`;
  const cards = die.trail.map((t, k) => el("li", { class: `kid-card${k < step.upto - 1 ? " done" : ""}${k === step.upto - 1 ? " now" : ""}` }, t.card));
  part("kid-dice").replaceChildren(el("figure", { class: "kid-die lit" }, dieFace("white", shownFace(die, step.upto), 150)),
    el("ol", { class: "kid-stack" }, ...cards));
  part("step-count").textContent = `step ${at + 1} of ${steps.length}`;
  part("step-text").textContent = step.text;
  part("prev-step").disabled = at <= 0;
  part("next-step").disabled = at >= steps.length - 1;
  if (speak) say(step.speech);
}

function idle(words) {
  root.dataset.state = "idle";
  part("kid-who").textContent = "";
  part("kid-dice").replaceChildren();
  part("step-count").textContent = "";
  part("step-text").textContent = words;
  part("prev-step").disabled = true;
  part("next-step").disabled = true;
}

function show(view) {
  const table = view && view.state ? view.state.table : null;
  const next = JSON.stringify(table);
  if (next === key) return;
  key = next;
  steps = modifierSteps(table);
  at = 0;
  if (!steps.length) {
    idle(table ? "No cards behind any die yet." : "Roll the dice!");
    return;
  }
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
part("read-aloud").addEventListener("click", () => steps[at] && say(steps[at].speech));
part("speech-switch").addEventListener("click", () => setSpeech(!speechOn()));
part("leave").addEventListener("click", async () => {
  if (await askPin(root)) window.location.href = root.dataset.leave;
});
showSwitch(speechOn());

const game = root.dataset.game;
show(initialView());
follow(`/api/games/${game}/stream`, { onView: show, onStatus: statusBadge, refetchUrl: `/api/games/${game}` });
