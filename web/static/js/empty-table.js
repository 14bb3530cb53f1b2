// The empty table, in two steps: look (the server waits for a still picture, reads it and numbers
// everything it reads as a die), then keep. A look with dice in it is kept only when the players
// say those are the board's own pieces, since what is kept is never read as a die again. The
// empty table can also be forgotten.
import { request } from "./api.js";

let look = null; // the look on show: { look, dice, picture, message }

function byId(id) {
  return document.getElementById(id);
}

function showError(error) {
  byId("empty-error").textContent = error ? error.message : "";
}

function show(summary, said) {
  const status = summary.empty_table
    ? "The empty table is recorded: what lay on it then is never read as a die."
    : "No empty table is recorded yet.";
  byId("empty-status").textContent = said ? `${said} ${status}` : status;
  byId("forget-empty").hidden = !summary.empty_table;
  byId("record-empty").textContent = summary.empty_table ? "Record the empty table again" : "Record the empty table";
  document.dispatchEvent(new CustomEvent("table-summary", { detail: summary }));
}

function close() {
  look = null;
  byId("empty-form").hidden = true;
}

async function lookAtTable() {
  showError(null);
  const button = byId("record-empty");
  button.disabled = true;
  byId("empty-status").textContent = "Waiting for a still picture of the table…";
  try {
    look = await request("POST", "/api/tables/empty/look");
    byId("empty-message").textContent = look.message;
    byId("empty-picture").src = look.picture;
    const keep = byId("keep-empty");
    keep.textContent = look.dice ? `These ${look.dice === 1 ? "is a piece" : "are pieces"} of the board: keep` : "Keep as the empty table";
    keep.classList.toggle("warn", look.dice > 0);
    byId("empty-form").hidden = false;
    byId("empty-form").classList.toggle("has-dice", look.dice > 0);
    await refresh();
  } catch (error) {
    showError(error);
    await refresh();
  } finally {
    button.disabled = false;
  }
}

async function keep(event) {
  event.preventDefault();
  if (!look) return;
  showError(null);
  try {
    const result = await request("POST", "/api/tables/empty", { look: look.look, confirm: look.dice > 0 });
    close();
    const own = result.phantoms === 1 ? "1 thing the camera took for a die is" : `${result.phantoms} things the camera took for dice are`;
    show(result, result.phantoms ? `Recorded the empty table: ${own} the table's own now.` : "Recorded the empty table.");
  } catch (error) {
    showError(error);
  }
}

async function forget() {
  if (!window.confirm("Forget the empty table? The board's pieces may then be read as dice again.")) return;
  showError(null);
  try {
    const result = await request("DELETE", "/api/tables/empty");
    close();
    show(result, result.forgotten ? "Forgot the empty table." : "");
  } catch (error) {
    showError(error);
  }
}

async function refresh() {
  // A game's phone's table (`/tables?table=`) has no empty table of its own here.
  if (new URLSearchParams(window.location.search).has("table")) return;
  try {
    const summary = await request("GET", "/api/tables");
    byId("empty-table").hidden = !summary.learns;
    show(summary, "");
  } catch (error) {
    showError(error);
  }
}

byId("record-empty").addEventListener("click", lookAtTable);
byId("empty-again").addEventListener("click", lookAtTable);
byId("empty-cancel").addEventListener("click", close);
byId("empty-form").addEventListener("submit", keep);
byId("forget-empty").addEventListener("click", forget);
refresh();
