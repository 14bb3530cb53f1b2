// The flyer roll read by the camera: the table's last settled roll (GET /api/roll/last) fills
// the roll form's six colour choices from the dice whose faces are colours. A person still
// looks and records: dice the reader was unsure of are marked, and nothing is written until
// the form is sent, so a misread die costs one click, never a wrong record line.

import { getJSON } from "./api.js";
import { HUES } from "./flyer-board.js";

const DICE = 6;

/** The colour dice of a settled roll, surest first, at most six. */
export function colourDice(roll) {
  const dice = (roll?.dice || []).filter((d) => HUES.includes(d.face_colour));
  return dice.sort((a, b) => b.confidence - a.confidence).slice(0, DICE);
}

function clock(iso) {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? "" : ` (settled at ${when.toLocaleTimeString()})`;
}

/** What the fill did, in words for the player; `camera` is GET /api/camera's answer. */
export function fillWords(roll, dice, camera = {}) {
  if (camera.camera === "off") return "No camera runs with this dashboard: choose the colours by hand.";
  const seen = (roll?.dice || []).filter((d) => d.face_colour).length;
  if (!seen && camera.colour_faces === false) {
    return "The camera reads the colour dice only when the dashboard runs for this game: restart it with --game flyer (dicetable serve --game flyer, or ./run.sh --game flyer). Meanwhile choose the colours by hand.";
  }
  if (!roll) return "The camera has not seen a settled roll yet: roll the colour dice, let them come to rest, then press again.";
  if (!seen) return `The camera's last settled roll${clock(roll.received_at)} shows no colour dice: roll them, let them rest, then press again.`;
  const unsure = dice.filter((d) => d.unsure).length;
  const parts = [`Camera${clock(roll.received_at)}: ${seen} colour ${seen === 1 ? "die" : "dice"}`];
  if (seen > DICE) parts.push(`the ${DICE} surest filled in`);
  if (seen < DICE) parts.push(`${DICE - seen} not seen: choose ${DICE - seen === 1 ? "it" : "them"} by hand`);
  if (unsure) parts.push(`${unsure} unsure, marked: check ${unsure === 1 ? "it" : "them"}`);
  return `${parts.join("; ")}. Check the colours, then record the roll.`;
}

/** Fills `selects` (one per colour die) from the camera's last roll; returns the words to show. */
export async function fillFromCamera(selects) {
  const game = /^\/games\/([^/]+)/.exec(window.location.pathname);
  const query = game ? `?game=${encodeURIComponent(game[1])}` : "";
  const [{ roll }, camera] = await Promise.all([getJSON(`/api/roll/last${query}`), getJSON(`/api/camera${query}`)]);
  const dice = roll ? colourDice(roll) : [];
  selects.forEach((select, k) => {
    const die = dice[k];
    select.value = die ? die.face_colour : "";
    select.classList.toggle("unsure", Boolean(die?.unsure));
    select.toggleAttribute("aria-invalid", Boolean(die?.unsure));
  });
  return fillWords(roll, dice, camera);
}
