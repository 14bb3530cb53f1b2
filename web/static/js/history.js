// History with undo and redo, and the camera frame: live video when the camera is on, else the
// thumbnail of the last roll the camera took.

import { getJSON } from "./api.js";
import { cameraWords } from "./camera-state.js";
import { el } from "./colours.js";

export class HistoryPanel {
  /** `options.roundOpens`: for a game without turns (the modifier game: everyone throws at
   * once), the lines that open a round; the history is then grouped by round, not by player. */
  constructor(node, game, options = {}) {
    this.node = node;
    this.game = game;
    this.roundOpens = options.roundOpens || null;
    this.loadedFor = null;
    this.events = [];
  }

  async load(view) {
    const key = `${view.version}/${view.updated_at}`;
    if (this.loadedFor === key) return;
    this.loadedFor = key;
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    let events = [];
    try {
      const answer = await getJSON(`/api/games/${this.game.id}/events`);
      events = Array.isArray(answer) ? answer : answer.events || [];
    } catch (err) {
      this.error.textContent = err.message;
    }
    // A slower answer to an older request must not overwrite a newer one.
    if (ticket !== this.ticket) return;
    this.events = events;
    this.renderList();
    this.game.onHistory(this.events);
  }

  step(kind) {
    return this.game.change(kind, {}, this.error);
  }

  render(view) {
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    this.list = el("ol", { class: "history-list", reversed: true });
    this.node.replaceChildren(
      el("div", { class: "buttons" },
        stepButton("undo", "↶ Undo", view.undo, "Nothing to undo yet", "Take back", () => this.step("undo")),
        stepButton("redo", "↷ Redo", view.redo, "Nothing to redo", "Bring back", () => this.step("redo"))),
      this.error, this.list);
    this.renderList();
    this.load(view);
  }

  /** Newest turn first, each turn its player's moves with the time of each; in a game without
   * turns, newest round first, each line naming its own player. */
  renderList() {
    if (!this.list) return;
    const events = this.events;
    const groups = this.roundOpens ? byRound(events, this.roundOpens) : byTurn(events);
    this.list.replaceChildren(...groups.reverse().map((group) => el("li", { class: "turn-group" },
      el("div", { class: "turn-head" }, group.head,
        el("span", { class: "time" }, ` · ${clock(group.events[0].created_at)}`)),
      el("ol", { class: "turn-events", reversed: true }, ...group.events.slice().reverse().map((e) => this.item(e))))));
    if (!events.length) this.list.append(el("li", { class: "empty" }, "Nothing played yet."));
  }

  /** The line each event reads now: its own, or that of its latest live amendment. */
  amended() {
    const now = new Map();
    for (const e of this.events) {
      const found = !e.undone && AMEND_RE.exec(e.line);
      if (found) now.set(Number(found[1]), { line: found[2], by: e.seq });
    }
    return now;
  }

  /** An inline form under an event: its line to correct; every later event is checked again. */
  amendForm(li, event) {
    li.querySelector(".amend-form")?.remove();
    const current = this.amended().get(event.seq);
    const input = el("input", { type: "text", name: "amend", class: "wide", value: current ? current.line : event.line, "aria-label": `the corrected line of #${event.seq}`, autocomplete: "off" });
    const err = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    const form = el("form", { class: "amend-form row" }, input, el("button", { type: "submit" }, "Amend"),
      el("button", { type: "button", onclick: () => form.remove() }, "Cancel"), err);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      await this.game.change("events", { line: `amend #${event.seq} ${input.value.trim()}` }, err);
    });
    li.append(form);
    input.focus();
  }

  item(event) {
    const amendment = AMEND_RE.test(event.line);
    const now = this.amended().get(event.seq);
    const thumb = event.has_thumbnail
      ? el("a", { href: `/api/games/${this.game.id}/events/${event.seq}/thumbnail.jpg`, target: "_blank", class: "thumb-link" }, "frame")
      : null;
    // The number is a span of its own, not the list's marker: a marker hangs outside the list
    // and its third digit was clipped ("110" read ".10.").
    const li = el("li", { class: event.undone ? "undone" : "", value: event.seq, "data-seq": event.seq },
      el("span", { class: "seq" }, `${event.seq}.`), " ",
      el("time", { class: "time", datetime: event.created_at }, clock(event.created_at)), " ",
      el("span", { class: "line" }, event.line),
      event.source && event.source !== "manual" ? el("span", { class: "source" }, event.source) : null,
      event.undone ? el("span", { class: "source" }, "undone") : null,
      thumb,
      event.note ? el("div", { class: "note" }, event.note) : null,
      now ? el("div", { class: "note amended" }, `now reads “${now.line}” (amended by #${now.by})`) : null);
    if (!event.undone && !amendment) {
      li.append(el("button", { type: "button", class: "small amend", "data-amend": event.seq, title: `correct #${event.seq}; every later event is checked again`,
        onclick: () => this.amendForm(li, event) }, "amend"));
    }
    return li;
  }
}

