// Action cards as small forms: each card names its fields and how they become a record line
// (docs/record-format.md). The server judges the line; a refused one comes back in words.

import { capitalise, DIE_COLOURS, el } from "./colours.js";
import { ColourCounts, DiceEditor } from "./dice-editor.js";

function labelled(text, control) {
  return el("label", { class: "field" }, el("span", { class: "field-label" }, text), control);
}

function selectOf(name, options) {
  return el("select", { name }, ...options.map(([v, t]) => el("option", { value: v }, t)));
}

const field = {
  opponent: (name, label = "target player") => (ctx) => {
    const others = ctx.state.players.map((p) => p.name).filter((n) => n !== ctx.actor);
    const node = selectOf(name, others.map((n) => [n, n]));
    return { name, node: labelled(label, node), value: () => node.value, control: node };
  },
  colour: (name, label = "die colour") => () => {
    const node = selectOf(name, DIE_COLOURS.map((c) => [c, c]));
    return { name, node: labelled(label, node), value: () => node.value };
  },
  number: (name, label, min, max) => () => {
    const node = el("input", { type: "number", name, min, max, value: min, class: "num" });
    return { name, node: labelled(label, node), value: () => node.value.trim() };
  },
  choice: (name, label, options) => () => {
    const node = selectOf(name, options.map((o) => [o, o]));
    return { name, node: labelled(label, node), value: () => node.value };
  },
  goal: (name, label = "goal") => (ctx) => {
    const node = selectOf(name, ctx.state.goals.map((g) => [g.ref, `${g.ref} ${capitalise(g.colour)} ${g.target}`]));
    return { name, node: labelled(label, node), value: () => node.value };
  },
  text: (name, label, placeholder = "") => () => {
    const node = el("input", { type: "text", name, placeholder, class: "wide" });
    return { name, node: labelled(label, node), value: () => node.value.trim() };
  },
  dice: (name, label, prefill = () => []) => (ctx) => {
    const editor = new DiceEditor(prefill(ctx));
    return { name, node: labelled(label, editor.node), value: () => editor.tokens().join(" "), editor };
  },
  counts: (name, label) => () => {
    const counts = new ColourCounts(label);
    return { name, node: el("div", { class: "field" }, counts.node), value: () => counts.tokens().join(" ") };
  },
};

function poolDice(player, colours = DIE_COLOURS) {
  if (!player) return [];
  const out = [];
  for (const colour of colours) {
    for (let i = 0; i < (player.dice[colour] || 0); i += 1) out.push({ colour, pips: 1 });
  }
  return out;
}

const join = (...parts) => parts.filter((p) => p !== "" && p !== undefined && p !== null).join(" ");

export const CARDS = {
  gimme: { label: "Gimme!", fields: [field.opponent("target"), field.colour("colour")], line: (f) => join("gimme", f.target, f.colour) },
  swap: {
    label: "Swap",
    help: "Roll some of your dice; if they sum to 10 or less, take as many dice back from the target.",
    fields: [field.opponent("target"), field.dice("dice", "dice you rolled"), field.counts("take", "take")],
    line: (f) => join("swap", f.target, f.dice, f.take ? `take ${f.take}` : ""),
  },
  redrover: {
    label: "Red Rover",
    help: "Name a number; the target rolls all their dice and gives you every die showing it.",
    fields: [field.opponent("target"), field.number("number", "number", 1, 6),
      field.dice("dice", "the target's roll", (ctx) => poolDice(ctx.state.players.find((p) => p.name !== ctx.actor)))],
    line: (f) => join("redrover", f.target, f.number, f.dice),
  },
  shanghai: { label: "Shanghai", fields: [field.opponent("target"), field.colour("colour")], line: (f) => join("shanghai", f.target, f.colour) },
  reset: { label: "Variable: Reset", fields: [], line: () => "reset" },
  balance: { label: "Variable: Balance", fields: [field.opponent("target"), field.counts("given", "dice given")], line: (f) => join("balance", f.target, f.given) },
  teaparty: { label: "Variable: Tea Party!", fields: [field.choice("side", "pass dice", ["left", "right"])], line: (f) => join("teaparty", f.side) },
  recycle: { label: "Variable: Recycle", fields: [field.text("card", "card and its parameters", "gimme Bruce red")], line: (f) => join("recycle", f.card) },
  trade: { label: "Variable: Trade", fields: [], line: () => "trade" },
  void: {
    label: "Variable: Void",
    fields: [field.opponent("target"), field.colour("colour"), field.text("receivers", "receivers (one name per die)", "Al Bruce")],
    line: (f) => join("void", f.target, f.colour, f.receivers),
  },
  swissbank: { label: "Variable: Swiss Bank", fields: [field.goal("goal")], line: (f) => join("swissbank", f.goal) },
  raid: { label: "Variable: Raid!", fields: [field.opponent("target")], line: (f) => join("raid", f.target) },
  exchange: {
    label: "Trade: exchange dice",
    fields: [field.opponent("target", "with"), field.counts("give", "give"), field.counts("take", "take")],
    line: (f) => join("exchange", f.target, f.give ? `give ${f.give}` : "", f.take ? `take ${f.take}` : ""),
  },
  doover: {
    label: "Do-Over",
    help: "Roll the same dice again.",
    fields: [field.dice("dice", "the new roll", (ctx) => (ctx.state.last_attempt ? ctx.state.last_attempt.dice.map((d) => ({ colour: d.colour, pips: d.pips })) : []))],
    line: (f) => join("doover", f.dice),
  },
  reroll: {
    label: "Re-roll (paid)",
    fields: [field.text("returned", "goal paid back (treasure games only)", "#1"),
      field.dice("dice", "the new roll", (ctx) => (ctx.state.last_attempt ? ctx.state.last_attempt.dice.map((d) => ({ colour: d.colour, pips: d.pips })) : []))],
    line: (f) => join("reroll", f.returned ? `return ${f.returned}` : "", f.dice),
  },
};

/** A form for one card: `{node, line(), values()}`, `line()` being the record line's text after
 * `NAME: `, `values()` its fields by name. */
export function cardForm(verb, ctx) {
  const spec = CARDS[verb];
  const made = spec.fields.map((make) => make(ctx));
  const node = el("div", { class: `card-form card-${verb}` },
    spec.help ? el("p", { class: "help" }, spec.help) : null, ...made.map((m) => m.node));
  // Red Rover: the target's roll uses the target's dice, so follow the target choice.
  const target = made.find((m) => m.control);
  const editor = made.find((m) => m.editor);
  if (verb === "redrover" && target && editor) {
    target.control.addEventListener("change", () => {
      editor.editor.set(poolDice(ctx.state.players.find((p) => p.name === target.value())));
    });
  }
  const values = () => {
    const found = {};
    for (const m of made) found[m.name] = m.value();
    return found;
  };
  const line = () => spec.line(values());
  return { node, line, values };
}
