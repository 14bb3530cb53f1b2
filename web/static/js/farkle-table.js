// Farkle's table page: renders the snapshot embedded in the page, then follows the game's SSE
// stream. After a throw the server lists every set of dice that may be set aside with its points
// (`turn.choices`); the player picks one and throws on or banks. A throw comes from the camera
// (an attempt with no goal: the next settled roll, fixed die by die before it is accepted) or is
// typed. Every control only writes record lines (docs/rules-farkle.md).

import { cameraWords, watchCamera } from "./camera-state.js";
import { el } from "./colours.js";
import { diceRow, renderPlayers, renderPrices, renderStatus, renderTurn } from "./farkle-board.js";
import { ThrowPanel } from "./farkle-throw.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";
import { updateScores } from "./score-plot.js";

const root = document.getElementById("farkle-view");
const part = (id) => document.getElementById(id);
const game = gamePage(root, render);
const error = () => el("p", { class: "error", role: "alert", "aria-live": "polite" });
const fmt = (n) => Number(n).toLocaleString("en");
let picked = null; // the dice (joined) of the choice the player tapped
let camera = { ok: false, text: "Checking the camera…" };

/** The dice a phone's number pad gives ("1 5 3", "153", "1,5,3") as the record writes them. */
export function spacedDice(text) {
  const typed = text.trim();
  if (/^[1-6]+$/.test(typed)) return typed.split("").join(" ");
  return typed.split(/[\s,;.]+/).filter(Boolean).join(" ");
}

function send(line, err) {
  return game.change("events", { line }, err);
}

function choiceButton(choice, chosen) {
  const key = choice.dice.join(" ");
  return el("button", { type: "button", class: `fk-choice${chosen ? " chosen" : ""}`, "aria-pressed": String(chosen), "data-dice": key,
    onclick: () => { picked = key; drawPlay(game.view.state); } },
  diceRow(choice.dice, null, 30), el("span", { class: "fk-choice-points" }, fmt(choice.points)),
  el("span", { class: "fk-choice-how" }, choice.combos.map((c) => c.name).join(" + ")));
}

/** After a throw: every set of dice that may be set aside, then throw on or bank with it. */
function keepControls(state) {
  const turn = state.turn;
  const err = error();
  const choices = turn.choices;
  if (!choices.some((c) => c.dice.join(" ") === picked)) picked = choices[0].dice.join(" ");
  const choice = choices.find((c) => c.dice.join(" ") === picked);
  const left = turn.dice_left - choice.dice.length;
  const again = left === 0 ? 6 : left;
  const total = turn.points + choice.points;
  const last = turn.throws[turn.throws.length - 1];
  return [
    el("p", { class: "help" }, `${turn.player} threw ${last.dice.join(" ")}. Tap the dice to set aside:`),
    el("div", { class: "fk-choices", id: "fk-choices" }, ...choices.map((c) => choiceButton(c, c === choice))),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "big", id: "fk-keep", onclick: () => send(`${turn.player}: keep ${picked}`, err) },
        left === 0 ? `Set aside ${picked}: hot dice, throw all 6 again (${fmt(total)})` : `Set aside ${picked} and throw ${again} again (${fmt(total)})`),
      el("button", { type: "button", class: "big accept", id: "fk-bank-with", disabled: !choice.banks,
        title: choice.banks ? "" : `${fmt(turn.opening_needed)} in one turn gets on the board`,
        onclick: () => send(`${turn.player}: bank ${picked}`, err) }, `Set aside and bank ${fmt(total)}`)),
    choice.banks ? null : el("p", { class: "help", id: "fk-opening-note" }, `${turn.player} needs ${fmt(turn.opening_needed)} in one turn to get on the board: throw on.`),
    err,
  ];
}

/** Before a throw: the camera, the dice typed, or bank what the turn has. */
function throwControls(state, view) {
  const turn = state.turn;
  const n = turn.dice_left;
  const err = error();
  const input = el("input", { type: "text", name: "dice", id: "fk-typed", class: "wide", inputmode: "numeric", autocomplete: "off",
    placeholder: n === 6 ? "1 5 3 3 2 6 or 153326" : `${n} dice`, "aria-label": `${turn.player}'s ${n} dice as thrown` });
  const typed = el("form", { class: "control fk-typed-form", id: "fk-typed-form" },
    el("label", { for: "fk-typed" }, `Or type the ${n} ${n === 1 ? "die" : "dice"} thrown`), input,
    el("button", { type: "submit" }, "Record the throw"));
  typed.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await send(`${turn.player}: roll ${spacedDice(input.value)}`, err)) typed.reset();
  });
  const waiting = view.pending && !view.pending.rollers;
  const cam = el("button", { type: "button", class: "big", id: "fk-camera-throw", disabled: !camera.ok || waiting,
    title: camera.ok ? "the next roll that settles is this throw" : camera.text,
    onclick: () => game.change("attempt", { player: turn.player }, err) }, `Throw ${n} ${n === 1 ? "die" : "dice"} with the camera`);
  const parts = [cam, camera.ok ? null : el("p", { class: "help", id: "fk-camera-why" }, camera.text)];
  if (n < 6) parts.push(el("p", { class: "help" }, "Move the dice set aside out of the camera's view."));
  parts.push(typed);
  if (turn.can_bank) {
    parts.push(el("button", { type: "button", class: "big accept", id: "fk-bank", onclick: () => send(`${turn.player}: bank`, err) },
      `Bank ${fmt(turn.points)} and pass the dice`));
  } else if (turn.points) {
    parts.push(el("p", { class: "help", id: "fk-opening-note" }, `${turn.player} needs ${fmt(turn.opening_needed)} in one turn to get on the board: throw on.`));
  }
  parts.push(err);
  return parts;
}

function drawPlay(state, view = game.view) {
  const node = part("fk-play");
  const title = part("fk-play-title");
  part("fk-play-panel").hidden = state.over;
  if (state.over) return node.replaceChildren();
  const keep = state.turn.next === "keep";
  title.textContent = keep ? "Set aside" : "Throw";
  node.replaceChildren(...(keep ? keepControls(state) : throwControls(state, view)).filter(Boolean));
}

function lineControl() {
  const err = error();
  const input = el("input", { type: "text", name: "line", id: "fk-any-line", class: "wide", autocomplete: "off", placeholder: "Ann: roll 1 5 3 3 2 6", "aria-label": "record line" });
  const form = el("form", { class: "control" }, input, el("button", { type: "submit" }, "Record"), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (await send(input.value.trim(), err)) form.reset();
  });
  return form;
}

const history = new HistoryPanel(part("history"), game);
const throwPanel = new ThrowPanel(part("fk-camera"), game);

function render(view) {
  const state = view.state;
  renderStatus(part("fk-status"), state);
  renderPlayers(part("fk-players"), state);
  renderPrices(part("fk-rules"), part("fk-prices"), state);
  renderTurn(part("fk-turn"), state);
  throwPanel.render(view);
  root.dataset.seq = String(view.seq);
  root.dataset.winner = state.winner || "";
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  drawPlay(state, view);
  history.render(view);
  updateScores(part("fk-plot"), game.id);
}

part("fk-line").append(lineControl());
startGamePage(game);
watchCamera((found) => {
  const words = cameraWords(found);
  if (words.ok === camera.ok && words.text === camera.text) return;
  camera = words;
  if (game.view && game.view.state.turn && game.view.state.turn.next === "throw") drawPlay(game.view.state);
});
