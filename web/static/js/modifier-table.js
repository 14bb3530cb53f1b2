// The table view of the modifier dice game: renders the first snapshot embedded in the page, then
// follows the game's SSE stream. The controls only write record lines (docs/rules-modifier.md);
// the server applies the rules and answers with the new view or a refusal in words.

import { watchCamera } from "./camera-state.js";
import { el } from "./colours.js";
import { gamePage, startGamePage } from "./game-page.js";
import { HistoryPanel } from "./history.js";
import { renderGoals, renderOrder, renderPlayers, renderTable, roundStatus } from "./modifier-board.js";
import { TableRollPanel } from "./table-roll.js";
import { ZonesPanel } from "./zones.js";

const root = document.getElementById("modifier-view");
const part = (id) => document.getElementById(id);
// The goal cards' record names (the card names, not a rule).
const CARDS = [
  "most-1s", "most-2s", "most-3s", "most-4s", "most-5s", "most-6s", "most-0s", "most-odds",
  "most-evens", "most-div3", "fewest-positive", "most-non-123456", "highest-total", "lowest-total",
  "second-highest-total", "second-lowest-total", "biggest-number", "smallest-number",
  "greatest-range", "smallest-range", "longest-run", "largest-set", "most-pairs", "greatest-variety",
];

const game = gamePage(root, render);

const select = (name, values, label) => el("select", { name, "aria-label": label }, ...values.map((v) => el("option", { value: v }, v)));
const error = () => el("p", { class: "error", role: "alert", "aria-live": "polite" });

/** A row of inputs and a button that records the line `toLine()` builds from them. */
function control(title, fields, button, toLine, id) {
  const err = error();
  const form = el("form", { class: "control mod-control", id }, el("div", { class: "field-label" }, title), ...fields, el("button", { type: "submit" }, button), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    let line;
    try {
      line = toLine();
    } catch (problem) {
      err.textContent = problem.message; // what is missing, before anything is sent
      return;
    }
    if (line && (await game.change("events", { line }, err))) form.reset();
  });
  return form;
}

function goalsControl() {
  // No card is chosen for the players: the three they drew are picked, or the form says so.
  const picks = [0, 1, 2].map((k) => {
    const pick = select(`goal${k + 1}`, CARDS, `goal card ${k + 1}`);
    pick.prepend(el("option", { value: "" }, `card ${k + 1} drawn…`));
    pick.value = "";
    return pick;
  });
  const line = () => {
    const missing = picks.filter((p) => !p.value).length;
    if (missing) throw new Error(`Choose the ${missing === 3 ? "three goal cards" : missing === 1 ? "last goal card" : `${missing} goal cards`} drawn.`);
    return `goals ${picks.map((p) => p.value).join(" ")}`;
  };
  return control("Reveal the round's goal cards", picks, "Reveal goal cards", line, "goals-form");
}

/** Six dice as the record writes them ("1 2 3 4 5 6") from what a phone's number pad lets a
 * person type: "123456", "1,2,3,4,5,6", "1.2.3.4.5.6" or spaced. Anything else goes as typed, and
 * the server's refusal names what is wrong with it. */
export function spacedDice(text) {
  const typed = text.trim();
  if (/^[0-9]{6}$/.test(typed)) return typed.split("").join(" ");
  return typed.split(/[\s,;.]+/).filter(Boolean).join(" ");
}

/** Six big dice to tap (each tap turns one up by a pip, 6 back to 1); they fill the field. */
function tapDice(input, name) {
  const faces = [0, 0, 0, 0, 0, 0];
  const show = () => {
    input.value = faces.every(Boolean) ? faces.join(" ") : faces.map((f) => f || "?").join(" ");
  };
  const buttons = faces.map((_, k) => el("button", {
    type: "button", class: "tap-die", "data-die": k + 1, "aria-label": `${name}'s die ${k + 1}: tap to add a pip`,
    onclick: (e) => {
      faces[k] = (faces[k] % 6) + 1;
      e.currentTarget.textContent = String(faces[k]);
      show();
    },
  }, "?"));
  return el("div", { class: "tap-dice" }, ...buttons);
}

