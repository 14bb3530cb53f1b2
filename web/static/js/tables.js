// Registering the table's dice: look, answer for each colour group and mark anything that is not
// a die one by one (every candidate is numbered on the picture), keep; or forget the dice. The
// empty table has its own panel (empty-table.js). While the
// groups are shown, the frozen frame they were made from stands in for the live video, which has
// moved on since (and a phone has no room for both).
import { request } from "./api.js";
import { COLOURS } from "./colours.js";

const NOT_A_DIE = "none";
let snapshot = null;
// `/tables?table=phone-<game>`: a game's phone's table, registered while that phone sends here
// (the server camera's live video and empty table are not its).
const TABLE = new URLSearchParams(window.location.search).get("table");
const QUERY = TABLE ? `?${new URLSearchParams({ table: TABLE })}` : "";
const withTable = (body) => (TABLE ? { ...body, table: TABLE } : body);

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
  // A phone's table keeps no empty table here (its frames are the phone's).
  const empty = TABLE ? "" : summary.empty_table ? "The empty table is recorded." : "No empty table is recorded yet.";
  const faces = summary.faces_taught ? ` ${capitalised(summary.faces_taught)}.` : "";
  return `Table "${summary.table}": the camera remembers ${summary.dice} dice (${held}).${faces} ${empty}`;
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The live video, or (false) the frozen look in its place: its stream stops while hidden. */
function showLive(on) {
  const live = byId("live-view");
  live.hidden = !on;
  if (on) live.src = live.dataset.src;
  else live.removeAttribute("src");
}

/** One line for a table of `GET /api/tables/all`. */
function tableLine(table) {
  const item = document.createElement("li");
  const parts = Object.entries(table.counts).map(([colour, n]) => `${n} ${colour}`);
  const size = table.die_size_px ? `, dice ${Math.round(table.die_size_px)} px across` : "";
  // Its dice are not the ones the camera knows: their faces are read by their marks.
  const marks = table.faces_by_marks ? "; faces read by their marks" : "";
  const here = table.current ? " (this camera's)" : "";
  const count = `${table.dice} ${table.dice === 1 ? "die" : "dice"}`;
  item.textContent = `${table.table}${here}: ${count} (${parts.join(", ") || "none"})${size}; ${table.faces_taught}${marks} `;
  if (table.phone_running && table.table !== TABLE) {
    const register = document.createElement("a");
    register.className = "register-table";
    register.href = `/tables?${new URLSearchParams({ table: table.table })}`;
    register.textContent = "Register its dice";
    item.append(register, " ");
  }
  if (!table.current) {
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget-table";
    forget.dataset.table = table.table;
    forget.textContent = "Forget";
    forget.setAttribute("aria-label", `forget every die table ${table.table} has learnt`);
    forget.addEventListener("click", () => forgetOther(table.table));
    item.append(forget);
  }
  return item;
}

async function forgetOther(name) {
  if (!window.confirm(`Forget every die table ${name} has learnt?`)) return;
  showError(null);
  try {
    await request("DELETE", "/api/tables/memory", { table: name });
    await refreshEvery();
  } catch (error) {
    showError(error);
  }
}

async function refreshEvery() {
  const every = (await request("GET", "/api/tables/all")).tables;
  byId("every-table-list").replaceChildren(...every.map(tableLine));
  byId("every-table").hidden = every.length === 0;
}

