// The five-dice throw read by the camera: the table's last settled roll (GET /api/roll/last)
// fills the throw form's five dice, kept and thrown alike, whatever their colour. A person still
// looks and records: dice the reader was unsure of are marked, and nothing is written until the
// form is sent, so a misread die costs one correction, never a wrong record line.

import { getJSON } from "./api.js";

const DICE = 5;

/** The pip dice of a settled roll: the surest five, then left to right as they lie. */
export function pipDice(roll) {
  const dice = (roll?.dice || []).filter((d) => !d.face_colour && d.pips >= 1 && d.pips <= 6);
  const surest = [...dice].sort((a, b) => b.confidence - a.confidence).slice(0, DICE);
  return surest.sort((a, b) => a.box_xyxy[0] - b.box_xyxy[0]);
}

/** What the fill did, in words for the player. */
export function fillWords(roll, dice) {
  if (!roll) return "The camera has not seen a settled roll yet: throw, let the dice rest, then press again.";
  const seen = (roll.dice || []).filter((d) => !d.face_colour).length;
  if (!seen) return "The camera's last settled roll shows no dice: throw, let them rest, then press again.";
  const unsure = dice.filter((d) => d.unsure).length;
  const parts = [`Camera: ${seen} ${seen === 1 ? "die" : "dice"}`];
  if (seen > DICE) parts.push(`the ${DICE} surest filled in`);
  if (seen < DICE) parts.push(`${DICE - seen} not seen: type ${DICE - seen === 1 ? "it" : "them"}`);
  if (unsure) parts.push(`${unsure} unsure, marked: check ${unsure === 1 ? "it" : "them"}`);
  return `${parts.join("; ")}. Check the dice, then record the throw.`;
}

/** Fills `inputs` (one per die) from the camera's last roll; returns the words to show. */
export async function fillFromCamera(inputs) {
  const { roll } = await getJSON("/api/roll/last");
  const dice = roll ? pipDice(roll) : [];
  inputs.forEach((input, k) => {
    const die = dice[k];
    input.value = die ? String(die.pips) : "";
    input.classList.toggle("unsure", Boolean(die?.unsure));
    input.toggleAttribute("aria-invalid", Boolean(die?.unsure));
  });
  return fillWords(roll, dice);
}
