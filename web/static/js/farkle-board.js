// Farkle's table view drawn from the state JSON (docs/rules-farkle.md): the status line, the
// scores with the leader, the rule set's prices, and the turn's throws with what each set aside.
// Nothing here scores dice: the server lists every choice with its points.

import { dieFace, el } from "./colours.js";

const fmt = (n) => Number(n).toLocaleString("en");

/** A row of dice faces; `kept` (faces) are drawn lit, the others dim, each face used once. */
export function diceRow(dice, kept = null, size = 40) {
  const left = kept ? [...kept] : null;
  return el("div", { class: "fk-dice" }, ...dice.map((pips) => {
    let cls = "fk-die";
    if (left) {
      const at = left.indexOf(pips);
      if (at >= 0) { left.splice(at, 1); cls += " kept"; } else cls += " left";
    }
    return el("span", { class: cls, "data-pips": pips }, dieFace("white", pips, size));
  }));
}

export function statusText(state) {
  if (state.over) {
    const best = Math.max(...state.players.map((p) => p.score));
    return state.winners.length > 1
      ? `${state.winners.join(" and ")} share the win with ${fmt(best)}.`
      : `${state.winner} wins with ${fmt(best)}!`;
  }
  const turn = state.turn;
  const what = turn.next === "keep" ? "set aside scoring dice" : `throw ${turn.dice_left} ${turn.dice_left === 1 ? "die" : "dice"}`;
  return `${turn.player}'s turn: ${fmt(turn.points)} this turn, ${what}.`;
}

export function renderStatus(node, state) {
  const parts = [el("p", { class: "fk-status", id: "fk-status-text" }, statusText(state))];
  const last = state.last_round;
  if (last && !state.over) {
    parts.push(el("p", { class: "fk-last-round", id: "fk-last-round" },
      `Last round: ${last.from} reached ${fmt(state.options.target)}. One more turn for ${last.waiting.join(", ")}; the highest score wins.`));
  }
  if (state.turn && state.turn.hot) parts.push(el("p", { class: "fk-hot", id: "fk-hot" }, "Hot dice! Every die scored: throw all six again."));
  node.replaceChildren(...parts);
}

export function renderPlayers(node, state) {
  const current = state.turn ? state.turn.player : null;
  node.replaceChildren(...state.players.map((p) => {
    const notes = [];
    if (state.leaders.includes(p.name)) notes.push(el("span", { class: "fk-lead" }, state.over && state.winners.includes(p.name) ? "winner" : "leads"));
    if (!p.on_board) notes.push(el("span", { class: "fk-note" }, `needs ${fmt(state.options.opening)} to get on the board`));
    if (p.farkles_in_a_row) notes.push(el("span", { class: "fk-note" }, `${p.farkles_in_a_row} farkle${p.farkles_in_a_row > 1 ? "s" : ""} in a row`));
    return el("li", { class: `fk-player${p.name === current ? " current" : ""}`, "data-player": p.name },
      el("span", { class: "name" }, p.name), ...notes, el("span", { class: "fk-score" }, fmt(p.score)));
  }));
}

export function renderPrices(rulesNode, tableNode, state) {
  const o = state.options;
  const extra = [`target ${fmt(o.target)}`];
  extra.push(o.opening ? `${fmt(o.opening)} in one turn to get on the board` : "any points get on the board");
  if (o.three_farkles) extra.push(`three farkles in a row lose ${fmt(o.three_farkles)}`);
  rulesNode.textContent = `Scoring: ${o.scoring_title}; ${extra.join("; ")}.`;
  tableNode.replaceChildren(...state.prices.map((row) => el("tr", {}, el("td", {}, row.combo), el("td", { class: "num" }, typeof row.points === "number" ? fmt(row.points) : row.points))));
}

function throwItem(t, k) {
  const kept = t.kept;
  const words = kept
    ? `set aside ${kept.dice.join(" ")}: ${kept.combos.map((c) => c.how).join("; ")} (${fmt(kept.points)})`
    : "nothing set aside yet";
  return el("li", { class: "fk-throw", "data-throw": k + 1 }, el("span", { class: "fk-throw-no" }, `Throw ${k + 1}`),
    diceRow(t.dice, kept ? kept.dice : null, 34), el("span", { class: "fk-kept-words" }, words));
}

/** The turn in play, or how the last one ended while the new one has not thrown yet. */
export function renderTurn(node, state) {
  const turn = state.turn;
  const parts = [];
  const last = state.last_turn;
  if (last && (!turn || !turn.throws.length)) {
    const how = last.farkle
      ? `${last.player} farkled: ${last.farkle.join(" ")} scores nothing${last.lost ? `, ${fmt(last.lost)} lost` : ""}${last.penalty ? `; a third farkle in a row costs ${fmt(last.penalty)}` : ""}.`
      : `${last.player} banked ${fmt(last.banked)} (now ${fmt(last.score)}).`;
    parts.push(el("p", { class: `fk-last${last.farkle ? " farkle" : ""}`, id: "fk-last" }, how));
  }
  if (turn && turn.throws.length) {
    parts.push(el("ol", { class: "fk-throws" }, ...turn.throws.map(throwItem)),
      el("p", { class: "fk-turn-points", id: "fk-turn-points" }, `${turn.player} has ${fmt(turn.points)} this turn`));
  } else if (turn) {
    parts.push(el("p", { class: "help" }, `${turn.player} throws all six dice to start the turn.`));
  }
  node.replaceChildren(...parts);
}
