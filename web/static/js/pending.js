// The declared camera attempt (`view.pending`): what the rules expect, what the camera saw, and
// the players' corrections, die by die, before they accept the roll as the attempt's line; or
// why the server cleared it (`view.pending_cleared`) when the game moved past it.

import { dieToken, el } from "./colours.js";
import { DiceEditor } from "./dice-editor.js";
import { frameView } from "./frame-view.js";
import { MissedDice } from "./missed-dice.js";

function expectedText(expected) {
  const parts = Object.entries(expected).filter(([, n]) => n).map(([c, n]) => `${n} ${c}`);
  return parts.length ? parts.join(", ") : "no dice";
}

export class PendingPanel {
  constructor(node, game) {
    this.node = node;
    this.game = game;
    this.missed = new MissedDice((body) => this.call("POST", "/dice", body), () => this.render(this.lastView));
  }

  call(method, path, body) {
    return this.game.change(`pending${path}`, body, this.error, method);
  }

  render(view) {
    this.lastView = view;
    const pending = view.pending;
    const cleared = view.pending_cleared;
    this.node.hidden = !pending && !cleared;
    // The hand-entry form survives a redraw (a newer roll settling, another tab's change).
    const open = this.node.querySelector("details.hand-entry");
    this.handOpen = !!open && open.open && !!pending;
    if (!pending) this.handDice = null;
    this.node.replaceChildren();
    if (!pending) {
      // The game moved past a declared attempt: say so until the game moves on again.
      if (cleared) this.node.append(el("h3", {}, "Camera roll"), el("p", { class: "cleared", role: "status" }, `${cleared.player}'s camera attempt on ${cleared.goal} was cleared: ${cleared.reason}.`));
      return;
    }
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    const head = el("div", { class: "pending-head" },
      el("b", {}, pending.verb && pending.verb !== "attempt"
        ? `${pending.player}'s ${pending.what} with the camera`
        : `${pending.player} attempts ${pending.goal} with the camera`),
      el("span", {}, ` — roll ${expectedText(pending.expected)}`));
    this.node.append(el("h3", {}, "Camera roll"), head);
    if (!pending.has_roll) {
      this.node.append(el("p", { class: "waiting" }, "Waiting for the dice to settle… (or enter the roll below)"));
      // The demo recording throws six rolls on a loop; the demo game's attempt waits for its own.
      if (view.header && view.header.Demo) {
        this.node.append(el("p", { class: "help demo-wait" }, `The demo recording throws six rolls in turn: this attempt takes the one with ${expectedText(pending.expected)} (within half a minute).`));
      }
    } else {
      this.node.append(this.rollPart(pending, view));
    }
    this.node.append(this.handEntry(pending), this.buttons(pending), this.error);
    this.showNewRoll(pending);
  }

