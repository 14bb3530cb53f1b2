// The five-dice game's table view (docs/rules-fivedice.md): the score sheet, the turn's dice
// (click one to keep it aside before the next throw), the throw read by the camera (a declared
// roll, fixed die by die, fivedice-throw.js) or typed, and every open box with what this roll
// scores there and how; each control writes a record line and the server answers with the new
// view or a refusal in words.

import { watchCamera } from "./camera-state.js";
import { el } from "./colours.js";
import { diceFaces, renderSheet, renderStatus } from "./fivedice-sheet.js";
import { ThrowCameraPanel } from "./fivedice-throw.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";
import { StatsPanel } from "./stats.js";

const root = document.getElementById("fivedice-view");
const part = (id) => document.getElementById(id);
const errorNode = part("fd-error");
const game = gamePage(root, render);
const kept = new Set(); // indexes of the turn's dice set aside for the next throw
let keptFor = "";

function canThrow(state) {
  return !state.over && state.turn.throws < 3;
}

function keptFaces(state) {
  return [...kept].sort((a, b) => a - b).map((k) => state.turn.dice[k]);
}

function drawDice(state) {
  const turn = state.turn;
  const faces = diceFaces(turn.dice, 52, kept);
  const keepable = turn.throws > 0 && canThrow(state);
  part("fd-dice").replaceChildren(...(turn.dice.length ? faces.map((face, k) => el("button", {
    type: "button", class: `fd-die${kept.has(k) ? " kept" : ""}`, "data-die": k, "aria-pressed": String(kept.has(k)), disabled: !keepable,
    title: kept.has(k) ? "kept aside: click to throw it again" : "click to keep it aside",
    onclick: () => {
      if (kept.has(k)) kept.delete(k);
      else kept.add(k);
      draw();
    },
  }, face, el("span", { class: "fd-kept-tag" }, kept.has(k) ? "kept" : ""))) : [el("span", { class: "empty" }, state.over ? "The game is over." : `${turn.player} has not thrown yet.`)]));
  part("fd-keep-help").textContent = keepable ? "Click the dice you keep aside, throw the others, then record all five." : "";
}

/** Record the dice clicked aside (`NAME: keep ...`) when they differ from the state's; false
 * when the server refused it (said in `err`). */
async function recordKeep(err) {
  const state = game.view.state;
  const faces = keptFaces(state);
  if (faces.join(" ") === state.turn.kept.join(" ")) return true;
  return game.change("events", { line: `${state.turn.player}: keep ${faces.join(" ")}`.trim() }, err);
}

function throwForm(state) {
  const turn = state.turn;
  const who = turn.player;
  const faces = keptFaces(state);
  const inputs = [1, 2, 3, 4, 5].map((k) => el("input", {
    type: "number", min: 1, max: 6, class: "num", name: `die${k}`, "aria-label": `die ${k}`, required: true,
    value: faces[k - 1] ?? null,
  }));
  const err = el("p", { class: "error", role: "alert", "aria-live": "polite" });
  const title = turn.throws ? `Or type throw ${turn.throws + 1}: all five dice as they lie, kept ones too${faces.length ? ` (kept: ${faces.join(" ")})` : ""}` : `Or type ${who}'s first throw: the five dice`;
  const form = el("form", { class: "fd-form", id: "throw-form" }, el("div", { class: "field-label" }, title), ...inputs,
    el("button", { type: "submit" }, `Record throw ${turn.throws + 1}`), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const line = `${who}: roll ${inputs.map((i) => i.value.trim()).join(" ")}`;
    if ((await recordKeep(err)) && (await game.change("events", { line }, err))) kept.clear();
  });
  return form;
}

function drawChoices(state) {
  const turn = state.turn;
  const joker = part("fd-joker");
  joker.hidden = !turn.joker;
  joker.textContent = turn.joker ? `Five alike again: ${turn.joker.rule}${turn.joker.bonus ? `; +${turn.joker.bonus} extra` : ""}.` : "";
  if (!turn.choices.length) {
    part("fd-choices").replaceChildren(el("p", { class: "help" }, state.over ? "Every box is filled." : "Throw first: then every open box shows what the dice score there."));
    return;
  }
  const button = (c) => el("button", {
    type: "button", class: `fd-choice${c.allowed ? "" : " barred"}${c.points ? "" : " zero"}`, "data-box": c.box, disabled: !c.allowed,
    title: c.why_not || c.why,
    onclick: () => game.change("events", { line: `${turn.player}: score ${c.box} ${c.points}` }, errorNode),
  }, el("span", { class: "fd-label" }, c.label), el("span", { class: "fd-points" }, String(c.points)), c.allowed ? el("span", { class: "fd-why" }, c.why) : null);
  const open = turn.choices.filter((c) => c.allowed);
  const barred = turn.choices.filter((c) => !c.allowed);
  // replaceChildren writes a null argument as the text "null": add the barred ones only if any.
  const barredNode = el("div", { class: "fd-barred" }, el("div", { class: "field-label" }, "Not open to these dice (the joker rule):"), ...barred.map(button));
  part("fd-choices").replaceChildren(...open.map(button), ...(barred.length ? [barredNode] : []));
}

function lineForm() {
  const input = el("input", { type: "text", name: "line", class: "wide", placeholder: "any record line, e.g. Ann: keep 4 4", "aria-label": "record line", autocomplete: "off" });
  const err = el("p", { class: "error", role: "alert", "aria-live": "polite" });
  const form = el("form", { class: "fd-form", id: "line-form" }, el("div", { class: "field-label" }, "Any line"), input, el("button", { type: "submit" }, "Record"), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await game.change("events", { line: input.value.trim() }, err)) form.reset();
  });
  return form;
}

function draw() {
  const state = game.view.state;
  drawDice(state);
  part("fd-throw").replaceChildren(...(canThrow(state) ? [throwForm(state)] : []));
  part("fd-throw-panel").hidden = !canThrow(state);
}

const history = new HistoryPanel(part("history"), game);
const camera = new ThrowCameraPanel(part("fd-camera"), game, recordKeep);
const stats = new StatsPanel(part("dice-check"), game.id);

function render(view) {
  const state = view.state;
  const turnKey = `${state.turn.player}/${state.turn.throws}/${state.turn.dice.join("")}`;
  if (turnKey !== keptFor) {
    keptFor = turnKey;
    kept.clear();
    // Dice already recorded as kept are shown kept: the first of each face that matches.
    const left = [...state.turn.kept];
    state.turn.dice.forEach((d, k) => {
      const at = left.indexOf(d);
      if (at >= 0) { kept.add(k); left.splice(at, 1); }
    });
  }
  renderStatus(part("fd-status"), state);
  renderSheet(part("fd-sheet"), state);
  drawChoices(state);
  camera.render(view);
  stats.update(view);
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  draw();
  part("fd-controls").replaceChildren(lineForm());
  history.render(view);
}

startGamePage(game);
watchCamera((found) => camera.onCamera(found));
