// Registering the table's dice: look, answer for each colour group, keep; or forget them all.
import { request } from "./api.js";
import { COLOURS } from "./colours.js";

const NOT_A_DIE = "none";
let snapshot = null;

function byId(id) {
  return document.getElementById(id);
}

function showError(error) {
  byId("tables-error").textContent = error ? error.message : "";
}

function describe(summary) {
  if (!summary.learns) return "The camera is off or cannot learn: start the dashboard with a camera.";
  const parts = Object.entries(summary.counts).map(([colour, n]) => `${n} ${colour}`);
  const held = parts.length ? parts.join(", ") : "no dice yet";
  return `Table "${summary.table}": the camera remembers ${summary.dice} dice (${held}).`;
}

async function refresh() {
  try {
    byId("memory-summary").textContent = describe(await request("GET", "/api/tables"));
  } catch (error) {
    showError(error);
  }
}

function choice(group) {
  const select = document.createElement("select");
  select.name = group.colour;
  select.setAttribute("aria-label", `what the ${group.colour} dice are`);
  for (const colour of Object.keys(COLOURS)) {
    const option = new Option(colour === group.colour ? `${colour} (as read)` : colour, colour);
    option.selected = colour === group.colour;
    select.append(option);
  }
  select.append(new Option("not a die", NOT_A_DIE));
  return select;
}

function groupItem(group) {
  const item = document.createElement("li");
  item.className = "register-group";
  const text = document.createElement("span");
  const unsure = group.unsure ? `, ${group.unsure} unsure` : "";
  text.textContent = `${group.count} read as ${group.colour} (pips ${group.pips.join(" ")}${unsure}) are `;
  item.append(text, choice(group));
  return item;
}

async function look() {
  showError(null);
  try {
    const found = await request("POST", "/api/tables/look");
    snapshot = found.snapshot;
    byId("register-groups").replaceChildren(...found.groups.map(groupItem));
    byId("register-form").hidden = false;
  } catch (error) {
    showError(error);
  }
}

async function keep(event) {
  event.preventDefault();
  showError(null);
  const answers = {};
  for (const select of byId("register-groups").querySelectorAll("select")) {
    answers[select.name] = select.value;
  }
  try {
    const result = await request("POST", "/api/tables/register", { snapshot, answers });
    byId("register-form").hidden = true;
    byId("memory-summary").textContent = `Kept ${result.added} dice. ` + describe(result);
  } catch (error) {
    showError(error);
  }
}

async function forget() {
  if (!window.confirm("Forget every die this table's camera has learnt?")) return;
  showError(null);
  try {
    const result = await request("DELETE", "/api/tables/memory");
    byId("memory-summary").textContent = `Forgot ${result.removed} dice. ` + describe(result);
  } catch (error) {
    showError(error);
  }
}

byId("look").addEventListener("click", look);
byId("register-form").addEventListener("submit", keep);
byId("clear-memory").addEventListener("click", forget);
refresh();