function rollControl(name) {
  const input = el("input", { type: "text", name: "roll", placeholder: "1 2 3 4 5 6 or 123456", "aria-label": `${name}'s six dice`, class: "wide", inputmode: "decimal", autocomplete: "off" });
  return control(`${name}'s dice as thrown: type them or tap each die`, [input, tapDice(input, name)], `Roll for ${name}`,
    () => `${name}: roll ${spacedDice(input.value)}`, `roll-${name}`);
}

function cardsControl(names) {
  const who = select("player", names, "player");
  const die = select("die", ["1", "2", "3", "4", "5", "6"], "die");
  const cards = el("input", { type: "text", name: "cards", placeholder: "+2 x2", "aria-label": "cards behind the die, top first", autocomplete: "off" });
  return control("Modifier cards behind a die, top first (+1 -2 =5 x2 /2 neg blank reroll:4 pick:6 flip)", [who, die, cards], "Play cards",
    () => `${who.value}: mod ${die.value} ${cards.value.trim()}`, "cards-form");
}

function specialControls(state, names) {
  const card = select("special", CARDS, "special goal card");
  const out = [control("Reveal a special goal card", [card], "Reveal special", () => `special ${card.value}`, "special-form")];
  if (state.open_specials.length) {
    const who = select("player", names, "declaring player");
    const open = select("card", state.open_specials.map((s) => s.card), "special goal to declare");
    out.push(control("Declare a special goal", [who, open], "Declare", () => `${who.value}: declare ${open.value}`, "declare-form"));
  }
  return out;
}

function rolloffControl(tie) {
  const inputs = tie.map((name) => el("input", { type: "number", min: 1, max: 6, name: `rolloff-${name}`, "aria-label": `${name}'s roll-off die`, class: "num" }));
  const fields = tie.flatMap((name, k) => [el("span", {}, name), inputs[k]]);
  return control(`Roll-off between ${tie.join(", ")}`, fields, "Roll off", () => `rolloff ${tie.map((n, k) => `${n} ${inputs[k].value}`).join(" ")}`, "rolloff-form");
}

function lineControl() {
  const input = el("input", { type: "text", name: "line", placeholder: "any record line, e.g. Ann: mod 2 +1", "aria-label": "record line", class: "wide", autocomplete: "off" });
  return control("Any line", [input], "Record", () => input.value.trim(), "line-form");
}

function renderControls(node, state) {
  const names = state.players.map((p) => p.name);
  const parts = [];
  const tie = state.order && state.order.tie;
  if (tie) parts.push(rolloffControl(tie));
  if (state.phase === "goals") parts.push(goalsControl());
  if (state.phase !== "over" && state.round >= 1 && (state.phase === "goals" || state.round > 1)) parts.push(...specialControls(state, names));
  if (state.phase === "play") {
    for (const seat of state.table.players) if (!seat.rolled) parts.push(rollControl(seat.name));
    parts.push(cardsControl(names));
    const err = error();
    parts.push(el("div", { class: "control" }, el("button", { type: "button", class: "big", id: "reveal", onclick: () => game.change("events", { line: "reveal" }, err) }, "Reveal: turn the cards, decide the goals"), err));
  }
  parts.push(lineControl());
  node.replaceChildren(...parts);
}

// Everyone throws at once: no turns, so the history is grouped by round (a `goals` line opens one).
const history = new HistoryPanel(part("history"), game, { roundOpens: /^goals\b/i });
const tableRoll = new TableRollPanel(part("table-roll"), game);

function render(view) {
  const state = view.state;
  roundStatus(part("round-status"), state);
  renderGoals(part("mod-goals"), state);
  renderPlayers(part("mod-players"), state);
  renderOrder(part("mod-order"), state);
  renderTable(part("mod-table"), state);
  tableRoll.render(view);
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  game.rendered = view.version;
  renderControls(part("mod-controls"), state);
  history.render(view);
}

startGamePage(game);
watchCamera((camera) => tableRoll.onCamera(camera));
// The zones are drawn once the panel is opened: the picture is the camera's frame of that moment.
const zones = new ZonesPanel(part("zones-body"), game.view.state.players.map((p) => p.name));
part("zones").addEventListener("toggle", () => {
  if (part("zones").open) zones.start();
});
