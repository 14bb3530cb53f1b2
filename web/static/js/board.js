// Drawing the table from the state JSON (docs/state-json.md): goals, players, turn, last roll.
// Pure rendering: every number shown comes from the server; nothing here applies a rule.

import { capitalise, colourLabel, dieFace, el, GOAL_COLOURS, icon, plural } from "./colours.js";

export const PHASE_WORDS = {
  draft: "dice draft: pick a die",
  play: "refill or dump, then play a card",
  attempt: "attempt a goal (or end the turn)",
  bank: "bank points from the roll",
  end: "end the turn",
  over: "the game is over",
};

function bar(value, target, colour) {
  const share = target > 0 ? Math.min(1, value / target) : 0;
  const outer = el("div", {
    class: "bar",
    role: "progressbar",
    "aria-valuemin": 0,
    "aria-valuemax": target,
    "aria-valuenow": value,
  });
  const fill = el("div", { class: `bar-fill fill-${colour}` });
  fill.style.width = `${Math.round(share * 100)}%`;
  outer.append(fill);
  return outer;
}

export function goalCard(goal) {
  const swiss = (goal.swiss || []).map((s) => el("div", { class: "swiss" }, `Swiss Bank: ${s.player} ${s.banked}`));
  return el(
    "li",
    { class: `goal goal-${goal.colour}`, "data-ref": goal.ref },
    el("div", { class: "goal-head" }, el("span", { class: "ref" }, goal.ref), colourLabel(goal.colour, capitalise(goal.colour)),
      el("span", { class: "target" }, `target ${goal.target}`)),
    bar(goal.banked, goal.target, goal.colour),
    el("div", { class: "goal-foot" }, el("span", {}, `banked ${goal.banked} / ${goal.target}`),
      el("span", { class: "value" }, `worth ${goal.value}`)),
    swiss,
  );
}

export function renderGoals(node, state) {
  node.replaceChildren();
  if (!state.goals.length) {
    node.append(el("li", { class: "empty" }, "No goal cards in play yet."));
    return;
  }
  for (const goal of state.goals) node.append(goalCard(goal));
}

export function dicePool(dice, borrowed) {
  const out = el("div", { class: "pool" });
  for (const colour of ["red", "yellow", "blue"]) {
    const n = dice[colour] || 0;
    const lent = borrowed ? borrowed[colour] || 0 : 0;
    out.append(
      el("span", { class: `pool-die${n ? "" : " none"}`, title: `${n} ${colour}` },
        dieFace(colour, n ? Math.min(n, 6) : 1, 28), el("span", { class: "count" }, `×${n}`),
        el("span", { class: "colour-name" }, colour), lent ? el("span", { class: "borrowed" }, `+${lent} borrowed`) : null),
    );
  }
  return out;
}

/** "needs 1 more colour and 23 more points" (or "has won"). */
export function needsText(player, winner) {
  if (winner === player.name) return "has won!";
  const parts = [];
  if (player.needs.colours > 0) parts.push(plural(player.needs.colours, "more colour"));
  if (player.needs.points > 0) parts.push(plural(player.needs.points, "more point"));
  return parts.length ? `needs ${parts.join(" and ")}` : "has enough to win";
}

function treasure(player) {
  const groups = new Map();
  for (const goal of player.treasure) {
    if (!groups.has(goal.colour)) groups.set(goal.colour, []);
    groups.get(goal.colour).push(goal);
  }
  const list = el("ul", { class: "treasure" });
  for (const colour of GOAL_COLOURS) {
    const goals = groups.get(colour);
    if (!goals) continue;
    const names = goals.map((g) => `${capitalise(colour)} ${g.target} (${g.value})`).join(", ");
    list.append(el("li", {}, colourLabel(colour, names)));
  }
  if (!player.treasure.length) list.append(el("li", { class: "empty" }, "no treasure yet"));
  return list;
}

