// The start page: the games of this data folder and the new-game form (players and rule options).

import { getJSON, postJSON } from "./api.js";
import { el } from "./colours.js";

const form = document.getElementById("new-game");
const playersBox = document.getElementById("player-names");
const error = document.getElementById("new-game-error");
const gameSelect = document.getElementById("game");
// Every registered game's label, player limits and options (web/game_forms.py).
const GAMES = JSON.parse(document.getElementById("game-forms").textContent);

function chosenGame() {
  return GAMES.find((g) => g.key === gameSelect.value) || GAMES[0];
}

function nameInput(n, value = "") {
  return el("input", { type: "text", name: "player", value, placeholder: `player ${n}`, "aria-label": `player ${n} name`, autocomplete: "off", maxlength: 40 });
}

function playerInputs() {
  return [...playersBox.querySelectorAll("input[name=player]")];
}

const addButton = document.getElementById("add-player");
const removeButton = document.getElementById("remove-player");
const limitNote = document.getElementById("player-limit");

/** Offer + and − only while they can work, and say why when one cannot. */
function showLimits() {
  const n = playerInputs().length;
  const { label, min_players: min, max_players: max } = chosenGame();
  addButton.disabled = n >= max;
  removeButton.disabled = n <= min;
  const range = min === max ? `${min}` : `${min} to ${max}`;
  limitNote.textContent = n >= max
    ? `${label} is for ${range} players, so no more can join.`
    : n <= min ? `${label} needs at least ${min} players.` : "";
}

addButton.addEventListener("click", () => {
  const inputs = playerInputs();
  if (inputs.length < chosenGame().max_players) playersBox.append(nameInput(inputs.length + 1));
  showLimits();
});
removeButton.addEventListener("click", () => {
  const inputs = playerInputs();
  if (inputs.length > chosenGame().min_players) inputs[inputs.length - 1].remove();
  showLimits();
});

/** A new game chosen: its own options, and as many name fields as it takes (names kept). */
function showGame() {
  const game = chosenGame();
  for (const box of form.querySelectorAll(".options[data-game]")) box.hidden = box.dataset.game !== game.key;
  const inputs = playerInputs();
  for (const extra of inputs.slice(game.max_players)) extra.remove();
  for (let n = inputs.length; n < game.min_players; n++) playersBox.append(nameInput(n + 1));
  showLimits();
}
gameSelect.addEventListener("change", showGame);
showGame();

function options() {
  const out = { game: chosenGame().key };
  for (const field of form.querySelectorAll("[data-option]")) {
    const box = field.closest(".options[data-game]");
    const value = field.value.trim();
    if (value && (!box || !box.hidden)) out[field.dataset.option] = value;
  }
  return out;
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  error.textContent = "";
  const players = playerInputs().map((i) => i.value.trim()).filter(Boolean);
  try {
    const view = await postJSON("/api/games", { players, options: options() });
    window.location.href = `/games/${view.id}`;
  } catch (err) {
    error.textContent = err.message;
  }
});

const importForm = document.getElementById("import-game");
const importError = document.getElementById("import-error");
// The server takes at most 1 MiB a request; a record is a few KB.
const MAX_RECORD_BYTES = 1024 * 1024;

async function importText(text) {
  importError.textContent = "";
  try {
    const view = await postJSON("/api/games", { record: text });
    window.location.href = `/games/${view.id}`;
  } catch (err) {
    importError.textContent = err.message;
  }
}

/** A record file chosen or dropped: its text is shown in the box and imported at once. */
async function importFile(file) {
  importError.textContent = "";
  if (!file) return;
  if (file.size > MAX_RECORD_BYTES) {
    importError.textContent = `${file.name} is ${Math.ceil(file.size / 1024)} KB: a game record is at most 1024 KB.`;
    return;
  }
  const text = await file.text();
  // A picture or a program read as text: say so, rather than show its bytes as garbled text.
  if (/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text)) {
    importError.textContent = `${file.name} is not a game record: it is not a text file. A game record is plain text, as Export record writes it.`;
    return;
  }
  importForm.querySelector("textarea").value = text;
  await importText(text);
}

