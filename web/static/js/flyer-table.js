// The flyer game's table view: renders the snapshot embedded in the page, then follows the SSE
// stream. A move is chosen on the board: a space with markers, then where they go; then the few
// ways to do it (from the server's `state.legal`) are listed; every control writes one record line
// (docs/rules-flyer.md) and the server answers with the new view or a refusal in words.

import { watchCamera } from "./camera-state.js";
import { el } from "./colours.js";
import { fillFromCamera } from "./flyer-camera.js";
import { HUES, chip, renderBoard, renderPlayers, renderStatus, renderValues } from "./flyer-board.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";

const root = document.getElementById("flyer-view");
const part = (id) => document.getElementById(id);
const errorNode = part("flyer-error");

const game = gamePage(root, render);

// A move is chosen on the board: a framed space (its markers), then a green-framed space (where
// they go); only then are the few ways to do it listed (which markers, which dice pay).
let selected = null;
let target = null;
const carry = new Set(); // the markers picked to move from `selected` to `target`
let cameraOk = false;

function legal() {
  return game.view.state.legal || [];
}

function fromSpaces() {
  return new Set(legal().map((m) => m.from));
}

function destinations() {
  return [...new Set(legal().filter((m) => m.from === selected).map((m) => m.to))];
}

function marks(space) {
  const out = [];
  if (fromSpaces().has(space)) out.push("from");
  if (space === selected) out.push("selected");
  if (selected && destinations().includes(space)) out.push("to");
  if (space === target) out.push("target");
  return out;
}

function clickSpace(space) {
  carry.clear();
  if (selected && space !== selected && destinations().includes(space)) {
    target = target === space ? null : space;
  } else {
    selected = selected === space || !fromSpaces().has(space) ? null : space;
    target = null;
  }
  draw();
}

function pickTarget(space) {
  carry.clear();
  target = space;
  draw();
}

function moveButtons() {
  const state = game.view.state;
  if (!state.legal) return [];
  if (!selected) {
    const hint = state.legal.length ? "Click a framed space to pick up its markers." : "These dice pay for no move: the next player rolls.";
    return [el("div", { class: "field-label" }, hint)];
  }
  const back = el("button", { type: "button", class: "small", id: "move-back", onclick: () => { selected = null; target = null; carry.clear(); draw(); } }, "Put them down");
  if (!target) {
    const places = destinations();
    return [el("div", { class: "field-label" }, `From ${selected}: click a green-framed space, or one of these ${places.length}:`),
      el("div", { class: "flyer-targets" }, ...places.map((to) => el("button", { type: "button", class: "small", "data-to": to, onclick: () => pickTarget(to) }, `→ ${to}`)), back)];
  }
  const ways = state.legal.filter((m) => m.from === selected && m.to === target);
  const colours = [...new Set(ways.flatMap((m) => m.markers))];
  const ticks = colours.map((c) => el("button", {
    type: "button", class: `small marker-pick${carry.has(c) ? " picked" : ""}`, "data-marker": c, "aria-pressed": String(carry.has(c)),
    onclick: () => {
      if (carry.has(c)) carry.delete(c);
      else carry.add(c);
      draw();
    },
  }, chip(c)));
  const same = (m) => m.markers.length === carry.size && m.markers.every((c) => carry.has(c));
  const moves = ways.filter(same);
  const say = !carry.size ? "Pick the markers to move." : moves.length ? "Pay with:" : "Those markers cannot go there with these dice.";
  return [el("div", { class: "field-label" }, `From ${selected} to ${target}: which markers?`),
    el("div", { class: "flyer-targets" }, ...ticks),
    el("div", { class: "field-label" }, say),
    ...moves.map((m) => el("button", {
      type: "button", class: "small", "data-move": `${m.markers.join(" ")} to ${m.to}`,
      onclick: () => {
        selected = null;
        target = null;
        carry.clear();
        game.change("events", { line: `${state.turn.player}: move ${m.markers.join(" ")} to ${m.to} paying ${m.paying.join(" ")}` }, errorNode);
      },
    }, `move ${m.markers.join(" + ")} · pay ${m.paying.join(", ")}`)), back];
}

function form(id, title, fields, button, toLine) {
  const err = el("p", { class: "error", role: "alert", "aria-live": "polite" });
  const node = el("form", { class: "flyer-form", id }, el("div", { class: "field-label" }, title), ...fields, el("button", { type: "submit" }, button), err);
  node.addEventListener("submit", async (e) => {
    e.preventDefault();
    const line = toLine();
    if (line && (await game.change("events", { line }, err))) node.reset();
  });
  return node;
}

function valuesForm() {
  const inputs = [1, 2, 3, 4, 5, 6].map((k) => el("input", { type: "number", min: 1, max: 6, class: "num", name: `throw${k}`, "aria-label": `throw ${k} of the normal die` }));
  return form("values-form", "The normal die's six throws (they are sorted onto red … white)", inputs, "Set colour values", () => `values ${inputs.map((i) => i.value).join(" ")}`);
}

function cameraButton(picks) {
  const note = el("p", { class: "camera-note", id: "camera-fill-note", "aria-live": "polite" });
  const button = el("button", {
    type: "button", class: "small", id: "read-colours", hidden: !cameraOk,
    onclick: async () => {
      try {
        note.textContent = await fillFromCamera(picks);
      } catch (err) {
        note.textContent = `The camera's roll could not be read: ${err.message}`;
      }
    },
  }, "Read with the camera");
  return [button, note];
}

function rollForm(roller) {
  const picks = [1, 2, 3, 4, 5, 6].map((k) => el("select", { name: `die${k}`, "aria-label": `colour die ${k}`, onchange: (e) => { e.target.classList.remove("unsure"); e.target.removeAttribute("aria-invalid"); } },
    el("option", { value: "" }, "—"), ...HUES.map((c) => el("option", { value: c }, c))));
  return form("roll-form", `${roller}'s roll: the colour each die shows`, [...picks, ...cameraButton(picks)], `Roll for ${roller}`,
    () => `${roller}: roll ${picks.map((p) => p.value).filter(Boolean).join(" ")}`);
}

function onCamera(camera) {
  cameraOk = camera?.camera === "ok";
  const button = document.getElementById("read-colours");
  if (button) button.hidden = !cameraOk;
}

function lineForm() {
  const input = el("input", { type: "text", name: "line", class: "wide", placeholder: "any record line, e.g. Al: move red to n paying red red", "aria-label": "record line", autocomplete: "off" });
  return form("line-form", "Any line", [input], "Record", () => input.value.trim());
}

function draw() {
  const state = game.view.state;
  renderBoard(part("flyer-board"), state, marks, clickSpace);
  part("flyer-dice").replaceChildren(...(state.turn.dice.length ? state.turn.dice.map((d) => chip(d)) : [el("span", { class: "empty" }, "No dice left this turn.")]));
  part("flyer-moves").replaceChildren(...moveButtons());
}

const history = new HistoryPanel(part("history"), game);

function render(view) {
  const state = view.state;
  if (game.rendered !== view.version) {
    selected = null;
    target = null;
    carry.clear();
  }
  renderStatus(part("flyer-status"), state);
  renderPlayers(part("flyer-players"), state);
  renderValues(part("flyer-values"), state);
  draw();
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  const controls = [];
  if (state.turn.phase === "values") controls.push(valuesForm());
  if (state.turn.roller) controls.push(rollForm(state.turn.roller));
  controls.push(lineForm());
  part("flyer-controls").replaceChildren(...controls);
  history.render(view);
}

startGamePage(game);
watchCamera(onCamera);
