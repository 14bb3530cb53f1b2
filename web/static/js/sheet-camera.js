// The camera's roll on the score sheet: a button makes the next settled roll the current
// player's (POST /attempt with no goal: the game's `roll_format`); then each die as read can be
// fixed (tap for the next pips), confirmed, removed, or one the camera missed added, and Accept
// records `NAME: roll ...`. The server counts the dice and says what still needs a person
// (`pending.check`); the button is offered only while the camera gives frames.

import { cameraWords } from "./camera-state.js";
import { dieFace, dieToken, el } from "./colours.js";
import { frameView } from "./frame-view.js";
import { MissedDice } from "./missed-dice.js";

export class SheetCameraPanel {
  constructor(node, game) {
    this.node = node;
    this.game = game;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    this.view = null;
    this.camera = { ok: false, text: "Checking the camera…" }; // until /api/camera answers
    this.missed = new MissedDice((body) => this.call("POST", "pending/dice", body), () => this.render(this.view));
  }

  onCamera(camera) {
    const words = cameraWords(camera);
    const same = words.ok === this.camera.ok && (words.ok || words.text === this.camera.text);
    this.camera = words;
    if (!same && this.view && !this.view.pending) this.render(this.view);
  }

  call(method, path, body) {
    return this.game.change(path, body, this.error, method);
  }

  render(view) {
    this.view = view;
    const state = view.state;
    const pending = view.pending && !view.pending.table ? view.pending : null;
    this.node.hidden = !pending && !state.turn;
    const message = this.error.textContent;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" }, message);
    if (!pending) {
      const cleared = view.pending_cleared;
      this.node.replaceChildren(...[el("h2", {}, "Camera"),
        cleared ? el("p", { class: "cleared", role: "status" }, `${cleared.player}'s camera roll was cleared: ${cleared.reason}.`) : null,
        ...this.rollButton(state), this.error].filter(Boolean));
      return;
    }
    const parts = [el("h2", {}, `Camera: ${pending.player}'s roll`)];
    if (!pending.has_roll) {
      parts.push(el("p", { class: "waiting" }, "Waiting for the dice to settle…"),
        el("p", { class: "help" }, "No camera? Cancel, and type the dice under Record."));
    } else {
      if (pending.has_thumbnail) {
        parts.push(frameView(`/api/games/${view.id}/pending/thumbnail.jpg?rev=${pending.rev}`, pending.dice,
          pending.camera && pending.camera.frame_size, "the settled roll the camera read", this.missed.of(pending) || [],
          this.missed.picker(pending, view.id, this.error)));
      }
      const add = el("button", { type: "button", class: "small", id: "add-die", "aria-label": "add a die the camera missed",
        onclick: () => this.call("POST", "pending/dice", { colour: "white", pips: 1 }) }, "+ die");
      parts.push(el("p", { class: "help" }, "Tap a die to fix its pips."),
        el("div", { class: "table-roll-dice", id: "sheet-dice" }, ...pending.dice.map((d, k) => this.die(d, k)), add),
        this.missed.node(pending, view.id, this.error),
        el("p", { class: `check ${pending.ready ? "ok" : "bad"}`, id: "sheet-check" }, this.checkWords(pending)));
      if (pending.extra && pending.extra.length) {
        parts.push(el("button", { type: "button", class: "small", id: "keep-needed", onclick: () => this.call("POST", "pending/keep-needed", {}) },
          `Keep the ${pending.expected.other} surest dice`));
      }
      if (pending.ready && pending.line) parts.push(el("code", { class: "line", id: "sheet-line" }, pending.line));
      if (pending.queued) {
        parts.push(el("p", { class: "queued-note", role: "status" }, "The dice settled again meanwhile; this roll stays until you choose. ",
          el("button", { type: "button", class: "small", id: "use-queued", onclick: () => this.call("POST", "pending/queued", {}) }, "Use the newer roll")));
      }
    }
    parts.push(el("div", { class: "buttons" },
      el("button", { type: "button", class: "big accept", id: "accept-roll", disabled: !pending.ready, onclick: () => this.call("POST", "pending/accept", {}) }, "Accept roll"),
      el("button", { type: "button", class: "big", id: "cancel-roll", onclick: () => this.call("POST", "pending/cancel", {}) }, "Cancel")),
    this.error);
    this.node.replaceChildren(...parts.filter(Boolean));
  }

  checkWords(pending) {
    const unsure = pending.unsure.length ? `; the camera is unsure of die ${pending.unsure.map((i) => i + 1).join(", ")}: tap ✓ or fix it` : "";
    return `${pending.check || ""}${unsure}`;
  }

  rollButton(state) {
    if (!state.turn) return [];
    const { ok, text } = this.camera;
    const button = el("button", { type: "button", class: "big", id: "camera-roll", disabled: !ok,
      title: ok ? `the next roll that settles is ${state.turn}'s` : text,
      onclick: () => this.call("POST", "attempt", { player: state.turn }) }, `Roll with the camera for ${state.turn}`);
    const why = ok ? null : el("p", { class: "help", id: "camera-roll-why", role: "status" }, `${text} Type the dice under Record.`);
    return [button, why];
  }

  die(die, index) {
    const next = (die.pips % 6) + 1;
    const face = el("button", { type: "button", class: "die-button", "aria-label": `die ${index + 1}: ${die.pips}, tap for ${next}`,
      onclick: () => this.call("POST", `pending/dice/${index}`, { colour: die.colour, pips: next, was: dieToken(die) }) }, dieFace(die.colour, die.pips, 44, die.unsure));
    const confirm = die.unsure
      ? el("button", { type: "button", class: "small confirm", "aria-label": `die ${index + 1} is right`, onclick: () => this.call("POST", `pending/dice/${index}`, { colour: die.colour, pips: die.pips, was: dieToken(die) }) }, "✓ right")
      : null;
    const remove = el("button", { type: "button", class: "small remove", "aria-label": `remove die ${index + 1}`, onclick: () => this.call("DELETE", `pending/dice/${index}`, { was: dieToken(die) }) }, "✕");
    const notDie = die.learns
      ? el("button", { type: "button", class: "small remove not-a-die", "aria-label": `die ${index + 1} is not a die`, onclick: () => this.call("DELETE", `pending/dice/${index}`, { was: dieToken(die), not_a_die: true }) }, "not a die")
      : null;
    const number = el("b", { class: "die-number", title: `die ${index + 1}: its box in the frame has this number` }, String(index + 1));
    return el("div", { class: `die-edit${die.unsure ? " unsure" : ""}`, "data-index": index }, number, face, confirm, remove, notDie);
  }
}