importForm.addEventListener("submit", (e) => {
  e.preventDefault();
  importText(importForm.querySelector("textarea").value);
});
document.getElementById("import-file").addEventListener("change", (e) => importFile(e.target.files[0]));
for (const kind of ["dragenter", "dragover"]) {
  importForm.addEventListener(kind, (e) => {
    e.preventDefault();
    importForm.classList.add("dragging");
  });
}
importForm.addEventListener("dragleave", () => importForm.classList.remove("dragging"));
importForm.addEventListener("drop", (e) => {
  e.preventDefault();
  importForm.classList.remove("dragging");
  const files = e.dataTransfer ? [...e.dataTransfer.files] : [];
  if (files.length > 1) importError.textContent = "Drop one record file at a time.";
  else importFile(files[0]);
});

function gameLabel(key) {
  const found = GAMES.find((g) => g.key === key);
  return found ? found.label : key;
}

/** "Al 45" or "Al and Bo 45" for the highest score (the lowest where the game says
 * `lowest_wins`), once anyone has scored; "" otherwise. */
export function leaderText(game) {
  const scores = game.scores || [];
  const numbers = scores.filter((v) => typeof v === "number");
  if (!numbers.some((v) => v !== 0)) return "";
  const best = game.lowest_wins ? Math.min(...numbers) : Math.max(...numbers);
  if (!Number.isFinite(best) || (!game.lowest_wins && best <= 0)) return "";
  const names = game.players.filter((_, k) => scores[k] === best);
  return `${names.join(" and ")} ${best}`;
}

function stateText(game) {
  if (game.winner) return `${game.winner} won`;
  if (!game.seq) return "not started";
  const turn = game.current_player ? `${game.current_player} to play` : "in play";
  const leader = leaderText(game);
  return `${turn} · move ${game.seq}${leader ? ` · leading: ${leader}` : ""}`;
}

function when(iso) {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return "";
  return moment.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
}

function gameItem(g) {
  const players = (g.players || []).join(", ");
  const search = [g.title, players, gameLabel(g.game), g.game].join(" ").toLowerCase();
  return el("li", { class: "game-item", "data-search": search, "data-game": g.id },
    el("a", { href: `/games/${g.id}`, class: "game-link" }, g.title || players || g.id),
    el("span", { class: "game-kind" }, gameLabel(g.game)),
    el("div", { class: "game-players" }, players),
    el("div", { class: "game-meta" },
      el("time", { datetime: g.updated_at, title: `started ${when(g.created_at)}` }, when(g.updated_at)),
      " · ", el("span", { class: "game-state" }, stateText(g))));
}

const search = document.getElementById("game-search");
const count = document.getElementById("games-count");

/** Show the games whose title, players or game hold every word typed. */
function filterGames() {
  const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
  const items = [...document.querySelectorAll("#games .game-item")];
  let shown = 0;
  for (const item of items) {
    item.hidden = !words.every((w) => item.dataset.search.includes(w));
    if (!item.hidden) shown += 1;
  }
  count.textContent = words.length ? `${shown} of ${items.length} games match.` : "";
}
search.addEventListener("input", filterGames);

async function listGames() {
  const list = document.getElementById("games");
  let games;
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    list.replaceChildren(el("li", { class: "error" }, err.message));
    return;
  }
  const items = Array.isArray(games) ? games : games.games || [];
  if (!items.length) {
    list.replaceChildren(el("li", { class: "empty" }, "No games yet: start one below."));
    return;
  }
  // Most recently played first (the server's order, kept if it ever changes).
  items.sort((a, b) => (b.updated_at > a.updated_at ? 1 : b.updated_at < a.updated_at ? -1 : 0));
  list.replaceChildren(...items.map(gameItem));
  filterGames();
}

listGames();
