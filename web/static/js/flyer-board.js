// Drawing the flyer game from its state JSON (docs/rules-flyer.md): the board as a graph of
// coloured spaces at the positions the server gives, each space's markers stacked beside it and
// named, the players, the colour values and the turn's dice. Pure rendering.

import { el, info, plural } from "./colours.js";

const SVG = "http://www.w3.org/2000/svg";
export const HUES = ["red", "purple", "blue", "green", "yellow", "white"];

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

export function chip(colour, extra = "") {
  return el("span", { class: "flyer-chip", "data-colour": colour }, el("span", { class: `swatch ${colour}`, "aria-hidden": "true" }), `${colour}${extra}`);
}

function stacksBySpace(state) {
  const out = {};
  for (const m of state.markers) (out[m.space] ||= []).push(m);
  for (const list of Object.values(out)) list.sort((a, b) => a.position - b.position);
  return out;
}

/** Every point a space is drawn at: its own, then its copies (a ring such as the border). */
const points = (space) => [[space.x, space.y], ...(space.copies || [])];

function disc(space, [x, y]) {
  return space.home
    ? svg("rect", { class: "disc", x: x - 0.42, y: y - 0.42, width: 0.84, height: 0.84, rx: 0.12, fill: info(space.colour).hex })
    : svg("circle", { class: "disc", cx: x, cy: y, r: 0.42, fill: info(space.colour).hex });
}

/** The line between two spaces joins their nearest drawn points. */
function edge(a, b) {
  let best = null;
  for (const p of points(a)) for (const q of points(b)) {
    const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
    if (!best || d < best.d) best = { d, p, q };
  }
  return svg("line", { class: "flyer-edge", x1: best.p[0], y1: best.p[1], x2: best.q[0], y2: best.q[1] });
}

function spaceNode(space, markers, classes, onClick) {
  const words = markers.length ? `${markers.map((m) => m.colour).join(", ")} (bottom to top)` : "no markers";
  const discs = points(space).map((p) => disc(space, p));
  const labels = points(space).map(([x, y]) => svg("text", { x, y: y + 0.72 }, document.createTextNode(space.name)));
  const chips = markers.map((m, k) => svg("rect", {
    class: "flyer-marker", x: space.x + 0.48, y: space.y + 0.28 - k * 0.2, width: 0.5, height: 0.17, rx: 0.04, fill: info(m.colour).hex,
  }, svg("title", {}, document.createTextNode(`${m.colour} marker`))));
  return svg("g", {
    class: `flyer-space ${space.home ? "home" : ""} ${classes.join(" ")}`, "data-space": space.name, role: "button", tabindex: 0,
    "aria-label": `${space.name}, ${space.colour}${space.home ? " homebase" : ""}: ${words}`, onclick: () => onClick(space.name),
  }, svg("title", {}, document.createTextNode(`${space.name} (${space.colour}): ${words}`)), ...discs, ...labels, ...chips);
}

/** The board; `marks(space)` gives a space's extra classes, `onClick(space)` handles a click. */
export function renderBoard(node, state, marks, onClick) {
  const spaces = state.board.spaces;
  const xs = spaces.flatMap((s) => points(s).map((p) => p[0]));
  const ys = spaces.flatMap((s) => points(s).map((p) => p[1]));
  const [x0, y0] = [Math.min(...xs) - 1, Math.min(...ys) - 1];
  const [w, h] = [Math.max(...xs) - x0 + 1.6, Math.max(...ys) - y0 + 1.4];
  const at = Object.fromEntries(spaces.map((s) => [s.name, s]));
  const edges = [];
  for (const s of spaces) for (const other of s.next_to) {
    if (s.name < other) edges.push(edge(s, at[other]));
  }
  const stacks = stacksBySpace(state);
  const nodes = spaces.map((s) => spaceNode(s, stacks[s.name] || [], marks(s.name), onClick));
  node.replaceChildren(svg("svg", { viewBox: `${x0} ${y0} ${w} ${h}`, role: "img", "aria-label": `the board ${state.board.name}` }, ...edges, ...nodes));
}

export function renderStatus(node, state) {
  const turn = state.turn;
  const words = { values: "throw the normal die six times for the colour values", roll: `${turn.player} rolls the colour dice`,
    move: `${turn.player} pays dice to move markers; ${turn.roller} rolls next`, over: "every marker is home" };
  node.replaceChildren(...[
    state.winner ? el("div", { class: "winner-banner", id: "winner" }, `${state.winner} win${state.winners.length > 1 ? "" : "s"}!`) : null,
    turn.player ? el("div", { class: "turn-who" }, `${turn.player}'s turn`) : null,
    el("div", { class: "turn-phase" }, words[turn.phase] || turn.phase),
    state.covered_rule ? el("div", { class: "help" }, "Covered-marker rule on") : null,
  ].filter(Boolean));
}

export function renderPlayers(node, state) {
  node.replaceChildren(...state.players.map((p) => el("li", { class: `player${state.turn.player === p.name ? " current" : ""}`, "data-player": p.name },
    el("div", { class: "player-head" }, el("strong", {}, p.name), el("span", {}, `homebase ${p.home}`),
      el("span", { class: "score" }, plural(p.score, "point")),
      state.winners.includes(p.name) ? el("span", { class: "badge win" }, "winner") : null))));
}

export function renderValues(node, state) {
  if (!state.values) {
    node.replaceChildren(el("p", { class: "empty" }, "Not thrown yet."));
    return;
  }
  node.replaceChildren(el("table", { class: "flyer-values" },
    ...HUES.map((c) => el("tr", {}, el("th", {}, chip(c)), el("td", { "data-value": c }, plural(state.values[c], "point"))))));
}
