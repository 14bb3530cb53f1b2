// The camera's table roll (games where everyone throws at once, the modifier dice game): a button
// makes the next settled table everyone's roll; then each player's dice, as read in their zone of
// the table, can be fixed die by die (tap a die for the next pips), confirmed, removed or added,
// and dice outside every zone given to a player or removed; Accept records one roll line per
// player. The server checks everything (view.pending.table says what still needs a person).
// The button is offered only while the camera gives frames (/api/camera); otherwise it says why.

import { cameraWords } from "./camera-state.js";
import { dieFace, dieToken, el } from "./colours.js";
import { frameView } from "./frame-view.js";
import { MissedDice } from "./missed-dice.js";

export class TableRollPanel {
  constructor(node, game) {
    this.node = node;
    this.game = game;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    this.view = null;
    this.camera = { ok: false, text: "Checking the camera…" }; // until /api/camera answers
    this.missed = new MissedDice((body) => this.call("POST", "pending/dice", body), () => this.render(this.view));
  }

  /** The camera's state (/api/camera) changed: offer the button again only if that changes it. */
  onCamera(camera) {
    const words = cameraWords(camera);
    const same = words.ok === this.camera.ok && (words.ok || words.text === this.camera.text);
    this.camera = words;
    const waiting = this.view && !(this.view.pending && this.view.pending.table);
    if (!same && waiting) this.render(this.view);
  }

  call(method, path, body) {
    return this.game.change(path, body, this.error, method);
  }

  render(view) {
    this.view = view;
    const pending = view.pending && view.pending.table ? view.pending : null;
    const canRoll = view.state.phase === "play" && view.state.table.players.some((s) => !s.rolled);
    this.node.hidden = !pending && !canRoll;
    const message = this.error.textContent;
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" }, message);
    if (!pending) {
      const cleared = view.pending_cleared;
      // replaceChildren would write a null as the text "null": leave the missing parts out.
      this.node.replaceChildren(...[el("h2", {}, "Camera"),
        cleared && !cleared.player ? el("p", { class: "cleared", role: "status" }, `The table roll was cleared: ${cleared.reason}.`) : null,
        el("p", { class: "help" }, "Everyone throws at once: the camera reads each player's dice in their zone of the table."),
        ...this.readButton(),
        this.error].filter(Boolean));
      return;
    }
    const table = pending.table;
    const parts = [el("h2", {}, "Camera: the table roll")];
    if (!pending.has_roll) {
      parts.push(el("p", { class: "waiting" }, `Waiting for the dice of ${table.rollers.join(", ")} to settle…`),
        el("p", { class: "help" }, "No camera? Cancel, and type each player's dice under Record."));
    } else {
      if (pending.has_thumbnail) {
        parts.push(frameView(`/api/games/${view.id}/pending/thumbnail.jpg?rev=${pending.rev}`, pending.dice,
          pending.camera && pending.camera.frame_size, "the settled table the camera read", this.missed.of(pending) || [],
          this.missed.picker(pending, view.id, this.error)));
      }
      for (const group of table.players) parts.push(this.group(pending, group, table.rollers));
      parts.push(this.missed.node(pending, view.id, this.error, table.rollers));
      parts.push(el("p", { class: `check ${pending.ready ? "ok" : "bad"}`, id: "table-check" }, pending.check || ""));
      for (const note of table.notes) parts.push(el("p", { class: "help" }, note));
      if (pending.queued) {
        parts.push(el("p", { class: "queued-note", role: "status" },
          "The dice settled again meanwhile; this table stays until you choose. ",
          el("button", { type: "button", class: "small", id: "use-queued-table", onclick: () => this.call("POST", "pending/queued", {}) }, "Use the newer table")));
      }
    }
    parts.push(el("div", { class: "buttons" },
      el("button", { type: "button", class: "big accept", id: "accept-table", disabled: !pending.ready, onclick: () => this.call("POST", "pending/accept", {}) }, "Accept every roll"),
      el("button", { type: "button", class: "big", id: "cancel-table", onclick: () => this.call("POST", "pending/cancel", {}) }, "Cancel")),
    this.error);
    this.node.replaceChildren(...parts.filter(Boolean));
  }

