// The table view's controls. Each builds a game-record line (`NAME: verb args`) and posts it to
// /api/games/<id>/events; a refusal is shown in words next to the control and nothing changes.
// Which controls appear follows `state.turn.next`, the verbs the rules allow now.

import { postJSON } from "./api.js";
import { cardForm, CARDS } from "./cards.js";
import { capitalise, DIE_COLOURS, el, GOAL_COLOURS, SECONDARIES } from "./colours.js";
import { DiceEditor } from "./dice-editor.js";

const OTHER_CARD = "other";
// Verbs that throw the open roll's dice again (the server's `again_verbs`).
const AGAIN_VERBS = ["doover", "reroll"];

/** The goal cards of the game's deck, embedded in the page (none when the page has no deck). */
function goalDeck() {
  const node = document.getElementById("goal-deck");
  try {
    return node ? JSON.parse(node.textContent) : [];
  } catch {
    return [];
  }
}

const CARD_VERBS = ["gimme", "swap", "redrover", "shanghai", "reset", "balance", "teaparty", "recycle", "trade", "void", "swissbank", "raid"];

function errorLine() {
  return el("p", { class: "error", role: "alert", "aria-live": "polite" });
}

function section(title, cls, ...children) {
  return el("section", { class: `control ${cls}`, id: `control-${cls.split(" ")[0]}` }, el("h3", {}, title), ...children);
}

/** The die colours a goal colour counts (the colour wheel: orange is red and yellow). */
export function goalDieColours(colour) {
  if (DIE_COLOURS.includes(colour)) return [colour];
  if (SECONDARIES[colour]) return SECONDARIES[colour];
  return DIE_COLOURS;
}

export class Controls {
  constructor(node, game) {
    this.node = node;
    this.game = game; // { id, view, apply(view), send(ask), change(path, body, errNode), refresh() }
    this.actor = null;
    // What a person typed or picked, by section and field: the panel is rebuilt whenever the
    // game changes (a camera roll, another tab), and a half-filled form must survive that.
    this.drafts = new Map();
    this.hand = null;
    const remember = (e) => this.remember(e.target);
    node.addEventListener("input", remember);
    node.addEventListener("change", remember);
  }

  fieldKey(node) {
    const holder = node.closest ? node.closest("section, details") : null;
    const name = node.getAttribute ? node.getAttribute("name") : null;
    return holder && holder.id && name && node.id !== "actor" ? `${holder.id}/${name}` : null;
  }

  remember(target) {
    const key = this.fieldKey(target);
    if (key) this.drafts.set(key, target.type === "checkbox" ? target.checked : target.value);
  }