  /** A roll that just settled scrolls into view (on a phone the panel is far down the page). */
  showNewRoll(pending) {
    const roll = pending.has_roll ? `${pending.declared_at} ${pending.camera ? pending.camera.received_at : "hand"}` : null;
    const isNew = roll !== null && roll !== this.shownRoll;
    this.shownRoll = roll;
    if (!isNew) return;
    const box = this.node.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.5) this.node.scrollIntoView({ block: "start" });
  }

  rollPart(pending, view) {
    // Each correction names the die it changes, so it never lands on another one.
    const was = (i) => dieToken(pending.dice[i]);
    const editor = new DiceEditor(pending.dice, {
      onChange: (i, die) => this.call("POST", `/dice/${i}`, { colour: die.colour, pips: die.pips, was: was(i) }),
      onAdd: (colour) => this.call("POST", "/dice", { colour, pips: 1 }),
      onRemove: (i) => this.call("DELETE", `/dice/${i}`, { was: was(i) }),
      onNotADie: (i) => this.call("DELETE", `/dice/${i}`, { was: was(i), not_a_die: true }),
      numbered: pending.has_thumbnail,
    });
    const ok = pending.matches && !pending.unsure.length;
    const check = el("p", { class: `check ${ok ? "ok" : "bad"}` }, pending.check || "");
    // The verdict and Accept stay in sight while the dice list scrolls by (sticky on a phone).
    const verdict = el("div", { class: "pending-verdict" }, check, this.acceptButton(pending));
    // The camera reads every die on the table; the attempt rolls only some of them.
    const extra = pending.extra || [];
    const keep = extra.length
      ? el("p", { class: "keep-note" },
        el("button", { type: "button", class: "big", id: "keep-needed", onclick: () => this.call("POST", "/keep-needed", {}) },
          `Keep the dice this roll needs (${expectedText(pending.expected)})`),
        ` removes die ${extra.map((i) => i + 1).join(", ")}: on the table, not part of this roll.`)
      : null;
    const unsure = pending.unsure.length
      ? el("p", { class: "unsure-note" }, `The camera is unsure of die ${pending.unsure.map((i) => i + 1).join(", ")}: `,
        "confirm each one ", el("button", { type: "button", class: "small", onclick: () => this.confirmAll(pending) }, "they are right"), " or correct it.")
      : null;
    const missed = this.missed.of(pending);
    const frame = pending.has_thumbnail
      ? frameView(`/api/games/${view.id}/pending/thumbnail.jpg?rev=${pending.rev}`, pending.dice,
        pending.camera && pending.camera.frame_size, "the settled frame the camera read", missed || [],
        this.missed.picker(pending, view.id, this.error))
      : null;
    const list = el("div", { class: "pending-dice" },
      el("p", {}, pending.source === "camera" ? "The camera saw (tap a die to fix its pips):" : "Entered by hand:"),
      editor.node, this.missed.node(pending, view.id, this.error));
    return el("div", { class: "pending-roll" }, el("div", { class: "pending-columns" }, frame, list),
      verdict, keep, unsure,
      pending.summary ? el("p", { class: "summary" }, pending.summary) : null,
      this.queuedNote(pending));
  }

  /** A newer settled roll waits behind this one until a person takes it. */
  queuedNote(pending) {
    if (!pending.queued) return null;
    const dice = pending.queued.reading.map(dieToken).join(" ") || "no dice";
    return el("p", { class: "queued-note", role: "status" },
      `A newer roll settled meanwhile (${dice}); this one stays until you choose. `,
      el("button", { type: "button", class: "small", id: "use-queued", onclick: () => this.call("POST", "/queued", {}) }, "Use the newer roll"));
  }

  async confirmAll(pending) {
    for (const i of pending.unsure) {
      const die = pending.dice[i];
      await this.call("POST", `/dice/${i}`, { colour: die.colour, pips: die.pips, was: dieToken(die) });
    }
  }

  handEntry(pending) {
    const dice = [];
    for (const [colour, n] of Object.entries(pending.expected)) {
      for (let i = 0; i < n; i += 1) dice.push({ colour, pips: 1 });
    }
    const editor = new DiceEditor(this.handDice || dice);
    const keep = () => setTimeout(() => { this.handDice = editor.dice.map((d) => ({ ...d })); }, 0);
    editor.node.addEventListener("click", keep);
    editor.node.addEventListener("change", keep);
    const send = el("button", { type: "button", onclick: async () => {
      await this.game.change("manual-roll", { dice: editor.tokens().join(" ") }, this.error);
      if (!this.error.textContent) this.handDice = null;
    } }, "Use these dice");
    return el("details", { class: "hand-entry", open: this.handOpen }, el("summary", {}, "Enter the roll by hand instead"), editor.node, send);
  }

  acceptButton(pending) {
    return el("button", { type: "button", class: "big accept", id: "accept-roll", disabled: !pending.has_roll,
      onclick: () => this.call("POST", "/accept", {}) }, "Accept roll");
  }

  buttons(pending) {
    // With a roll, Accept sits by its verdict (`rollPart`); before one, here, disabled.
    return el("div", { class: "buttons" },
      pending.has_roll ? null : this.acceptButton(pending),
      el("button", { type: "button", class: "big", id: "cancel-roll", onclick: () => this.call("POST", "/cancel", {}) }, "Cancel attempt"));
  }
}
