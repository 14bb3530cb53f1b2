// The RGB board view: renders the snapshot embedded in the page, then follows the game's SSE
// stream. Clicking the board builds one record line (docs/rules-rgb.md) from the choices the
// server lists in `state.legal`; the server applies the rules and answers with the new view or a
// refusal in words.

import { el } from "./colours.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";
import { renderBoard, renderPlayers, renderStatus, renderSupply } from "./rgb-board.js";

const root = document.getElementById("rgb-view");
const part = (id) => document.getElementById(id);
const errorNode = part("rgb-error");

const game = gamePage(root, render);

// What the player is choosing: nothing, a stack (its moves and attacks), a square for a new
// Child or a heal, or the layer of an attack or a sustain.
let pick = { mode: "none" };
let placeKind = null;

function send(words) {
  pick = { mode: "none" };
  const player = game.view.state.turn.player;
  return game.change("events", { line: `${player}: ${words}` }, errorNode);
}

function marks(square) {
  const legal = game.view.state.legal;
  if (!legal) return [];
  const out = [];
  if (legal.place && legal.place.squares.includes(square)) out.push("target");
  if (square in legal.sustain) out.push("starving");
  if (pick.mode === "stack") {
    const own = legal.stacks[pick.square];
    if (square === pick.square) out.push("selected");
    if (own.moves.includes(square)) out.push("target");
    if (own.attacks.some((a) => a.target === square)) out.push("attack");
  }
  if (pick.mode === "create" && legal.create.includes(square)) out.push("target");
  if (pick.mode === "heal" && legal.heal.includes(square)) out.push("target");
  if (pick.mode === "layer" && square === pick.target) out.push("selected");
  return out;
}

function layersOf(square) {
  const stack = game.view.state.stacks.find((s) => s.square === square);
  return stack ? [...new Set(stack.layers)] : [];
}

function clickSquare(square) {
  const legal = game.view.state.legal;
  if (!legal) return;
  errorNode.textContent = "";
  if (legal.place && legal.place.squares.includes(square)) return send(`place ${placeKind || legal.place.kinds[0]} ${square}`);
  if (square in legal.sustain) {
    pick = { mode: "layer", verb: "sustain", target: square, layers: legal.sustain[square] };
  } else if (pick.mode === "create" && legal.create.includes(square)) {
    return send(`create ${square}`);
  } else if (pick.mode === "heal" && legal.heal.includes(square)) {
    return send(`heal ${square}`);
  } else if (pick.mode === "stack" && legal.stacks[pick.square].moves.includes(square)) {
    return send(`move ${pick.square} ${square}`);
  } else if (pick.mode === "stack" && legal.stacks[pick.square].attacks.some((a) => a.target === square)) {
    const attack = legal.stacks[pick.square].attacks.find((a) => a.target === square);
    pick = { mode: "layer", verb: "attack", source: pick.square, target: square, layers: layersOf(square), support: attack.support };
  } else if (square in legal.stacks) {
    pick = pick.mode === "stack" && pick.square === square ? { mode: "none" } : { mode: "stack", square };
  } else {
    pick = { mode: "none" };
  }
  draw();
}

function layerChoice() {
  const support = pick.support && pick.support.length
    ? el("select", { "aria-label": "supporting stack", id: "rgb-support" }, ...pick.support.map((s) => el("option", { value: s }, `support from ${s}`)))
    : null;
  const title = pick.verb === "attack" ? `Attack ${pick.target} from ${pick.source}: which layer goes?` : `The starving Child on ${pick.target} loses which layer?`;
  const buttons = pick.layers.map((layer) => el("button", {
    type: "button", class: `small layer-${layer}`, "data-layer": layer,
    onclick: () => send(pick.verb === "attack"
      ? `attack ${pick.source} ${pick.target} ${layer}${support ? ` support ${support.value}` : ""}`
      : `sustain ${pick.target} ${layer}`),
  }, layer));
  return [el("div", { class: "field-label" }, title), support, ...buttons];
}

function choiceRow() {
  const legal = game.view.state.legal;
  if (!legal) return [];
  if (pick.mode === "layer") return layerChoice();
  const out = [];
  if (legal.place) {
    if (!legal.place.kinds.includes(placeKind)) placeKind = legal.place.kinds[0];
    out.push(el("div", { class: "field-label" }, "Pick a size, then click a marked square:"));
    for (const kind of legal.place.kinds) {
      out.push(el("button", { type: "button", class: `small${kind === placeKind ? " selected" : ""}`, "aria-pressed": String(kind === placeKind), "data-kind": kind,
        onclick: () => { placeKind = kind; draw(); } }, kind));
    }
    return out;
  }
  if (legal.create.length) out.push(el("button", { type: "button", class: "small", id: "rgb-create", onclick: () => { pick = { mode: "create" }; draw(); } }, "Create a Child…"));
  if (legal.heal.length) out.push(el("button", { type: "button", class: "small", id: "rgb-heal", onclick: () => { pick = { mode: "heal" }; draw(); } }, "Heal…"));
  if (legal.pass) out.push(el("button", { type: "button", class: "small", id: "rgb-pass", onclick: () => send("pass") }, "Pass (no legal turn)"));
  const hint = { none: "Click one of your stacks.", stack: "Green dots: moves. Red frames: attacks.", create: "Click a marked square for the new Child.", heal: "Click a marked stack to heal." }[pick.mode];
  if (hint && !Object.keys(legal.sustain).length) out.unshift(el("div", { class: "field-label" }, hint));
  return out;
}

function lineControl() {
  const err = el("p", { class: "error", role: "alert", "aria-live": "polite" });
  const input = el("input", { type: "text", name: "line", placeholder: "any record line, e.g. Al: move d2 d4", "aria-label": "record line", class: "wide", autocomplete: "off" });
  const form = el("form", { class: "rgb-controls", id: "line-form" }, input, el("button", { type: "submit" }, "Record"), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (input.value.trim() && (await game.change("events", { line: input.value.trim() }, err))) form.reset();
  });
  return form;
}

function draw() {
  const state = game.view.state;
  renderBoard(part("rgb-board"), state, marks, clickSquare);
  part("rgb-choice").replaceChildren(...choiceRow());
}

const history = new HistoryPanel(part("history"), game);

function render(view) {
  const state = view.state;
  if (game.rendered !== view.version) pick = { mode: "none" };
  renderStatus(part("rgb-status"), state);
  renderPlayers(part("rgb-players"), state);
  renderSupply(part("rgb-supply"), state);
  draw();
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  part("rgb-controls").replaceChildren(lineControl());
  history.render(view);
}

startGamePage(game);