  /** Put back what was typed: selects first (they may rebuild the fields after them). */
  restoreDrafts(focusKey) {
    for (const pass of ["select", "input, textarea"]) {
      for (const field of this.node.querySelectorAll(pass)) {
        const key = this.fieldKey(field);
        if (!key || !this.drafts.has(key)) continue;
        const kept = this.drafts.get(key);
        const before = field.type === "checkbox" ? field.checked : field.value;
        if (kept === before) continue;
        if (field.type === "checkbox") field.checked = kept;
        else if (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === kept)) field.value = kept;
        else continue;
        field.dispatchEvent(new Event("change"));
      }
    }
    for (const details of this.node.querySelectorAll("details")) {
      if (this.drafts.get(`${details.id}/open`)) details.open = true;
    }
    const focused = focusKey && [...this.node.querySelectorAll("input, select, textarea")].find((f) => this.fieldKey(f) === focusKey);
    if (focused) focused.focus();
  }

  forgetDrafts() {
    this.drafts.clear();
    this.hand = null;
  }

  async send(text, errNode, button) {
    const line = `${this.actor}: ${text}`;
    errNode.textContent = "";
    if (button) button.disabled = true;
    // The move's own redraw (which may come first over the stream) starts the forms afresh;
    // a refused move keeps everything typed.
    const kept = [this.drafts, this.hand];
    this.forgetDrafts();
    try {
      await this.game.send(() => postJSON(`/api/games/${this.game.id}/events`, { line, expected_seq: this.game.view.seq }));
    } catch (err) {
      [this.drafts, this.hand] = kept;
      errNode.textContent = `“${quoted(line)}” was refused: ${err.message}`;
      if (err.status === 409) this.game.refresh();
    } finally {
      if (button) button.disabled = false;
    }
  }

  render(state, pending = null) {
    const next = state.turn.next || [];
    const players = state.players.map((p) => p.name);
    if (!players.includes(this.actor) || this.actorTurn !== state.moves) {
      this.actor = state.turn.awaiting && next.length === 1 ? state.turn.awaiting : state.turn.player;
      this.actorTurn = state.moves;
    }
    const ctx = { state, actor: this.actor };
    this.pending = pending;
    const focusKey = this.node.contains(document.activeElement) ? this.fieldKey(document.activeElement) : null;
    for (const details of this.node.querySelectorAll("details")) this.drafts.set(`${details.id}/open`, details.open);
    this.node.replaceChildren(this.actorPicker(state));
    this.build(state, next, ctx, pending);
    this.restoreDrafts(focusKey);
  }

  build(state, next, ctx, pending) {
    if (state.winner) {
      this.node.append(el("p", { class: "over" }, `The game is over: ${state.winner} won. Undo to go back.`));
      return;
    }
    const has = (...verbs) => verbs.some((v) => next.includes(v));
    if (has("draft")) this.node.append(this.draftControl());
    if (has("refill", "dump", "pass")) this.node.append(this.turnButtons(next));
    if (has("goal")) this.node.append(this.goalControl());
    const cards = CARD_VERBS.filter((v) => next.includes(v));
    if (cards.length) this.node.append(this.cardControl(cards, ctx, "Play an action card", "card"));
    if (has("attempt")) this.node.append(pending ? section("Attempt a goal", "attempt", el("p", {}, "A camera attempt is waiting: accept or cancel it above.")) : this.attemptControl(state));
    if (has("bank") && state.turn.bank) this.node.append(this.bankControl(state.turn.bank));
    const after = ["doover", "reroll", "exchange"].filter((v) => next.includes(v));
    if (after.length) this.node.append(this.cardControl(after, ctx, "Other moves", "other", pending));
    if (has("denied", "cancel")) this.node.append(this.reactionControl(state, next));
    this.node.append(this.freeLine(state));
  }

  actorPicker(state) {
    const pick = el("select", { id: "actor", "aria-label": "acting player", onchange: (e) => {
      this.actor = e.target.value;
      this.render(state, this.pending);
    } }, ...state.players.map((p) => el("option", { value: p.name, selected: p.name === this.actor }, p.name)));
    return el("div", { class: "actor" }, el("label", {}, "Acting player: ", pick));
  }

  turnButtons(next) {
    const err = errorLine();
    const button = (verb, text) => (next.includes(verb)
      ? el("button", { type: "button", class: `big verb-${verb}`, onclick: (e) => this.send(verb, err, e.target) }, text)
      : null);
    return section("Turn", "turn-buttons",
      el("div", { class: "buttons" }, button("refill", "Refill"), button("dump", "Dump (ends turn)"), button("pass", "End turn")), err);
  }

  draftControl() {
    const err = errorLine();
    return section("Dice draft", "draft",
      el("div", { class: "buttons" }, ...DIE_COLOURS.map((c) => el("button", { type: "button", class: `big add-${c}`, onclick: (e) => this.send(`draft ${c}`, err, e.target) }, `take ${c}`))), err);
  }

  /** A goal card: the deck's cards of the chosen colour, or another card with its value. */
  goalControl() {
    const err = errorLine();
    const deck = goalDeck();
    const colour = el("select", { name: "goal-colour", "aria-label": "goal colour" }, ...GOAL_COLOURS.map((c) => el("option", { value: c }, capitalise(c))));
    const card = el("select", { name: "goal-card", "aria-label": "goal card" });
    const target = el("input", { type: "number", name: "goal-target", min: 1, max: 99, class: "num", "aria-label": "goal target" });
    const value = el("input", { type: "number", name: "goal-value", min: 1, class: "num", "aria-label": "goal value" });
    const other = el("span", { class: "other-card", hidden: true },
      el("label", {}, "target ", target), el("label", {}, "worth ", value));
    const showOther = () => { other.hidden = card.value !== OTHER_CARD; };
    const fillCards = () => {
      const cards = deck.filter((c) => c.colour === colour.value);
      card.replaceChildren(...cards.map((c) => el("option", { value: String(c.target) }, `${capitalise(c.colour)} ${c.target} (worth ${c.value})`)),
        el("option", { value: OTHER_CARD }, cards.length ? "another card…" : "a card (enter it)"));
      showOther();
    };
    colour.addEventListener("change", fillCards);
    card.addEventListener("change", showOther);
    fillCards();
    const submit = el("button", { type: "submit", class: "big" }, "Play goal card");
    const form = el("form", { class: "row", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      if (card.value !== OTHER_CARD) {
        this.send(`goal ${colour.value} ${card.value}`, err, submit);
      } else if (!target.value.trim()) {
        err.textContent = "Enter the target printed on the card.";
      } else if (!value.value.trim()) {
        err.textContent = `The deck has no ${capitalise(colour.value)} ${target.value.trim()}: enter the value printed on the card.`;
      } else {
        this.send(`goal ${colour.value} ${target.value.trim()} value ${value.value.trim()}`, err, submit);
      }
    } }, el("label", {}, "colour ", colour), el("label", {}, "card ", card), other, submit);
    return section("Play a goal card", "goal-card", form, err);
  }

  cardControl(verbs, ctx, title, id, pending = null) {
    const err = errorLine();
    const holder = el("div", { class: "card-fields" });
    let form = null;
    // A Do-Over or paid re-roll throws the failed roll's dice again: the camera can read it too.
    const again = pending || !verbs.some((v) => AGAIN_VERBS.includes(v)) ? null : el("button", { type: "button", class: "big", id: "camera-again",
      onclick: () => this.game.change("roll-again", { player: this.actor, verb: pick.value, returned: form.values().returned || undefined }, err) },
    "Roll again with the camera");
    const choose = (verb) => {
      form = cardForm(verb, ctx);
      holder.replaceChildren(form.node);
      if (again) again.hidden = !AGAIN_VERBS.includes(verb);
    };
    const pick = el("select", { name: "card", "aria-label": title, onchange: (e) => choose(e.target.value) },
      ...verbs.map((v) => el("option", { value: v }, CARDS[v].label)));
    const submit = el("button", { type: "button", class: "big", onclick: (e) => this.send(form.line(), err, e.target) }, "Play");
    choose(verbs[0]);
    const buttons = again ? el("div", { class: "buttons" }, submit, again) : submit;
    return section(title, `${id} cards`, el("div", { class: "row" }, pick), holder, buttons, err);
  }

  attemptGoals(state) {
    const goals = state.goals.map((g) => [g.ref, `${g.ref} ${capitalise(g.colour)} ${g.target} (needs ${g.needed})`, g.colour]);
    const raided = state.players.find((p) => p.name === state.turn.raid_target);
    if (raided) raided.treasure.forEach((g, i) => goals.push([`${raided.name}:#${i + 1}`, `${raided.name}'s ${capitalise(g.colour)} ${g.target}`, g.colour]));
    return goals;
  }

  handDice(state, colour) {
    const me = state.players.find((p) => p.name === this.actor);
    const dice = [];
    for (const c of goalDieColours(colour)) {
      const n = (me.dice[c] || 0) + (state.turn.player === me.name ? me.borrowed[c] || 0 : 0);
      for (let i = 0; i < n; i += 1) dice.push({ colour: c, pips: 1 });
    }
    return dice;
  }

  attemptControl(state) {
    const err = errorLine();
    const goals = this.attemptGoals(state);
    if (!goals.length) return section("Attempt a goal", "attempt", el("p", {}, "No goal card is in play to attempt."));
    const goal = el("select", { name: "attempt-goal", "aria-label": "goal to attempt" }, ...goals.map(([ref, text]) => el("option", { value: ref }, text)));
    const colourOf = () => goals.find((g) => g[0] === goal.value)[2];
    const kept = this.hand && this.hand.actor === this.actor ? this.hand : null;
    if (kept && goals.some((g) => g[0] === kept.goal)) goal.value = kept.goal;
    const editor = new DiceEditor(kept && kept.goal === goal.value ? kept.dice : this.handDice(state, colourOf()));
    goal.addEventListener("change", () => editor.set(this.handDice(state, colourOf())));
    // Taps on the dice are no form input: keep the hand roll being entered by hand as well.
    const keep = () => { this.hand = { actor: this.actor, goal: goal.value, dice: editor.dice.map((d) => ({ ...d })) }; };
    editor.node.addEventListener("click", () => setTimeout(keep, 0));
    editor.node.addEventListener("change", () => setTimeout(keep, 0));
    goal.addEventListener("change", keep);
    const byHand = el("div", { class: "by-hand" }, el("p", { class: "help" }, "Set each die to what was rolled (tap a die to add a pip):"), editor.node,
      el("button", { type: "button", class: "big", id: "record-attempt", onclick: (e) => this.send(`attempt ${goal.value} ${editor.tokens().join(" ")}`, err, e.target) }, "Record this roll"));
    const camera = el("button", { type: "button", class: "big", id: "camera-attempt", onclick: () => this.game.change("attempt", { player: this.actor, goal: goal.value }, err) }, "Roll with the camera");
    return section("Attempt a goal", "attempt", el("div", { class: "row" }, el("label", {}, "goal ", goal), camera), byHand, err);
  }

  /** `bank` is the state's `turn.bank`: the range the rules allow, and on the Swiss Bank card. */
  bankControl(bank) {
    const err = errorLine();
    const points = el("input", { type: "number", name: "bank-points", class: "num", "aria-label": "points to bank" });
    const allowed = el("span", { class: "range" });
    const onSwiss = bank.swiss ? el("input", { type: "checkbox", name: "bank-swiss" }) : null;
    const show = () => {
      const { min, max } = onSwiss && onSwiss.checked ? bank.swiss : bank;
      Object.assign(points, { min, max, value: max });
      allowed.textContent = `allowed: ${min} to ${max}`;
    };
    if (onSwiss) onSwiss.addEventListener("change", show);
    show();
    const submit = el("button", { type: "submit", class: "big" }, "Bank");
    const form = el("form", { class: "row", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      this.send(`bank ${points.value.trim()}${onSwiss && onSwiss.checked ? " swiss" : ""}`, err, submit);
    } }, el("label", {}, "points ", points), allowed, onSwiss && el("label", {}, onSwiss, " on my Swiss Bank"), submit);
    return section("Bank points", "bank", form, err);
  }

  reactionControl(state, next) {
    const err = errorLine();
    const buttons = [];
    if (next.includes("denied") && state.turn.awaiting) {
      buttons.push(el("button", { type: "button", class: "big", onclick: (e) => this.sendAs(state.turn.awaiting, "denied", err, e.target) }, `De-nied! (by ${state.turn.awaiting})`));
    }
    if (next.includes("cancel")) {
      buttons.push(el("button", { type: "button", class: "big", onclick: (e) => this.send("cancel", err, e.target) }, `Cancel that card (by ${this.actor})`));
    }
    return section("Answer the card", "reactions", el("div", { class: "buttons" }, ...buttons), err);
  }

  sendAs(player, text, err, button) {
    const before = this.actor;
    this.actor = player;
    const sent = this.send(text, err, button);
    this.actor = before;
    return sent;
  }

  freeLine(state) {
    const err = errorLine();
    const names = state.players.map((p) => p.name);
    const input = el("input", { type: "text", name: "line", class: "wide", placeholder: "gimme Bruce red", "aria-label": "record line after the player's name" });
    const submit = el("button", { type: "submit" }, "Send");
    const form = el("form", { class: "row", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      const [player, text] = spokenBy(input.value.trim(), names, this.actor);
      this.sendAs(player, text, err, submit);
    } }, el("span", {}, `${this.actor}: `), input, submit);
    return el("details", { class: "control free-line", id: "control-line" }, el("summary", {}, "Type a record line"), form, err);
  }
}

/** A typed line that starts with a seated player's name and a colon (the whole record line, as
 * "Dad: pass") is that player's; anything else is `actor`'s. Returns [player, text]. */
export function spokenBy(typed, names, actor) {
  const colon = typed.indexOf(":");
  if (colon > 0) {
    const said = typed.slice(0, colon).trim().replace(/\s+/g, " ").toLowerCase();
    const player = names.find((name) => name.toLowerCase() === said);
    if (player) return [player, typed.slice(colon + 1).trim()];
  }
  return [actor, typed];
}

/** A refused line as its message quotes it: a line of thousands of characters is cut short (the
 * refusal says how long it was), so the message stays a few lines under its control. */
export function quoted(line, most = 80) {
  return line.length <= most ? line : `${line.slice(0, most)}…`;
}
