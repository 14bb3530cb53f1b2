// The stream overlay for Farkle (frame and stream from overlay-frame.js): every total with the
// leader marked, the turn in play (its points, the last throw and what was set aside), the last
// round, and the winner.

import { dieFace, el } from "./colours.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";

const fmt = (n) => Number(n).toLocaleString("en");

function drawTurn(state) {
  let text;
  if (state.over) {
    text = state.winners.length > 1 ? `${state.winners.join(" and ")} share the win!` : `${state.winner} wins!`;
  } else {
    const turn = state.turn;
    const race = state.last_round ? "last round" : `first to ${fmt(state.options.target)}`;
    text = `${turn.player}: ${fmt(turn.points)} this turn · ${race}`;
  }
  part("ov-turn").textContent = text;
}

function drawRoll(state) {
  const node = part("ov-roll");
  const turn = state.turn;
  const last = state.last_turn;
  const lines = [];
  if (turn && turn.throws.length) {
    const t = turn.throws[turn.throws.length - 1];
    lines.push(el("div", { class: "ov-dice" }, ...t.dice.map((p) => dieFace("white", p, 80))));
    const kept = turn.throws.filter((x) => x.kept).flatMap((x) => x.kept.combos);
    const words = kept.length ? `set aside: ${kept.map((c) => c.how).join(" · ")}` : "";
    lines.push(el("div", { class: "ov-kept" }, t.kept ? words : `${words}${words ? " · " : ""}choosing what to set aside`));
    if (turn.hot) lines.push(el("div", { class: "ov-hot" }, "Hot dice!"));
  } else if (last) {
    lines.push(el("div", { class: "ov-kept" }, last.farkle ? `${last.player} farkled${last.lost ? `: ${fmt(last.lost)} lost` : ""}` : `${last.player} banked ${fmt(last.banked)}`));
  }
  node.hidden = !lines.length;
  node.replaceChildren(...lines);
}

function drawPlayers(state) {
  const current = state.turn ? state.turn.player : null;
  part("ov-players").replaceChildren(...state.players.map((p) => el("li", {
    class: `ov-player${state.leaders.includes(p.name) ? " leader" : ""}${state.winners.includes(p.name) ? " winner" : ""}${p.name === current ? " current" : ""}`,
  }, el("span", { class: "name" }, p.name), el("span", { class: "score" }, fmt(p.score)),
  state.leaders.includes(p.name) ? el("span", { class: "values" }, "leads") : null)));
}

function draw(view) {
  const state = view && view.state;
  if (showIdle(view, !state || !state.players)) return;
  drawTurn(state);
  drawRoll(state);
  drawPlayers(state);
}

startOverlay(draw);