// `amend #7 Al: attempt red r3 r3` (companion/session/amend.py): the table corrects event 7.
const AMEND_RE = /^amend\s+#?(\d+)\s+(\S.*)$/i;

/** A player's moves in a row, headed by whose turn it was (a table line: "The table"). */
function byTurn(events) {
  const turns = [];
  for (const event of events) {
    const player = playerOf(event.line);
    const last = turns[turns.length - 1];
    if (last && last.player === player) last.events.push(event);
    else turns.push({ player, head: player ? `${player}'s turn` : "The table", events: [event] });
  }
  return turns;
}

/** The lines of each round, from the live line that opens it (an undone one opens none). */
function byRound(events, opens) {
  const rounds = [];
  let number = 0;
  for (const event of events) {
    const last = rounds[rounds.length - 1];
    if (!event.undone && opens.test(event.line)) {
      number += 1;
      rounds.push({ head: `Round ${number}`, events: [event] });
    } else if (last) last.events.push(event);
    else rounds.push({ head: "Before round 1", events: [event] });
  }
  return rounds;
}

/** `Al` from `Al: bank 3` (a table line, an amendment too, has no player). */
function playerOf(line) {
  if (AMEND_RE.test(line)) return "";
  const at = String(line).indexOf(":");
  return at > 0 ? line.slice(0, at) : "";
}

/** The local time of day of an ISO timestamp, like 21:04:37. */
function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** Undo or Redo: offered only when there is something to move, and saying what it moves. */
function stepButton(id, label, step, none, verb, onclick) {
  const what = step ? `${verb} “${step.line}”` : none;
  return el("button", { type: "button", id, disabled: !step, title: what, "aria-label": what, onclick }, label);
}

/** The camera frame beside the last roll, under the camera's state: the MJPEG stream when the
 * server's camera gives frames, else (a club table's agent too) the last camera roll's frame. */
export function cameraFrame(node, gameId, events, camera) {
  const { ok, text } = cameraWords(camera);
  const list = Array.isArray(events) ? events : [];
  const last = list.filter((e) => e.has_thumbnail && !e.undone).pop();
  let content;
  if (ok && camera.video !== false) {
    content = el("img", { src: "/video.mjpeg", alt: "live camera view with the dice marked", class: "camera-live" });
  } else if (last) {
    content = el("img", { src: `/api/games/${gameId}/events/${last.seq}/thumbnail.jpg`, alt: `the camera's frame of roll ${last.seq}`, class: "camera-thumb" });
  } else {
    content = el("p", { class: "empty" }, "No camera roll yet.");
  }
  let status = node.querySelector(".camera-state");
  if (!status) {
    status = el("p", { class: "camera-state", role: "status" });
    node.prepend(status);
  }
  status.textContent = text;
  status.dataset.ok = ok ? "yes" : "no";
  const current = status.nextElementSibling;
  if (current && content.tagName === "IMG" && current.getAttribute("src") === content.getAttribute("src")) return;
  if (current) current.replaceWith(content);
  else node.append(content);
}
