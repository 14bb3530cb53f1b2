// The "Dice check" panel: how often each face came up, per die colour and over all dice, the
// server's fairness verdict in words, and each player's figures (GET /api/games/<id>/stats).
// Every number and word comes from the server; the panel refetches when the game's seq changes.

import { getJSON } from "./api.js";
import { capitalise, colourLabel, el } from "./colours.js";

function decimal(value, digits = 2) {
  return value === null || value === undefined ? "–" : value.toFixed(digits);
}

function row(cls, values) {
  return el("div", { class: `face-row ${cls}` }, values.map((v) => el("span", {}, String(v))));
}

/** Six bars, one per face, scaled to the most frequent face; the dashed line is a fair die. */
function histogram(group, name) {
  const top = Math.max(1, ...group.counts);
    const chart = el("div", {
    class: "histogram",
    role: "img",
    "aria-label": `${name}, faces 1 to 6: ${group.counts.join(", ")}`,
  });
  group.counts.forEach((count, k) => {
    const bar = el("div", { class: `face-fill fill-${group.colour}`, "data-face": k + 1, title: `${k + 1}: ${count} times` });
    bar.style.height = `${(100 * count) / top}%`;
    chart.append(bar);
  });
  if (group.dice) {
    const fair = group.dice / 6;
    const line = el("div", { class: "expected", title: `a fair die: ${decimal(fair, 1)} of each face` });
    line.style.bottom = `${Math.min(100, (100 * fair) / top)}%`;
    chart.append(line);
  }
  return chart;
}

function groupCard(group) {
  const all = group.colour === "all";
  const name = all ? "all dice" : `${group.colour} dice`;
  const title = all ? el("strong", {}, "All dice") : colourLabel(group.colour, capitalise(group.colour));
  const figures = group.dice ? `${group.dice} dice · mean ${decimal(group.mean)}` : "0 dice";
  return el("div", { class: "dice-group", "data-colour": group.colour, "data-verdict": group.verdict },
    el("div", { class: "dice-group-head" }, title, el("span", { class: "dice-group-figures" }, figures)),
    row("counts", group.counts),
    histogram(group, name),
    row("faces", [1, 2, 3, 4, 5, 6]),
    el("p", { class: `verdict verdict-${group.verdict}` }, group.message));
}

/** Each player's figures; a game of any-colour dice (no colour groups) has rolls, not attempts
 * on goals. */
function playersTable(players, goals) {
  const head = goals ? ["Player", "Attempts", "Dice", "Mean", "Goals"] : ["Player", "Rolls", "Dice", "Mean"];
  return el("table", { class: "stats-players" },
    el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, players.map((p) => el("tr", { "data-player": p.name },
      el("th", { scope: "row" }, p.name),
      el("td", {}, String(goals ? p.attempts : p.rolls)),
      el("td", {}, String(p.dice)),
      el("td", {}, decimal(p.mean_pips)),
      goals ? el("td", {}, String(p.goals_completed)) : null))));
}

export class StatsPanel {
  constructor(node, gameId) {
    this.node = node;
    this.gameId = gameId;
    this.seq = null;
    this.ticket = 0;
  }

  /** Refetch when the view's seq differs from the one shown (a pending roll changes nothing). */
  async update(view) {
    if (view.seq === this.seq) return;
    this.seq = view.seq;
    const ticket = ++this.ticket;
    let stats;
    try {
      stats = await getJSON(`/api/games/${this.gameId}/stats`);
    } catch (err) {
      if (ticket !== this.ticket) return;
      this.seq = null; // try again on the next change
      this.node.replaceChildren(el("p", { class: "error", role: "alert" }, err.message));
      return;
    }
    // A slower answer to an older request must not overwrite a newer one.
    if (ticket === this.ticket) this.render(stats);
  }

  render(stats) {
    this.node.dataset.seq = String(stats.seq);
    this.node.replaceChildren(
      el("div", { class: "dice-groups" }, [...stats.colours, stats.overall].map(groupCard)),
      playersTable(stats.players, stats.colours.length > 0),
      el("p", { class: "help" },
        `Every die of every accepted roll${stats.colours.length ? "; a colour counts all its dice on the table together" : ""}. ` +
        `Below ${stats.min_dice} dice the check cannot tell. It runs again after every roll, so ` +
        `"looks uneven" waits for p < ${stats.alpha}; "no sign of bias" is not proof of fair dice.`));
  }
}