async function refresh() {
  try {
    byId("memory-summary").textContent = describe(await request("GET", `/api/tables${QUERY}`));
    await refreshEvery();
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

/** The face a candidate shows, as read: the players change it where the camera misread it (a
 * logo on the 6, numerals), and the table learns that face. */
function faceChoice(die) {
  const select = document.createElement("select");
  select.name = "face";
  select.dataset.index = String(die.index);
  select.dataset.read = String(die.pips);
  select.setAttribute("aria-label", `the face number ${die.index + 1} shows`);
  for (let value = 1; value <= 6; value += 1) {
    const option = new Option(value === die.pips ? `${value} (as read)` : String(value), String(value));
    option.selected = value === die.pips;
    select.append(option);
  }
  return select;
}

/** One candidate of a group: its number on the picture, the face it shows, and a box to mark it
 * "not a die". */
function dieMark(die) {
  const row = document.createElement("div");
  row.className = "register-die";
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.name = "not-a-die";
  box.value = String(die.index);
  const unsure = die.unsure ? " (unsure)" : "";
  box.setAttribute("aria-label", `number ${die.index + 1} is not a die`);
  label.append(box, " not a die");
  row.append(`${die.index + 1}${unsure}: shows `, faceChoice(die), " ", label);
  return row;
}

function groupItem(group) {
  const item = document.createElement("li");
  item.className = "register-group";
  const text = document.createElement("span");
  const unsure = group.unsure ? `, ${group.unsure} unsure` : "";
  const numbers = group.dice.map((d) => d.index + 1).join(", ");
  text.textContent = `${group.count} read as ${group.colour} (numbers ${numbers}; pips ${group.pips.join(" ")}${unsure}) are `;
  const dice = document.createElement("div");
  dice.className = "register-dice";
  dice.append(...group.dice.map(dieMark));
  item.append(text, choice(group), dice);
  return item;
}

/** One thing the camera passed over: its number on the picture, and "not a die" or the face it
 * shows, for the players to say it is a die after all (a logo face read as a board's mark). */
function passedItem(thing) {
  const item = document.createElement("li");
  item.className = "register-passed";
  const select = document.createElement("select");
  select.name = "passed";
  select.dataset.index = String(thing.index);
  select.setAttribute("aria-label", `what number ${thing.index + 1} is`);
  select.append(new Option("not a die", ""));
  for (let value = 1; value <= 6; value += 1) {
    select.append(new Option(`a die showing ${value}`, String(value)));
  }
  item.append(`${thing.index + 1}? (${thing.colour}): `, select);
  return item;
}

/** What the camera passed over and the dice pointed at, keeping the players' answers so far;
 * `pointed`: the index of a die just pointed at, said to be a die showing its face as read. */
function showPassed(passed, pointed = null) {
  const said = {};
  for (const select of byId("register-passed-list").querySelectorAll("select[name='passed']")) {
    said[select.dataset.index] = select.value;
  }
  byId("register-passed-list").replaceChildren(...passed.map(passedItem));
  for (const select of byId("register-passed-list").querySelectorAll("select[name='passed']")) {
    const thing = passed.find((p) => String(p.index) === select.dataset.index);
    if (Number(select.dataset.index) === pointed) select.value = String(thing.pips);
    else if (select.dataset.index in said) select.value = said[select.dataset.index];
  }
  byId("register-passed").hidden = passed.length === 0;
}

function pointing(on) {
  const button = byId("point-register");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? "Stop pointing" : "Point at a die the camera missed";
  byId("register-picture").classList.toggle("picking", on);
}

/** A tap on the picture while pointing: the spot in the frame's pixels (the picture is the
 * frame at its own size). */
async function pointAt(event) {
  const picture = byId("register-picture");
  if (!picture.classList.contains("picking")) return;
  const r = picture.getBoundingClientRect();
  if (!r.width || !r.height) return;
  const at = [
    Math.round((((event.clientX - r.left) * picture.naturalWidth) / r.width) * 10) / 10,
    Math.round((((event.clientY - r.top) * picture.naturalHeight) / r.height) * 10) / 10,
  ];
  showError(null);
  try {
    const found = await request("POST", "/api/tables/point", withTable({ snapshot, at }));
    showPassed(found.passed, found.pointed);
    picture.src = found.picture;
    pointing(false);
  } catch (error) {
    showError(error);
  }
}

async function look() {
  showError(null);
  try {
    const found = await request("POST", "/api/tables/look", withTable({}));
    snapshot = found.snapshot;
    byId("register-groups").replaceChildren(...found.groups.map(groupItem));
    byId("register-passed-list").replaceChildren();
    showPassed(found.passed || []);
    pointing(false);
    const picture = byId("register-picture");
    picture.hidden = !found.picture;
    byId("point-register").parentElement.hidden = !found.picture;
    if (found.picture) picture.src = found.picture;
    byId("register-caption").textContent = !found.picture
      ? "The camera kept no picture of this look: the groups below are what it read then."
      : found.groups.length
        ? "The table as the camera saw it when you looked: the groups below are made from this picture. Look again for a new one."
        : "The camera read no dice in this picture: point at each of them (small dice on a board are often missed until the table knows their size).";
    showLive(false);
    byId("register-form").hidden = false;
  } catch (error) {
    showError(error);
  }
}

async function keep(event) {
  event.preventDefault();
  showError(null);
  const answers = {};
  for (const select of byId("register-groups").querySelectorAll("select:not([name='face'])")) {
    answers[select.name] = select.value;
  }
  const marked = byId("register-groups").querySelectorAll("input[name='not-a-die']:checked");
  const notDice = Array.from(marked, (box) => Number(box.value));
  const values = {};
  for (const select of byId("register-groups").querySelectorAll("select[name='face']")) {
    if (select.value !== select.dataset.read) values[select.dataset.index] = Number(select.value);
  }
  const passed = {};
  for (const select of byId("register-passed-list").querySelectorAll("select[name='passed']")) {
    if (select.value) passed[select.dataset.index] = Number(select.value);
  }
  try {
    const body = withTable({ snapshot, answers, not_dice: notDice, values, passed });
    const result = await request("POST", "/api/tables/register", body);
    byId("register-form").hidden = true;
    showLive(!TABLE);
    byId("memory-summary").textContent = `Kept ${result.added} dice. ` + describe(result);
    await refreshEvery();
  } catch (error) {
    showError(error);
  }
}

async function forget() {
  if (!window.confirm("Forget every die this table's camera has learnt?")) return;
  showError(null);
  try {
    if (TABLE) {
      const gone = await request("DELETE", "/api/tables/memory", { table: TABLE });
      byId("memory-summary").textContent = `Forgot ${gone.removed} dice. ` + describe(await request("GET", `/api/tables${QUERY}`));
      await refreshEvery();
      return;
    }
    const result = await request("DELETE", "/api/tables/memory");
    byId("memory-summary").textContent = `Forgot ${result.removed} dice. ` + describe(result);
    await refreshEvery();
  } catch (error) {
    showError(error);
  }
}

if (TABLE) {
  // The phone's frames are on the phone's page; the picture of each look shows what it saw.
  showLive(false);
  byId("tables-heading").textContent = `The dice of table ${TABLE} (a game's phone camera)`;
  byId("empty-table").hidden = true;
}
byId("look").addEventListener("click", look);
// The empty table's panel (empty-table.js) says when it changed what the table holds.
document.addEventListener("table-summary", (event) => {
  byId("memory-summary").textContent = describe(event.detail);
});
byId("register-form").addEventListener("submit", keep);
byId("point-register").addEventListener("click", () => pointing(!byId("register-picture").classList.contains("picking")));
byId("register-picture").addEventListener("click", pointAt);
byId("clear-memory").addEventListener("click", forget);
refresh();
