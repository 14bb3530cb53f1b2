// The table page's game menu: rename the game, start a rematch with the same players and options,
// or delete the game after a confirmation (its record is downloaded first, so it is kept).

import { postJSON } from "./api.js";

function download(text, filename) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The menu of game `gameId`; `send(ask)` sends a change to the game and draws its answer. */
export function setupGameMenu(gameId, send) {
  const error = document.getElementById("game-menu-error");
  const rename = document.getElementById("rename-form");
  if (!rename) return;
  const guard = async (work) => {
    error.textContent = "";
    try {
      await work();
    } catch (err) {
      error.textContent = err.message;
    }
  };
  rename.addEventListener("submit", (e) => {
    e.preventDefault();
    guard(async () => {
      const view = await send(() => postJSON(`/api/games/${gameId}/title`, { title: rename.elements.title.value }));
      document.querySelector(".topbar h1").lastChild.textContent = ` ${view.title}`;
      document.title = `${view.title} — Dicetable`;
    });
  });
  document.getElementById("rematch").addEventListener("click", () => guard(async () => {
    const view = await postJSON(`/api/games/${gameId}/rematch`, {});
    window.location.href = `/games/${view.id}`;
  }));
  document.getElementById("delete-game").addEventListener("click", () => guard(async () => {
    if (!window.confirm("Delete this game? Its record is downloaded first, so you can import it again.")) return;
    const answer = await postJSON(`/api/games/${gameId}/delete`, { confirm: gameId });
    download(answer.record, answer.filename);
    window.location.href = "/";
  }));
}
