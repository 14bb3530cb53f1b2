// Drawing the score sheet from its state JSON (docs/rules-sheet.md): whose turn and the house
// rules, each player's total (the leaders marked) and the sheet itself, a row per round and a
// column per player. Pure rendering: every score, leader and winner comes from the server.

import { el } from "./colours.js";

/** The house rules in words: how a roll counts, who wins and what ends the game. */
export function ruleWords(state) {
  const o = state.options;
  const parts = [`${o.count_words[0].toUpperCase()}${o.count_words.slice(1)}.`];
  parts.push(o.lowest ? "The lowest total wins." : "The highest total wins.");
  if (o.target !== null) parts.push(`A total of ${o.target} or more ends the game once the round is finished.`);
  if (o.rounds !== null) parts.push(`${o.rounds} round${o.rounds === 1 ? "" : "s"}.`);
  if (o.dice !== null) parts.push(`${o.dice} ${o.dice === 1 ? "die" : "dice"} a roll.`);
  return parts.join(" ");
}

export function renderStatus(node, state) {
  const lines = [];
  if (state.winner) {
    lines.push(el("div", { class: "winner-banner", id: "winner" }, `${state.winner} ${state.winner.includes(" and ") ? "win" : "wins"}!`));
  } else {
    lines.push(el("div", { class: "turn-who", id: "sheet-turn" }, `Round ${state.round}: ${state.turn}'s turn`));
  }
  if (state.ending) lines.push(el("div", { class: "turn-phase", id: "sheet-ending" }, `${state.ending[0].toUpperCase()}${state.ending.slice(1)}.`));
  lines.push(el("p", { class: "help", id: "sheet-rules" }, ruleWords(state)));
  node.replaceChildren(...lines);
}

export function renderPlayers(node, state) {
  node.replaceChildren(...state.players.map((p, seat) => el("li", {
    class: `player${p.name === state.turn ? " current" : ""}${p.leader ? " leader" : ""}${state.winner && p.leader ? " winner" : ""}`,
    "data-player": p.name,
  }, el("div", { class: "player-head" },
    el("span", { class: "seat" }, String(seat + 1)),
    el("span", { class: "name" }, p.name),
    p.leader ? el("span", { class: "badge lead", title: "ahead now" }, state.winner ? "winner" : "leader") : null,
    el("span", { class: "score" }, String(p.score))))));
}

function cell(entry) {
  if (!entry) return [];
  const dice = entry.dice
    ? el("span", { class: "cell-dice" }, ...entry.dice.map((d, k) => el("span", { class: entry.counted[k] ? "counted" : "not-counted" }, String(d))))
    : el("span", { class: "cell-dice typed" }, "typed");
  return [el("span", { class: "cell-points" }, String(entry.points)), dice];
}

export function renderGrid(node, state) {
  const rounds = Math.max(state.round, ...state.players.map((p) => p.entries.length), 1);
  const head = el("tr", {}, el("th", { scope: "col" }, "Round"),
    ...state.players.map((p) => el("th", { scope: "col", class: p.leader ? "leader" : "" }, p.name)));
  const rows = [];
  for (let r = 1; r <= rounds; r += 1) {
    rows.push(el("tr", { "data-round": r }, el("th", { scope: "row" }, String(r)),
      ...state.players.map((p) => {
        const now = !state.winner && p.name === state.turn && r === state.round;
        return el("td", { "data-player": p.name, "data-round": r, class: now ? "now" : "" }, ...(now ? [el("span", { class: "cell-now" }, "to play")] : cell(p.entries[r - 1])));
      })));
  }
  const total = el("tr", { class: "sheet-totals" }, el("th", { scope: "row" }, "Total"),
    ...state.players.map((p) => el("td", { "data-total": p.name, class: p.leader ? "leader" : "" }, String(p.score))));
  node.replaceChildren(el("table", { class: "sheet-table" }, el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, total)));
}