export function renderPlayers(node, state) {
  node.replaceChildren();
  for (const player of state.players) {
    const current = state.turn.player === player.name && !state.winner;
    const won = state.winner === player.name;
    const done = player.colours_done.length
      ? el("span", { class: "done" }, "colours done: ", ...player.colours_done.map((c) => colourLabel(c)))
      : el("span", { class: "done" }, "no colours done");
    node.append(
      el("li", { class: `player${current ? " current" : ""}${won ? " winner" : ""}`, "data-player": player.name },
        el("div", { class: "player-head" },
          el("span", { class: "seat" }, `${player.seat + 1}`),
          el("span", { class: "name" }, player.name),
          current ? el("span", { class: "badge" }, "to play") : null,
          won ? el("span", { class: "badge win" }, "winner") : null,
          el("span", { class: "score" }, `${player.score} pts`)),
        dicePool(player.dice, current ? player.borrowed : null),
        treasure(player),
        el("div", { class: "needs" }, done, " · ", el("span", { class: "needs-text" }, needsText(player, state.winner)))),
    );
  }
}

export function renderTurn(node, state) {
  node.replaceChildren();
  if (state.winner) {
    node.append(el("div", { class: "winner-banner" }, `${state.winner} wins the game!`));
    return;
  }
  const turn = state.turn;
  node.append(
    el("div", { class: "turn-who" }, `${turn.player}'s turn`),
    el("div", { class: "turn-phase" }, `Phase: ${turn.phase} — ${PHASE_WORDS[turn.phase] || ""}`),
  );
  if (turn.awaiting) node.append(el("div", { class: "turn-await" }, `${turn.awaiting} may answer with De-nied!`));
  if (state.draft_centre) {
    const left = Object.entries(state.draft_centre).map(([c, n]) => `${n} ${c}`).join(", ");
    node.append(el("div", { class: "turn-draft" }, `Dice left in the centre: ${left}`));
  }
  if (state.variable) node.append(el("div", { class: "turn-variable" }, `Variable cards play as: ${state.variable}`));
}

/** Totals in three rows: primary, secondary, black. `highlight` is the goal colour, if any. */
export function totalsTable(totals, highlight) {
  const rows = [["primary", ["red", "yellow", "blue"]], ["secondary", ["orange", "green", "purple"]], ["black", ["black"]]];
  const table = el("div", { class: "totals" });
  for (const [label, colours] of rows) {
    table.append(
      el("div", { class: "totals-row" }, el("span", { class: "totals-kind" }, label),
        ...colours.map((c) => el("span", { class: `total${c === highlight ? " hit" : ""}`, "data-colour": c },
          colourLabel(c), el("b", {}, String(totals[c] ?? 0))))),
    );
  }
  return table;
}

/** Dice faces, each captioned with its colour's icon and name (colour is never the only cue). */
export function diceRow(dice, size = 44) {
  return el("div", { class: "dice-row" }, ...dice.map((d) => el("figure", { class: "rolled-die" },
    dieFace(d.colour, d.pips, size, d.unsure), el("figcaption", {}, colourLabel(d.colour)))));
}

export function renderLastRoll(node, state) {
  node.replaceChildren();
  const last = state.last_attempt;
  if (!last) {
    node.append(el("p", { class: "empty" }, "No roll yet."));
    return;
  }
  const goal = last.goal;
  const where = goal.owner ? ` in ${goal.owner}'s treasure` : "";
  let outcome;
  if (last.completed) outcome = `completed ${capitalise(goal.colour)} ${goal.target} (+${goal.value})`;
  else if (last.banked !== null && last.banked !== undefined) outcome = `banked ${last.banked}${last.on_swiss ? " on Swiss Bank" : ""}`;
  else outcome = "not banked yet";
  node.append(
    el("div", { class: "roll-head" }, `${last.player} rolled for `, colourLabel(goal.colour, `${capitalise(goal.colour)} ${goal.target}`), where),
    diceRow(last.dice),
    el("div", { class: "roll-points" }, `${last.points} ${goal.colour} points of ${last.needed} needed: `, el("b", {}, outcome)),
    totalsTable(last.totals, goal.colour),
  );
}

export { icon };
