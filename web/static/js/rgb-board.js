// Drawing RGB from its state JSON (docs/rules-rgb.md): the board with its stacks, the players and
// the pieces off the board. Pure rendering: every legal choice comes from the server's `legal`.

import { el, plural } from "./colours.js";

export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"];
const SIZE_WORDS = { large: "Man", medium: "Woman", small: "Child", golden: "Golden Child" };
const SIZE_MANY = { large: "Men", medium: "Women", small: "Children", golden: "Golden Children" };
const PHASE_WORDS = {
  place: "places a stack on their half of the board",
  play: "moves, attacks, creates a Child or heals",
  sustain: "a starving Child loses a layer",
  over: "the game is over",
};

export function stackWords(stack) {
  return `${stack.owner}'s ${SIZE_WORDS[stack.size]} (${stack.size}): ${stack.layers.join(", ")}`;
}

/** A stack seen from above: the bottom layer widest, each layer above it smaller. */
export function stackNode(stack, seat) {
  // Depth classes, not inline styles: the pages' Content-Security-Policy forbids those.
  const layers = stack.layers.map((colour, k) => el("span", { class: `rgb-layer ${colour} depth-${k}` }));
  const tag = `${stack.owner[0]}${{ large: "L", medium: "M", small: "S", golden: "G" }[stack.size]}`;
  return el("span", { class: `rgb-stack size-${stack.size} seat-${seat}`, title: stackWords(stack) }, ...layers,
    el("span", { class: "rgb-tag", "aria-hidden": "true" }, tag));
}

/** The 8x8 board's cells, rank 8 on top; `square(name, shade, stack, label)` makes each square. */
function boardCells(state, square) {
  const seats = Object.fromEntries(state.players.map((p) => [p.name, p.seat]));
  const stacks = Object.fromEntries(state.stacks.map((s) => [s.square, s]));
  const cells = [];
  for (let rank = 8; rank >= 1; rank -= 1) {
    cells.push(el("span", { class: "rgb-label" }, String(rank)));
    FILES.forEach((file, f) => {
      const name = `${file}${rank}`;
      const stack = stacks[name];
      const shade = (f + rank) % 2 === 0 ? "light" : "dark";
      const label = stack ? `${name}, ${stackWords(stack)}` : `${name}, empty`;
      cells.push(square(name, shade, stack ? stackNode(stack, seats[stack.owner]) : null, label));
    });
  }
  cells.push(el("span", {}), ...FILES.map((f) => el("span", { class: "rgb-label" }, f)));
  return cells;
}

/** The board to play on: `marks(square)` gives the extra classes of a square. */
export function renderBoard(node, state, marks, onClick) {
  node.replaceChildren(...boardCells(state, (square, shade, stack, label) => el("button", {
    type: "button", class: `rgb-square ${shade} ${marks(square).join(" ")}`, "data-square": square,
    "aria-label": label, onclick: () => onClick(square),
  }, stack)));
}

/** The same board as a picture, nothing to press (the stream overlay). */
export function renderBoardPicture(node, state) {
  node.replaceChildren(...boardCells(state, (square, shade, stack, label) => el("span", {
    class: `rgb-square ${shade}`, "data-square": square, title: label,
  }, stack)));
}

/** How many stacks each player has on the board, with their sizes in words. */
export function stacksOf(state, player) {
  const own = state.stacks.filter((s) => s.owner === player);
  const sizes = {};
  for (const s of own) sizes[s.size] = (sizes[s.size] || 0) + 1;
  const words = Object.entries(sizes).map(([size, n]) => plural(n, SIZE_WORDS[size], SIZE_MANY[size]));
  return { count: own.length, words: words.join(", ") };
}

export function renderStatus(node, state) {
  const turn = state.turn;
  const parts = [];
  if (state.winner) parts.push(el("div", { class: "winner-banner", id: "winner" }, `${state.winner} wins!`));
  if (state.draw) parts.push(el("div", { class: "winner-banner", id: "winner" }, "A draw: neither player can move."));
  if (turn.player) parts.push(el("div", { class: "turn-who" }, `${turn.player}'s turn`));
  parts.push(el("div", { class: "turn-phase" }, PHASE_WORDS[turn.phase] || turn.phase));
  if (turn.starving.length) parts.push(el("div", { class: "turn-await" }, `Starving: ${turn.starving.join(", ")}`));
  node.replaceChildren(...parts);
}

export function renderPlayers(node, state) {
  node.replaceChildren(...state.players.map((p) => {
    const left = Object.entries(p.to_place).map(([size, n]) => `${n} ${size}`).join(", ");
    return el("li", { class: `player${state.turn.player === p.name ? " current" : ""}`, "data-player": p.name },
      el("div", { class: "player-head" }, el("strong", {}, p.name),
        el("span", {}, p.seat === 0 ? "ranks 1-4, stacks square" : "ranks 5-8, stacks turned"),
        state.winner === p.name ? el("span", { class: "badge win" }, "winner") : null),
      el("div", {}, plural(p.children, "Child", "Children") + (p.golden_child ? `, Golden Child on ${p.golden_child}` : "")),
      left ? el("div", { class: "help" }, `to place: ${left}`) : null);
  }));
}

export function renderSupply(node, state) {
  const colours = ["red", "green", "blue", "yellow"];
  const rows = Object.entries(state.discarded).map(([size, counts]) => el("tr", {},
    el("th", {}, size), ...colours.map((c) => el("td", {}, c in counts ? String(counts[c]) : "–"))));
  node.replaceChildren(el("p", { class: "help" }, "Discarded pieces (what creating and healing use):"),
    el("table", { class: "rgb-supply" }, el("tr", {}, el("th", {}, ""), ...colours.map((c) => el("th", {}, c))), ...rows));
}
