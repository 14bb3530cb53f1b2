// A Farkle throw read by the camera (`view.pending`, an attempt with no goal): waiting for the
// dice to settle, then the settled frame and each die read, to fix before Accept records the
// throw's line. A die's colour does not count, only its pips: tap a die for the next pips, ✓ when
// it is right, ✕ when it is not part of the throw (a die set aside lying in view), "not a die"
// for a token the camera took for one. The server checks the count (`pending.check`).

import { dieFace, dieToken, el } from "./colours.js";
import { frameView } from "./frame-view.js";
import { MissedDice } from "./missed-dice.js";

export class ThrowPanel {
  constructor(node, game) {
    this.node = node;
    this.game = game;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    this.missed = new MissedDice((body) => this.call("POST", "/dice", body), () => this.render(this.view));
  }

  call(method, path, body) {
    return this.game.change(`pending${path}`, body, this.error, method);
  }

  render(view) {
    this.view = view;
    const pending = view.pending && !view.pending.rollers ? view.pending : null;
    const cleared = view.pending_cleared;
    this.node.hidden = !pending && !cleared;
    const message = this.error.textContent;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" }, message);
    if (!pending) {
      this.node.replaceChildren(...(cleared ? [el("h2", {}, "Camera"), el("p", { class: "cleared", role: "status" }, `${cleared.player}'s camera throw was cleared: ${cleared.reason}.`)] : []));
      return;
    }
    const want = Object.values(pending.expected).reduce((a, b) => a + b, 0);
    const parts = [el("h2", {}, `Camera: ${pending.player} throws ${want} ${want === 1 ? "die" : "dice"}`)];
    if (!pending.has_roll) {
      parts.push(el("p", { class: "waiting", id: "fk-waiting" }, "Waiting for the dice to settle…"));
    } else {
      if (pending.has_thumbnail) {
        parts.push(frameView(`/api/games/${view.id}/pending/thumbnail.jpg?rev=${pending.rev}`, pending.dice,
          pending.camera && pending.camera.frame_size, "the settled throw the camera read", this.missed.of(pending) || [],
          this.missed.picker(pending, view.id, this.error)));
      }
      parts.push(el("div", { class: "fk-read", id: "fk-read" }, ...pending.dice.map((d, i) => this.die(d, i)),
        el("button", { type: "button", class: "small", "aria-label": "add a die the camera missed", onclick: () => this.call("POST", "/dice", { colour: "white", pips: 1 }) }, "+ die")));
      parts.push(this.missed.node(pending, view.id, this.error));
      parts.push(el("p", { class: `check ${pending.ready ? "ok" : "bad"}`, id: "fk-check" }, pending.check || ""));
      if (pending.extra && pending.extra.length) {
        parts.push(el("button", { type: "button", id: "fk-keep-needed", onclick: () => this.call("POST", "/keep-needed", {}) },
          `Keep the ${want} surest dice (removes die ${pending.extra.map((i) => i + 1).join(", ")})`));
      }
      if (pending.line) parts.push(el("code", { class: "line", id: "fk-pending-line" }, pending.line));
      if (pending.queued) {
        parts.push(el("p", { class: "queued-note", role: "status" }, "The dice settled again meanwhile; this throw stays until you choose. ",
          el("button", { type: "button", class: "small", id: "fk-use-queued", onclick: () => this.call("POST", "/queued", {}) }, "Use the newer throw")));
      }
    }
    parts.push(el("div", { class: "buttons" },
      el("button", { type: "button", class: "big accept", id: "fk-accept", disabled: !pending.ready, onclick: () => this.call("POST", "/accept", {}) }, "Accept the throw"),
      el("button", { type: "button", class: "big", id: "fk-cancel", onclick: () => this.call("POST", "/cancel", {}) }, "Cancel")),
    this.error);
    this.node.replaceChildren(...parts.filter(Boolean));
  }

  die(die, index) {
    const next = (die.pips % 6) + 1;
    const was = dieToken(die);
    const face = el("button", { type: "button", class: "die-button", "aria-label": `die ${index + 1}: ${die.pips}, tap for ${next}`,
      onclick: () => this.call("POST", `/dice/${index}`, { colour: die.colour, pips: next, was }) }, dieFace(die.colour, die.pips, 44, die.unsure));
    const confirm = die.unsure
      ? el("button", { type: "button", class: "small", "aria-label": `die ${index + 1} is right`, onclick: () => this.call("POST", `/dice/${index}`, { colour: die.colour, pips: die.pips, was }) }, "✓ right")
      : null;
    const remove = el("button", { type: "button", class: "small remove", "aria-label": `remove die ${index + 1}`, onclick: () => this.call("DELETE", `/dice/${index}`, { was }) }, "✕");
    const notDie = die.learns
      ? el("button", { type: "button", class: "small remove not-a-die", "aria-label": `die ${index + 1} is not a die`, onclick: () => this.call("DELETE", `/dice/${index}`, { was, not_a_die: true }) }, "not a die")
      : null;
    return el("div", { class: `die-edit${die.unsure ? " unsure" : ""}`, "data-index": index },
      el("b", { class: "die-number" }, String(index + 1)), face, confirm, remove, notDie);
  }
}
