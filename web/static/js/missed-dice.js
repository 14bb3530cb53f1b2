// A die the camera missed, looked for again in the roll's own picture (`GET .../pending/missed`).
// Added from there rather than by hand, the die keeps its box and look, and the accepted roll
// teaches the table it: the same die is found on the next roll. The server's own camera's, a
// game's phone's and a club agent's rolls (the agent sends what it passed over); in a table roll
// (everyone throws at once) each is given to a player. A die the camera found nothing for at all
// (`POST .../pending/missed` with the spot): the player points at it in the roll's picture, and
// the server reads it there, box and look, to add like the others (the server's own camera's
// rolls, a game's phone's and a club agent's).

import { getJSON, postJSON } from "./api.js";
import { el } from "./colours.js";

const same = (a, b) => a.every((v, i) => Math.abs(v - b[i]) < 0.5);

export class MissedDice {
  /** `add(body)` posts a die to the pending roll; `redraw()` draws the panel again. */
  constructor(add, redraw) {
    this.add = add;
    this.redraw = redraw;
    this.look = null;
    this.picking = null; // the key of the roll being pointed at
  }

  key(pending) {
    return pending.camera ? `${pending.camera.roll_id} ${pending.camera.received_at}` : null;
  }

  offered(pending) {
    return pending.source === "camera" && pending.has_thumbnail && !!pending.camera
      && !!pending.camera.frame_size;
  }

  /** What the camera passed over in this roll's picture, less those added since; null before
   * anyone looked. For `frameView`'s dotted "N?" boxes. */
  of(pending) {
    const look = this.look;
    if (!look || look.key !== this.key(pending)) return null;
    return look.missed.filter((m) => !pending.dice.some((d) => d.in_frame && same(m.box_xyxy, d.box_xyxy)));
  }

  /** The button that looks, then one "+ add" per thing passed over; in a table roll, one
   * "+ NAME" per rolling player (`players`) instead. */
  node(pending, gameId, errorNode, players = null) {
    if (!this.offered(pending)) return null;
    const missed = this.of(pending);
    if (missed === null) {
      return el("p", { class: "missed-dice" }, "A die missing? ",
        el("button", { type: "button", class: "small", id: "look-missed", onclick: () => this.lookAgain(pending, gameId, errorNode) }, "Look for it in the picture"));
    }
    const point = this.pointButton(pending);
    if (!missed.length) {
      return el("p", { class: "missed-dice", role: "status" }, "The camera passed over nothing else in this picture: ",
        ...(point ? [point, " or "] : []), "add the die by hand.");
    }
    const rollId = pending.camera.roll_id;
    // A die pointed at names its spot too: any server process of a club finds it again there.
    const body = (m, player) => ({ colour: m.colour, pips: m.pips, missed: m.index, roll_id: rollId, ...(m.at ? { at: m.at } : {}), ...(player ? { player } : {}) });
    const mark = (m) => el("span", { class: "missed-number" }, `${m.index + 1}?`);
    if (players) {
      return el("div", { class: "missed-dice missed-table" }, "Passed over (dotted in the picture), whose die is it? ",
        ...missed.map((m) => el("span", { class: "missed-row" }, mark(m), ` (${m.colour} ${m.pips}) to `,
          ...players.map((player) => el("button", {
            type: "button", class: "small add-missed", "data-missed": m.index, "data-player": player,
            "aria-label": `add ${m.index + 1}? from the picture to ${player}`, onclick: () => this.add(body(m, player)),
          }, `+ ${player}`)))),
        el("span", { class: "help" }, " then set its pips."), ...(point ? [" ", point] : []));
    }
    return el("div", { class: "missed-dice" }, "Passed over (dotted in the picture): ",
      ...missed.map((m) => el("button", {
        type: "button", class: "small add-missed", "data-missed": m.index, "aria-label": `add ${m.index + 1}? from the picture`,
        onclick: () => this.add(body(m, null)),
      }, mark(m), ` + add (${m.colour} ${m.pips})`)),
      el("span", { class: "help" }, " then set its pips."), ...(point ? [" ", point] : []));
  }

  /** "Point at it", where the server can read a die at a spot in this roll's picture (its own
   * camera's, a game's phone's, a club agent's). */
  pointButton(pending) {
    if (!this.look || !this.look.pointable) return null;
    const on = this.picking === this.key(pending);
    return el("button", {
      type: "button", class: "small", id: "point-missed", "aria-pressed": String(on),
      onclick: () => { this.picking = on ? null : this.key(pending); this.redraw(); },
    }, on ? "Stop pointing" : "Not listed? Point at it in the picture");
  }

  /** For `frameView`: while pointing at this roll, the tap's handler; else null. */
  picker(pending, gameId, errorNode) {
    if (!this.offered(pending) || this.picking !== this.key(pending)) return null;
    return (x, y) => this.pointAt(pending, gameId, errorNode, x, y);
  }

  async pointAt(pending, gameId, errorNode, x, y) {
    errorNode.textContent = "";
    try {
      const look = await postJSON(`/api/games/${gameId}/pending/missed`,
        { at: [Math.round(x * 10) / 10, Math.round(y * 10) / 10], roll_id: pending.camera.roll_id });
      this.look = { key: this.key(pending), missed: look.missed, pointable: look.pointable };
      this.picking = null;
      this.redraw();
    } catch (err) {
      errorNode.textContent = err.message;
    }
  }

  async lookAgain(pending, gameId, errorNode) {
    errorNode.textContent = "";
    try {
      const look = await getJSON(`/api/games/${gameId}/pending/missed`);
      this.look = { key: this.key(pending), missed: look.missed, pointable: look.pointable };
      this.redraw();
    } catch (err) {
      errorNode.textContent = err.message;
    }
  }
}
