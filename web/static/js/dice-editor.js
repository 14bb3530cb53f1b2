// A row of editable dice: colour and pips per die, add and remove. Used to enter a roll by hand,
// to correct the camera's reading and for card parameters that roll dice (Swap, Red Rover).
// Tapping a die face steps its pips, so a tablet needs no keyboard.

import { DIE_COLOURS, dieFace, el, LETTER } from "./colours.js";

function select(options, value, label, onChange) {
  const node = el("select", { "aria-label": label, onchange: (e) => onChange(e.target.value) },
    ...options.map(([v, text]) => el("option", { value: v, selected: String(v) === String(value) }, text)));
  return node;
}

/**
 * `callbacks.onChange(index, die)`, `onAdd(colour)`, `onRemove(index)` make the editor drive a
 * server-side list (the camera's pending roll); without them it edits its own list.
 * `onNotADie(index)` offers "not a die" beside "remove" for dice the camera read (`learns`):
 * a plain removal says the die is not part of this roll, "not a die" that it is no die at all.
 * `numbered: true` shows each die's number (its box in the camera's frame has the same).
 */
export class DiceEditor {
  constructor(dice = [], callbacks = {}) {
    this.dice = dice.map((d) => ({ colour: d.colour, pips: d.pips || 1, unsure: !!d.unsure, learns: !!d.learns }));
    this.callbacks = callbacks;
    this.node = el("div", { class: "dice-editor" });
    this.render();
  }

  set(dice) {
    this.dice = dice.map((d) => ({ colour: d.colour, pips: d.pips || 1, unsure: !!d.unsure }));
    this.render();
  }

  tokens() {
    return this.dice.map((d) => `${LETTER[d.colour] || "?"}${d.pips}`);
  }

  change(index, patch) {
    const die = { ...this.dice[index], ...patch, unsure: false };
    if (this.callbacks.onChange) {
      this.callbacks.onChange(index, die);
      return;
    }
    this.dice[index] = die;
    this.render();
  }

  add(colour) {
    if (this.callbacks.onAdd) {
      this.callbacks.onAdd(colour);
      return;
    }
    this.dice.push({ colour, pips: 1, unsure: false });
    this.render();
  }

  remove(index) {
    if (this.callbacks.onRemove) {
      this.callbacks.onRemove(index);
      return;
    }
    this.dice.splice(index, 1);
    this.render();
  }

  dieControl(die, index) {
    const face = el("button", {
      type: "button", class: "die-button", title: "tap to add a pip",
      "aria-label": `die ${index + 1}: ${die.colour} ${die.pips}, tap for ${die.pips % 6 + 1}`,
      onclick: () => this.change(index, { pips: (die.pips % 6) + 1 }),
    }, dieFace(die.colour, die.pips, 46, die.unsure));
    const colours = DIE_COLOURS.map((c) => [c, c]);
    if (!DIE_COLOURS.includes(die.colour)) colours.push([die.colour, `${die.colour}?`]);
    return el("div", { class: `die-edit${die.unsure ? " unsure" : ""}`, "data-index": index },
      this.callbacks.numbered ? el("b", { class: "die-number", title: `die ${index + 1}: its box in the frame has this number` }, String(index + 1)) : null,
      face,
      select(colours, die.colour, `die ${index + 1} colour`, (v) => this.change(index, { colour: v })),
      select([1, 2, 3, 4, 5, 6].map((n) => [n, `${n} ${n === 1 ? "pip" : "pips"}`]), die.pips, `die ${index + 1} pips`,
        (v) => this.change(index, { pips: Number(v) })),
      el("button", { type: "button", class: "small remove", title: "remove: not part of this roll", "aria-label": `remove die ${index + 1}`, onclick: () => this.remove(index) }, "✕ remove"),
      die.learns && this.callbacks.onNotADie
        ? el("button", { type: "button", class: "small remove not-a-die", title: "remove: not a die at all (the table learns it)", "aria-label": `die ${index + 1} is not a die`, onclick: () => this.callbacks.onNotADie(index) }, "✕ not a die")
        : null,
    );
  }

  render() {
    this.node.replaceChildren(
      el("div", { class: "dice-edit-row" }, ...this.dice.map((d, i) => this.dieControl(d, i))),
      el("div", { class: "dice-add" }, "add a die: ",
        ...DIE_COLOURS.map((c) => el("button", { type: "button", class: `small add-${c}`, onclick: () => this.add(c) }, `+ ${c}`))),
    );
  }
}

/** Three counters (red, yellow, blue) giving a list of colour letters: `r r y`. */
export class ColourCounts {
  constructor(label) {
    this.inputs = {};
    this.node = el("span", { class: "colour-counts" }, label ? el("span", {}, `${label}: `) : null);
    for (const colour of DIE_COLOURS) {
      const input = el("input", { type: "number", min: 0, max: 12, value: 0, "aria-label": `${label} ${colour} dice`, class: "count-input" });
      this.inputs[colour] = input;
      this.node.append(el("label", { class: `count-${colour}` }, input, ` ${colour}`));
    }
  }

  tokens() {
    const out = [];
    for (const colour of DIE_COLOURS) {
      const n = Math.max(0, Number(this.inputs[colour].value) || 0);
      for (let i = 0; i < n; i += 1) out.push(LETTER[colour]);
    }
    return out;
  }
}
