// The table view of the score sheet: the first snapshot embedded in the page, then the game's
// SSE stream. The controls only write record lines (docs/rules-sheet.md): the current player's
// roll (typed, or through the camera panel) or score, and `end`; the server applies the rules
// and answers with the new view or a refusal in words.

import { watchCamera } from "./camera-state.js";
import { el } from "./colours.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";
import { SheetCameraPanel } from "./sheet-camera.js";
import { renderGrid, renderPlayers, renderStatus } from "./sheet-board.js";
import { updateScores } from "./score-plot.js";
import { StatsPanel } from "./stats.js";

const root = document.getElementById("sheet-view");
const part = (id) => document.getElementById(id);
const game = gamePage(root, render);
const error = () => el("p", { class: "error", role: "alert", "aria-live": "polite" });

/** A form that records the line `toLine()` builds from its inputs. */
function control(title, fields, button, toLine, id) {
  const err = error();
  const form = el("form", { class: "control mod-control", id }, el("div", { class: "field-label" }, title), ...fields, el("button", { type: "submit" }, button), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const line = toLine();
    if (line && (await game.change("events", { line }, err))) form.reset();
  });
  return form;
}

/** Big dice to tap (each tap one pip more, 6 back to 1) filling the dice field, when the sheet
 * says how many dice a roll throws. */
function tapDice(input, name, count) {
  const faces = new Array(count).fill(0);
  const buttons = faces.map((_, k) => el("button", {
    type: "button", class: "tap-die", "data-die": k + 1, "aria-label": `${name}'s die ${k + 1}: tap to add a pip`,
    onclick: (e) => {
      faces[k] = (faces[k] % 6) + 1;
      e.currentTarget.textContent = String(faces[k]);
      input.value = faces.map((f) => f || "?").join(" ");
    },
  }, "?"));
  return el("div", { class: "tap-dice" }, ...buttons);
}

function rollControl(state) {
  const name = state.turn;
  const count = state.options.dice;
  const input = el("input", { type: "text", name: "dice", placeholder: count ? `${count} dice, like ${"3 4 6 1 2 5 6 6 1 2 3 4".slice(0, count * 2 - 1)}` : "3 4 6 or 346", "aria-label": `${name}'s dice`, class: "wide", inputmode: "decimal", autocomplete: "off" });
  const fields = count ? [input, tapDice(input, name, count)] : [input];
  return control(`${name}'s dice, typed (the sheet adds them up)`, fields, `Roll for ${name}`,
    () => `${name}: roll ${input.value.trim()}`, "roll-form");
}

function scoreControl(state) {
  const name = state.turn;
  const input = el("input", { type: "number", name: "points", step: 1, class: "num", "aria-label": `${name}'s score`, inputmode: "numeric" });
  return control(`A score for ${name}, for anything the dice do not say`, [input], `Score for ${name}`,
    () => `${name}: score ${input.value.trim()}`, "score-form");
}

function endControl() {
  const err = error();
  return el("div", { class: "control" }, el("div", { class: "field-label" }, "Every player has had as many turns: the table may stop here."),
    el("button", { type: "button", class: "big", id: "end-game", onclick: () => game.change("events", { line: "end" }, err) }, "End the game"), err);
}

function lineControl() {
  const input = el("input", { type: "text", name: "line", placeholder: "any record line, e.g. Ann: score 12", "aria-label": "record line", class: "wide", autocomplete: "off" });
  return control("Any line", [input], "Record", () => input.value.trim(), "line-form");
}

function renderControls(node, state) {
  const parts = [];
  if (state.turn) parts.push(rollControl(state), scoreControl(state));
  if (state.can_end) parts.push(endControl());
  if (!state.turn) parts.push(el("p", { class: "help" }, "The game is over. Undo the last line to play on, or start a rematch from the Game menu."));
  parts.push(lineControl());
  node.replaceChildren(...parts);
}

const history = new HistoryPanel(part("history"), game);
const camera = new SheetCameraPanel(part("sheet-camera"), game);
const stats = new StatsPanel(part("dice-check"), game.id);

function render(view) {
  const state = view.state;
  renderStatus(part("sheet-status"), state);
  renderPlayers(part("sheet-players"), state);
  renderGrid(part("sheet-grid"), state);
  camera.render(view);
  stats.update(view);
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  renderControls(part("sheet-controls"), state);
  history.render(view);
  updateScores(part("score-plot"), game.id);
}

startGamePage(game);
watchCamera((state) => camera.onCamera(state));
