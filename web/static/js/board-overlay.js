// What the board games' stream overlays (flyer-overlay.js, rgb-overlay.js) draw alike: whose turn
// or who won as the headline, and the players' bar with the one at turn lit and the winner gold.

import { el } from "./colours.js";
import { part } from "./overlay-frame.js";

/** The headline (`lines[0]`) and a smaller line under it. */
export function drawHeadline(main, sub) {
  // replaceChildren writes a null argument as the text "null": leave an absent line out.
  const lines = [el("div", { class: "ov-head" }, main)];
  if (sub) lines.push(el("div", { class: "ov-sub" }, sub));
  part("ov-turn").replaceChildren(...lines);
}

/** One entry per player: `big(p)` is their large number, `small(p)` the words beside it. */
export function drawPlayerBar(state, winners, big, small) {
  part("ov-players").replaceChildren(...state.players.map((p) => el("li", {
    class: `ov-player${state.turn.player === p.name ? " current" : ""}${winners.includes(p.name) ? " winner" : ""}`,
    "data-player": p.name,
  }, el("span", { class: "name" }, p.name), el("span", { class: "score" }, big(p)), el("span", { class: "needs-text" }, small(p)))));
}
