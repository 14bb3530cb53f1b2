// What the five-dice pages draw alike (docs/rules-fivedice.md, the state JSON): the score sheet
// as a table (a column per player, the open boxes of the player to act showing what this roll
// would score there), the turn's words and the dice as faces.

import { dieFace, el } from "./colours.js";

/** `Ann's turn · round 3 of 13 · throw 2 of 3`, or who won. */
export function turnWords(state) {
  const turn = state.turn;
  if (state.over) return `${state.winner} ${state.winners.length > 1 ? "share the win" : "wins"}!`;
  const throwing = turn.throws ? `throw ${turn.throws} of 3` : "no throw yet";
  return `${turn.player}'s turn · round ${turn.round} of 13 · ${throwing}`;
}

export function renderStatus(node, state) {
  const lead = state.leaders.length && !state.over ? `Leading: ${state.leaders.join(" and ")}` : "";
  const lines = [el("div", { class: "fd-turn" }, turnWords(state))];
  if (lead) lines.push(el("div", { class: "help" }, lead));
  node.replaceChildren(...lines);
}

/** The five dice as white faces; `kept` marks the ones set aside (by index). */
export function diceFaces(dice, size = 64, kept = new Set()) {
  return dice.map((pips, k) => {
    const face = dieFace("white", pips, size);
    face.setAttribute("aria-label", `${pips}${kept.has(k) ? ", kept aside" : ""}`);
    return face;
  });
}

function cell(player, box, offer, acting) {
  const value = player.boxes[box.box];
  if (value !== null) return el("td", { class: "filled", "data-box": box.box }, String(value));
  if (acting && offer) return el("td", { class: `offer${offer.allowed ? "" : " barred"}`, "data-box": box.box, title: offer.why }, String(offer.points));
  return el("td", { class: "open", "data-box": box.box }, "");
}

function sumRow(state, label, value, cls = "") {
  return el("tr", { class: `sum ${cls}` }, el("th", { scope: "row" }, label), ...state.players.map((p) => el("td", {}, value(p))));
}

/** The sheet: the upper boxes, their sum and bonus, the lower boxes, extra bonuses, totals. */
export function renderSheet(node, state) {
  const acting = state.turn.player;
  const offers = Object.fromEntries(state.turn.choices.map((c) => [c.box, c]));
  const row = (box) => el("tr", {}, el("th", { scope: "row" }, box.label),
    ...state.players.map((p) => cell(p, box, offers[box.box], p.name === acting)));
  const head = el("tr", {}, el("th", {}, ""), ...state.players.map((p) => el("th", {
    scope: "col", class: p.name === acting ? "acting" : "",
  }, p.name)));
  const upper = state.boxes.filter((b) => b.upper);
  const lower = state.boxes.filter((b) => !b.upper);
  node.replaceChildren(el("table", { class: "fd-sheet" },
    el("thead", {}, head),
    el("tbody", {}, ...upper.map(row),
      sumRow(state, "Upper sum", (p) => String(p.upper)),
      sumRow(state, "Bonus at 63", (p) => (p.upper_bonus ? `+${p.upper_bonus}` : `${p.upper_to_go} to go`)),
      ...lower.map(row),
      sumRow(state, "Extra fives", (p) => (p.extra_fives ? `+${p.extra_bonus}` : "—")),
      sumRow(state, "Total", (p) => String(p.score), "fd-total"))));
}
