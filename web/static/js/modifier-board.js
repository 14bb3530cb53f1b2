// Drawing the modifier dice game from its state JSON (docs/rules-modifier.md): the round's goals
// with who takes them and why, tokens, the deck-selecting order and every die with the cards
// behind it. Pure rendering: every value and every winner comes from the server.

import { dieFace, el, plural } from "./colours.js";

const PHASE_WORDS = {
  goals: "waiting for the next round's goal cards",
  play: "roll, play Modifier cards, then reveal",
  over: "the game is over",
};

export function roundStatus(node, state) {
  const lines = [];
  if (state.winner) {
    lines.push(el("div", { class: "winner-banner", id: "winner" }, `${state.winner} wins!`));
  } else if (state.order && state.order.purpose === "end" && state.order.tie) {
    lines.push(el("div", { class: "turn-who" }, `Roll-off for the win: ${state.order.tie.join(", ")}`));
  }
  lines.push(el("div", { class: "turn-who" }, state.round ? `Round ${state.round} of 6` : "Before round 1"));
  lines.push(el("div", { class: "turn-phase" }, PHASE_WORDS[state.phase] || state.phase));
  node.replaceChildren(...lines);
}

function goalItem(goal, result) {
  const head = el("div", { class: "goal-head" }, el("span", { class: "goal-title" }, goal.title),
    goal.declared_by ? el("span", { class: "badge" }, `special, ${goal.declared_by}`) : null);
  if (!result) return el("li", { class: "goal mod-goal", "data-card": goal.card }, head, el("div", { class: "goal-foot" }, "6 tokens"));
  const takers = result.winners.length
    ? (result.winners.length === 1 ? `${result.winners[0]} takes ${result.each}` : `${result.winners.join(", ")} take ${result.each} each`) +
      (result.lost ? ` (${result.lost} leave the game)` : "")
    : "nobody: the 6 tokens leave the game";
  return el("li", { class: "goal mod-goal decided", "data-card": goal.card },
    head, el("div", { class: "mod-winners" }, takers), el("div", { class: "why" }, result.why));
}

export function renderGoals(node, state) {
  const table = state.table;
  node.replaceChildren();
  if (!table) {
    node.append(el("li", { class: "empty" }, "No goal cards revealed yet."));
    return;
  }
  const results = table.revealed ? state.goals : [];
  const cards = [...table.goals, ...table.specials];
  cards.forEach((goal, k) => node.append(goalItem(goal, results[k])));
  for (const open of state.open_specials) {
    node.append(el("li", { class: "goal mod-goal open-special", "data-card": open.card },
      el("div", { class: "goal-head" }, el("span", { class: "goal-title" }, open.title), el("span", { class: "badge" }, "special, not declared"))));
  }
}

export function renderPlayers(node, state) {
  node.replaceChildren(...state.players.map((p) => el("li", {
    class: `player${state.winner === p.name ? " winner" : ""}`, "data-player": p.name,
  }, el("div", { class: "player-head" }, el("strong", {}, p.name),
    el("span", { class: "tokens" }, plural(p.tokens, "token")),
    state.winner === p.name ? el("span", { class: "badge win" }, "winner") : null))));
}

export function renderOrder(node, state) {
  const order = state.order;
  if (!order) {
    node.replaceChildren(el("p", { class: "empty" }, "Set after the first reveal: fewest tokens pick first."));
    return;
  }
  const what = order.purpose === "end" ? "Final standing" : "Next deck-selecting phase";
  const groups = order.groups.map((g) => g.join(" = ")).join(" → ");
  const line = el("p", {}, `${what}: `, el("strong", { id: "order-line" }, groups));
  if (!order.tie) {
    node.replaceChildren(line);
    return;
  }
  const rule = order.purpose === "end" ? "highest wins" : "lowest picks first";
  node.replaceChildren(line, el("p", { class: "help", id: "order-tie" }, `${order.tie.join(" and ")} are tied: each rolls a die (${rule}).`));
}

function dieCell(die, k) {
  const cards = die.cards.length
    ? el("ol", { class: "mod-cards" }, ...die.cards.map((c) => el("li", { class: "mod-card" }, c)))
    : el("div", { class: "mod-cards none", "aria-label": "no cards" }, "—");
  return el("figure", { class: "mod-die", "data-die": k + 1 },
    dieFace("white", die.face, 36), cards,
    el("figcaption", { class: "mod-value" }, `${die.value}`),
    die.cards.length ? el("div", { class: "mod-steps" }, die.steps) : null);
}

export function renderTable(node, state) {
  const table = state.table;
  if (!table) {
    node.replaceChildren(el("p", { class: "empty" }, "Reveal the first round's goal cards to begin."));
    return;
  }
  node.replaceChildren(...table.players.map((p) => el("div", { class: "mod-seat", "data-player": p.name },
    el("h3", {}, p.name, p.rolled ? "" : el("span", { class: "help" }, " — not rolled yet")),
    p.rolled ? el("div", { class: "mod-dice" }, ...p.dice.map(dieCell)) : null)));
}
