// What the kid views share (kid.js for RYB, modifier-kid.js, flyer-kid.js): the steps of the roll
// shown, walked with big back and next buttons and read aloud when the speech switch is on (the
// choice kept in this browser), and leaving the view with the PIN (rgb-kid.js uses only that).

import { follow, initialView, statusBadge } from "./live.js";
import { askPin, storedPin } from "./pin.js";

const SPEECH_KEY = "dicetable.speech";
const part = (id) => document.getElementById(id);

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

/** The steps of one roll and the one a child is at; `draw(step)` draws the view's own part. */
export class KidSteps {
  constructor(draw) {
    this.draw = draw;
    this.list = [];
    this.at = 0;
  }

  get step() {
    return this.list[this.at];
  }

  /** A new roll's steps, from the first. */
  start(list) {
    this.list = list;
    this.at = 0;
  }

  /** Draw the step a child is at, with its count and buttons, and read it aloud. */
  show(speak = true) {
    const step = this.step;
    this.draw(step);
    part("step-count").textContent = this.list.length ? `step ${this.at + 1} of ${this.list.length}` : "";
    part("prev-step").disabled = this.at <= 0;
    part("next-step").disabled = this.at >= this.list.length - 1;
    if (speak && step) say(step.speech);
  }

  move(by) {
    if (!this.list.length) return;
    this.at = Math.max(0, Math.min(this.list.length - 1, this.at + by));
    this.show();
  }
}

/** Wire the buttons every kid view has: back, next, read aloud, the speech switch and leave. */
export function setupKidButtons(root, steps) {
  part("prev-step").addEventListener("click", () => steps.move(-1));
  part("next-step").addEventListener("click", () => steps.move(1));
  part("read-aloud").addEventListener("click", () => steps.step && say(steps.step.speech));
  part("speech-switch").addEventListener("click", () => setSpeech(!speechOn()));
  setupLeave(root);
  showSwitch(speechOn());
}

/** Leave the kid view for the page in `data-leave`, once a grown-up gives the PIN (if set). */
export function setupLeave(root) {
  let asking = false;
  const leave = async () => {
    if (asking) return;
    asking = true;
    const ok = await askPin(root);
    asking = false;
    if (ok) window.location.href = root.dataset.leave;
  };
  part("leave").addEventListener("click", leave);
  guardBack(leave);
}

/** With a PIN set, the browser's Back asks for it too: an entry of this page stands before the
 * real one, and going back to it asks the PIN (and stays, on "stay here"). */
function guardBack(leave) {
  if (!storedPin()) return;
  const guard = () => history.pushState({ kidGuard: true }, "", window.location.href);
  guard();
  // Chrome's Back skips entries a page added before anyone touched it: add one on the first tap.
  document.addEventListener("pointerdown", guard, { once: true });
  window.addEventListener("popstate", () => {
    guard();
    leave();
  });
}

/** Nothing to walk through yet: no dice, no step, `words` in their place. */
export function showNothing(root, words) {
  root.dataset.state = "idle";
  part("kid-who")?.replaceChildren();
  part("kid-dice").replaceChildren();
  part("step-count").textContent = "";
  part("step-text").textContent = words;
  part("step-text").dataset.colour = "";
  part("prev-step").disabled = true;
  part("next-step").disabled = true;
}

/** Draw the game's view embedded in the page, then every view its stream sends. */
export function followGame(root, show) {
  const game = root.dataset.game;
  show(initialView());
  follow(`/api/games/${game}/stream`, { onView: show, onStatus: statusBadge, refetchUrl: `/api/games/${game}` });
}
