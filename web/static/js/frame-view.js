// The settled frame a camera roll was read from, at camera resolution, with each die's box and
// its number (the number of its row in the dice list beside it), so a player can see which die
// the camera meant. Tap the picture (or "Zoom") to see it full size; tap again or Esc to leave.
// While a player points at a die the camera missed (`pick`), a tap on the picture is that spot.

import { el } from "./colours.js";

function placed(box, [x1, y1, x2, y2], size) {
  Object.assign(box.style, {
    left: `${(100 * x1) / size.width}%`,
    top: `${(100 * y1) / size.height}%`,
    width: `${(100 * (x2 - x1)) / size.width}%`,
    height: `${(100 * (y2 - y1)) / size.height}%`,
  });
  return box;
}

/**
 * `dice`: the roll's dice as the server lists them (`box_xyxy`, `in_frame`); `size`: the
 * frame's `{width, height}` the boxes are measured in, or null (no boxes are drawn then: a box
 * placed on a picture of unknown scale would point at the wrong die). `missed`: what the camera
 * passed over (`GET .../pending/missed`), each drawn dashed with its number and a "?".
 * `pick(x, y)`: while set, a tap on the picture calls it with the spot in the frame's pixels
 * instead of zooming.
 */
export function frameView(src, dice, size, alt, missed = [], pick = null) {
  const boxes = el("div", { class: "frame-boxes", "aria-hidden": "true" });
  if (size && size.width > 0 && size.height > 0) {
    dice.forEach((die, index) => {
      if (die.in_frame === false || !Array.isArray(die.box_xyxy)) return;
      boxes.append(placed(el("span", { class: `frame-box${die.unsure ? " unsure" : ""}`, "data-index": index },
        el("b", { class: "frame-number" }, String(index + 1))), die.box_xyxy, size));
    });
    for (const thing of missed) {
      boxes.append(placed(el("span", { class: "frame-box missed", "data-missed": thing.index },
        el("b", { class: "frame-number" }, `${thing.index + 1}?`)), thing.box_xyxy, size));
    }
  }
  const img = el("img", { class: "frame-img", src, alt });
  const stage = el("div", { class: "frame-stage" }, img, boxes);
  const zoom = el("button", { type: "button", class: "small frame-zoom", "aria-pressed": "false" }, "Zoom");
  const figure = el("figure", { class: "frame-view" }, stage,
    el("figcaption", {}, zoom, size ? " each die framed with its number in the list" : " the frame the camera read"));
  const escape = (e) => { if (e.key === "Escape") toggle(false); };
  const toggle = (on = !figure.classList.contains("zoomed")) => {
    figure.classList.toggle("zoomed", on);
    zoom.setAttribute("aria-pressed", String(on));
    zoom.textContent = on ? "Close" : "Zoom";
    if (on) document.addEventListener("keydown", escape);
    else document.removeEventListener("keydown", escape);
  };
  zoom.addEventListener("click", () => toggle());
  const picking = pick && size && size.width > 0 && size.height > 0;
  if (picking) {
    figure.classList.add("picking");
    figure.querySelector("figcaption").append(el("span", { class: "pick-help" }, " tap the die the camera missed (Zoom first to see small dice bigger)"));
  }
  stage.addEventListener("click", (e) => {
    if (!picking) return toggle();
    const r = img.getBoundingClientRect();
    if (!r.width || !r.height) return undefined;
    return pick(((e.clientX - r.left) * size.width) / r.width, ((e.clientY - r.top) * size.height) / r.height);
  });
  return figure;
}
