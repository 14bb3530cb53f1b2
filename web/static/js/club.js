// The club page: one card per table, redrawn from /api/club/stream. Text only goes in through
// textContent (a title or a player's name is never read as HTML).
import { agentText, since } from "./agent-state.js";
import { postJSON } from "./api.js";
import { lasting } from "./live.js";

const page = document.getElementById("club-page");
const list = document.getElementById("club-tables");
const live = document.getElementById("club-live");
const errorLine = document.getElementById("club-error");
const template = document.getElementById("club-card");
const overlayToken = page.dataset.overlayToken || "";
const showFinished = document.getElementById("club-finished");
const hiddenNote = document.getElementById("club-hidden");
const empty = document.getElementById("club-empty");
let latest = [];

// `?finished=1` (a TV's bookmark) shows finished games too; the box does the same.
showFinished.checked = new URLSearchParams(window.location.search).get("finished") === "1";
showFinished.addEventListener("change", () => draw(latest));
window.addEventListener("resize", () => fitScreen(list.children.length));

function fill(card, table) {
  const q = (name) => card.querySelector(name);
  const base = `/games/${encodeURIComponent(table.game_id)}`;
  q(".title").textContent = table.title;
  q(".title").href = base;
  q(".kind").textContent = table.game;
  q(".players").textContent = table.error ? `cannot show: ${table.error}` : (table.players.join(", ") || "no players");
  q(".turn").textContent = table.winner ? `over: ${table.winner} won` : (table.turn || "—");
  q(".leader").textContent = table.leader || "—";
  const roll = table.last_roll;
  q(".roll").textContent = roll ? `#${roll.n} ${roll.dice || "no dice"}` : "none yet";
  const [text, state] = agentText(table.agent);
  q(".agent").textContent = text;
  q(".agent").className = `agent ${state}`;
  q(".agent").dataset.lastSeen = table.agent ? table.agent.last_seen_at || "" : "";
  q(".table").href = base;
  q(".kid").href = `${base}/kid`;
  q(".overlay").href = `/overlay/${encodeURIComponent(table.game_id)}?token=${encodeURIComponent(overlayToken)}`;
}

/** Cards that fill a wide screen (a TV): as many columns and rows as suit the screen's shape,
 * the text as large as a card's height allows. A narrow screen (a phone) scrolls one column. */
function fitScreen(count) {
  const wide = window.innerWidth >= 900 && count > 0;
  list.classList.toggle("fill", wide);
  if (!wide) return;
  const top = list.getBoundingClientRect().top;
  const height = Math.max(240, window.innerHeight - top - 12);
  const shape = window.innerWidth / height;
  const cols = Math.min(count, Math.max(1, Math.round(Math.sqrt(count * shape / 1.4))));
  const rows = Math.ceil(count / cols);
  list.style.setProperty("--cols", cols);
  list.style.setProperty("--rows", rows);
  list.style.height = `${height}px`;
  const font = Math.min(height / rows / 11, window.innerWidth / cols / 20);
  list.style.setProperty("--card-font", `${Math.max(14, Math.min(40, font)).toFixed(1)}px`);
}

function draw(all) {
  latest = all;
  const tables = showFinished.checked ? all : all.filter((t) => !t.winner);
  const finished = all.length - tables.length;
  hiddenNote.textContent = !showFinished.checked && finished ? `(${finished} finished hidden)` : "";
  empty.hidden = tables.length > 0;
  document.getElementById("club-empty-finished").hidden = finished === 0 || showFinished.checked;
  const cards = new Map([...list.children].map((li) => [li.dataset.gameId, li]));
  const keep = new Set();
  for (const table of tables) {
    let card = cards.get(table.game_id);
    if (!card) {
      card = template.content.firstElementChild.cloneNode(true);
      card.dataset.gameId = table.game_id;
      card.querySelector(".token").addEventListener("click", () => newToken(card));
    }
    fill(card, table);
    list.appendChild(card); // the server's order: by table title, stable between changes
    keep.add(table.game_id);
  }
  for (const [id, card] of cards) if (!keep.has(id)) card.remove();
  fitScreen(tables.length);
}

async function newToken(card) {
  const out = card.querySelector(".token-out");
  const id = card.dataset.gameId;
  if (!window.confirm("A new agent token stops this table's old one. Go on?")) return;
  try {
    const answer = await postJSON(`/api/games/${encodeURIComponent(id)}/agent-token`);
    showCommand(out, answer);
  } catch (err) {
    errorLine.textContent = err.message;
  }
}

/** The agent's command, shown once with a copy button; once copied the token is hidden. */
function showCommand(out, answer) {
  const text = (token) => `dicetable agent ${answer.agent_url} --token ${token} --source 0`;
  const command = document.createElement("code");
  command.className = "agent-command";
  command.textContent = text(answer.token);
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "small copy-command";
  copy.textContent = "copy";
  const note = document.createElement("span");
  note.className = "copy-note";
  note.textContent = " Shown once: copy it, then run it at the table.";
  copy.addEventListener("click", async () => {
    if (!(await copyText(text(answer.token), command))) {
      note.textContent = " Could not copy here: select the command and copy it by hand.";
      return;
    }
    command.textContent = text("••••••");
    copy.disabled = true;
    note.textContent = " Copied (the token is hidden now; a new token stops this one).";
  });
  out.replaceChildren("Run at the table: ", command, " ", copy, note);
  out.hidden = false;
}

/** Copy `text`; off a secure page (plain http from another machine) by selecting `node`. */
async function copyText(text, node) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    const done = document.execCommand("copy");
    selection.removeAllRanges();
    return done;
  }
}

for (const button of document.querySelectorAll("button.copy[data-copy]")) {
  button.addEventListener("click", async () => {
    const source = document.querySelector(button.dataset.copy);
    button.textContent = (await copyText(source.textContent, source)) ? "copied" : "select it to copy";
  });
}

function connect() {
  const take = (event) => {
    draw(JSON.parse(event.data).tables);
    live.textContent = "live";
    errorLine.textContent = "";
  };
  lasting("/api/club/stream", (source) => {
    source.addEventListener("snapshot", take);
    source.addEventListener("change", take);
  }, () => { live.textContent = "reconnecting…"; });
}

// A silent agent's "for N s" moves on its own between changes.
setInterval(() => {
  for (const line of list.querySelectorAll(".agent.silent")) {
    if (line.dataset.lastSeen) line.textContent = `camera agent ${since(line.dataset.lastSeen)}`;
  }
}, 5000);

connect();
