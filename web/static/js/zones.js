// The table's player zones (the modifier game's table roll gives each zone's dice to its player):
// drawn on a still picture of the camera, one rectangle per player (pick the player, then drag
// across the picture), or the whole table split into one equal zone per player at once. Saved
// into the camera's profile by POST /api/zones; the zones it has are drawn over the picture.

import { getJSON, postJSON } from "./api.js";
import { el } from "./colours.js";

const SVG = "http://www.w3.org/2000/svg";

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

export class ZonesPanel {
  constructor(node, players) {
    this.node = node;
    this.players = players;
    this.drawn = new Map(); // player -> [x1, y1, x2, y2] in the picture's pixels
    this.saved = { size: null, zones: [] };
    this.error = el("p", { class: "error", role: "alert", "aria-live": "polite" });
    this.note = el("p", { class: "help", "aria-live": "polite" });
  }

  async start() {
    try {
      this.saved = await getJSON("/api/zones");
    } catch (err) {
      this.error.textContent = err.message;
    }
    this.render();
  }

  render() {
    this.who = el("select", { name: "zone-player", "aria-label": "whose zone to draw" }, ...this.players.map((p) => el("option", { value: p }, p)));
    this.picture = el("img", { class: "zones-picture", draggable: "false", alt: "the camera's picture of the table", src: `/api/zones/picture.jpg?t=${Date.now()}` });
    this.overlay = svgNode("svg", { class: "zones-overlay", preserveAspectRatio: "none" });
    const stage = el("div", { class: "zones-stage" }, this.picture, this.overlay);
    this.picture.addEventListener("load", () => this.draw());
    this.picture.addEventListener("error", () => {
      stage.hidden = true;
      this.note.textContent = "No camera picture to draw on: split the table into equal zones instead.";
    });
    this.dragging(stage);
    const count = this.players.length;
    this.node.replaceChildren(
      el("p", { class: "help" }, this.saved.zones.length
        ? `Zones now: ${this.saved.zones.map((z) => z.name).join(", ")}.`
        : "The camera has no player zones yet, so no die is anyone's."),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "equal-zones", onclick: () => this.equal() }, `Split the table into ${count} equal zones`)),
      el("div", { class: "row" }, el("label", {}, "Draw the zone of ", this.who), el("span", { class: "help" }, "then drag across the picture")),
      stage,
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "save-zones", onclick: () => this.save() }, "Save the drawn zones"),
        el("button", { type: "button", onclick: () => { this.drawn.clear(); this.draw(); } }, "Clear")),
      this.note, this.error);
  }

  /** The picture's own pixels for a point of a mouse or touch event over it. */
  pixel(e) {
    const box = this.picture.getBoundingClientRect();
    const x = Math.round(((e.clientX - box.left) / box.width) * this.picture.naturalWidth);
    const y = Math.round(((e.clientY - box.top) / box.height) * this.picture.naturalHeight);
    return [Math.max(0, Math.min(this.picture.naturalWidth, x)), Math.max(0, Math.min(this.picture.naturalHeight, y))];
  }

  dragging(stage) {
    let from = null;
    stage.addEventListener("dragstart", (e) => e.preventDefault()); // no dragging the picture away
    stage.addEventListener("pointerdown", (e) => {
      if (!this.picture.naturalWidth) return;
      e.preventDefault();
      from = this.pixel(e);
    });
    stage.addEventListener("pointermove", (e) => {
      if (!from) return;
      this.setRect(from, this.pixel(e));
    });
    stage.addEventListener("pointerup", (e) => {
      if (!from) return;
      this.setRect(from, this.pixel(e));
      from = null;
    });
  }

  setRect([ax, ay], [bx, by]) {
    const rect = [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
    if (rect[2] - rect[0] >= 2 && rect[3] - rect[1] >= 2) this.drawn.set(this.who.value, rect);
    this.draw();
  }

  /** The saved zones (thin) and the drawn ones (thick), over the picture. */
  draw() {
    const w = this.picture.naturalWidth;
    const h = this.picture.naturalHeight;
    if (!w || !h) return;
    this.overlay.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const shapes = [];
    const [sw, sh] = this.saved.size || [w, h];
    for (const zone of this.saved.zones) {
      const points = zone.polygon.map(([x, y]) => `${(x * w) / sw},${(y * h) / sh}`).join(" ");
      shapes.push(svgNode("polygon", { points, class: "zone-saved", "data-zone": zone.name }));
    }
    for (const [name, [x1, y1, x2, y2]] of this.drawn) {
      shapes.push(svgNode("rect", { x: x1, y: y1, width: x2 - x1, height: y2 - y1, class: "zone-drawn", "data-zone": name }));
      const label = svgNode("text", { x: x1 + 6, y: y1 + 24, class: "zone-label" });
      label.textContent = name;
      shapes.push(label);
    }
    this.overlay.replaceChildren(...shapes);
  }

  async send(body) {
    this.error.textContent = "";
    try {
      this.saved = await postJSON("/api/zones", body);
      this.drawn.clear();
      this.render();
      this.note.textContent = `Saved: ${this.saved.zones.map((z) => z.name).join(", ")}.`;
    } catch (err) {
      this.error.textContent = err.message;
    }
  }

  equal() {
    const size = this.picture.naturalWidth ? [this.picture.naturalWidth, this.picture.naturalHeight] : this.saved.size || [1280, 720];
    return this.send({ size, names: this.players });
  }

  save() {
    if (!this.drawn.size) {
      this.error.textContent = "Draw a zone first: pick a player, then drag across the picture.";
      return;
    }
    const zones = [...this.drawn].map(([name, rect]) => ({ name, rect }));
    return this.send({ size: [this.picture.naturalWidth, this.picture.naturalHeight], zones });
  }
}
