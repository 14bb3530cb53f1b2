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

function draw(tables) {
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
    list.appendChild(card); // keeps the server's order (most recently changed first)
    keep.add(table.game_id);
  }
  for (const [id, card] of cards) if (!keep.has(id)) card.remove();
}

async function newToken(card) {
  const out = card.querySelector(".token-out");
  const id = card.dataset.gameId;
  if (!window.confirm("A new agent token stops this table's old one. Go on?")) return;
  try {
    const answer = await postJSON(`/api/games/${encodeURIComponent(id)}/agent-token`);
    out.textContent = "";
    const command = document.createElement("code");
    command.textContent = `dicetable agent ${answer.agent_url} --token ${answer.token} --source 0`;
    out.append("Shown once; run at the table: ", command);
    out.hidden = false;
  } catch (err) {
    errorLine.textContent = err.message;
  }
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
