// A table's camera agent in words (docs/club.md): connected, or since when it is silent. The club
// page draws it on each card; a game's page (game_page.html) shows its own table's, asking its
// card every few seconds: an agent falls silent with no event to tell of it, and a poll keeps
// the page's open connections to its game stream and video.
import { getJSON } from "./api.js";

const POLL_MS = 3000;

/** "silent for 12 s", "silent for 4 min", "silent since <date>", or "never heard from". */
export function since(iso, now = Date.now()) {
  if (!iso) return "never heard from";
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 90) return `silent for ${seconds} s`;
  if (seconds < 5400) return `silent for ${Math.round(seconds / 60)} min`;
  return `silent since ${new Date(iso).toLocaleString()}`;
}

/** `[text, state]`, state one of "none", "connected", "stopped" (its camera), "silent". */
export function agentText(agent) {
  if (!agent) return ["no camera agent yet", "none"];
  if (agent.connected && ["ended", "stopped", "failed"].includes(agent.camera)) {
    return ["camera agent connected · camera stopped (its recording or photos ended, or it failed)", "stopped"];
  }
  if (agent.connected && agent.camera === "lost") return ["camera agent connected · camera lost, reconnecting", "stopped"];
  if (agent.connected) return ["camera agent connected", "connected"];
  return [`camera agent ${since(agent.last_seen_at)}`, "silent"];
}

/** Keep `node` telling the game's agent state; hidden while the table has no agent. */
export function followAgent(gameId, node) {
  const url = `/api/games/${encodeURIComponent(gameId)}/card`;
  async function poll() {
    let agent;
    try {
      agent = (await getJSON(url)).agent;
    } catch {
      return; // the game stream's badge already says when the server does not answer
    }
    const [text, state] = agentText(agent);
    node.hidden = state === "none";
    node.textContent = text;
    node.dataset.state = state;
  }
  poll();
  return setInterval(poll, POLL_MS);
}