  /** "Read the table with the camera", disabled with the reason in words when no frame can come. */
  readButton() {
    const { ok, text } = this.camera;
    const button = el("button", { type: "button", class: "big", id: "read-table", disabled: !ok,
      title: ok ? "the next table that settles is everyone's roll" : text,
      onclick: () => this.call("POST", "table-roll", {}) }, "Read the table with the camera");
    const why = ok ? null : el("p", { class: "help", id: "read-table-why", role: "status" }, `${text} Type each player's dice under Record.`);
    return [button, why];
  }

  group(pending, group, rollers) {
    const stray = !group.player;
    const dice = group.dice.map((i) => this.die(pending.dice[i], i, stray ? rollers : null));
    const head = stray ? "Outside every player's zone (not part of a roll)" : group.player;
    const colour = (pending.dice[group.dice[0]] || { colour: "white" }).colour;
    const add = stray ? null : el("button", { type: "button", class: "small", "aria-label": `add a die to ${group.player}`, onclick: () => this.call("POST", "pending/dice", { colour, pips: 1, player: group.player }) }, "+ die");
    return el("div", { class: `table-roll-group${group.problem ? " bad" : ""}`, "data-roller": group.player },
      el("div", { class: "field-label" }, head),
      el("div", { class: "table-roll-dice" }, ...dice, add),
      group.problem ? el("p", { class: "problem" }, group.problem) : null,
      !stray && !group.problem ? el("code", { class: "line" }, group.line) : null);
  }

  die(die, index, giveTo) {
    const next = (die.pips % 6) + 1;
    const face = el("button", { type: "button", class: "die-button", "aria-label": `die ${index + 1}: ${die.pips}, tap for ${next}`,
      onclick: () => this.call("POST", `pending/dice/${index}`, { colour: die.colour, pips: next, was: dieToken(die) }) }, dieFace(die.colour, die.pips, 40, die.unsure));
    const confirm = die.unsure
      ? el("button", { type: "button", class: "small", "aria-label": `die ${index + 1} is right`, onclick: () => this.call("POST", `pending/dice/${index}`, { colour: die.colour, pips: die.pips, was: dieToken(die) }) }, "✓ right")
      : null;
    const remove = el("button", { type: "button", class: "small remove", "aria-label": `remove die ${index + 1}`, onclick: () => this.call("DELETE", `pending/dice/${index}`, { was: dieToken(die) }) }, "✕");
    // "Not a die" (a token, a rivet) teaches the table when the roll is accepted; ✕ does not.
    const notDie = die.learns
      ? el("button", { type: "button", class: "small remove not-a-die", "aria-label": `die ${index + 1} is not a die`, onclick: () => this.call("DELETE", `pending/dice/${index}`, { was: dieToken(die), not_a_die: true }) }, "not a die")
      : null;
    const give = giveTo
      ? el("select", { "aria-label": `give die ${index + 1} to`, onchange: (e) => this.give(die, index, e.target.value) },
        el("option", { value: "" }, "give to…"), ...giveTo.map((p) => el("option", { value: p }, p)))
      : null;
    const number = el("b", { class: "die-number", title: `die ${index + 1}: its box in the frame has this number` }, String(index + 1));
    return el("div", { class: `die-edit${die.unsure ? " unsure" : ""}`, "data-index": index }, number, face, confirm, give, remove, notDie);
  }

  /** A stray die belongs to a player after all: add it to them, then take the stray one away. */
  async give(die, index, player) {
    if (!player) return;
    if (await this.call("POST", "pending/dice", { colour: die.colour, pips: die.pips, player })) {
      await this.call("DELETE", `pending/dice/${index}`, { was: dieToken(die) });
    }
  }
}
