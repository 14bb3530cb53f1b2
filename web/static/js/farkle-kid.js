// The kid view of Farkle: how a turn's points are made, one step at a time, with big dice: each
// combination set aside and its arithmetic ("three 4s: 4 x 100 = 400"), the turn's sum so far,
// then the bank ("2500 + 550 = 3050") or the farkle that loses it, read aloud when the speech
// switch is on. Every number comes from the server's state.

import { dieFace, el } from "./colours.js";
import { followGame, KidSteps, setupKidButtons, showNothing } from "./kid-steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
const steps = new KidSteps(drawStep);
let key = null;

/** The steps of one turn (the turn in play, or the one just finished). */
export function turnSteps(player, throws, end) {
  const out = [];
  let total = 0;
  throws.forEach((t) => {
    if (!t.kept) return;
    for (const combo of t.kept.combos) {
      const before = total;
      total += combo.points;
      const sum = before ? ` Turn so far: ${before} + ${combo.points} = ${total}.` : "";
      out.push({ player, dice: t.dice, lit: combo.dice, text: `${combo.how}.${sum}`, speech: `${combo.how.replace(" x ", " times ")}.${sum}` });
    }
  });
  if (end && end.farkle) {
    const lost = end.lost ? ` The ${end.lost} points of this turn are lost.` : "";
    out.push({ player, dice: end.farkle, lit: [], text: `${end.farkle.join(" ")}: nothing scores. Farkle!${lost}`, speech: `Nothing scores. Farkle!${lost}` });
  } else if (end) {
    const before = end.score - end.banked;
    out.push({ player, dice: [], lit: [], text: `${player} banks ${end.banked}: ${before} + ${end.banked} = ${end.score}.`, speech: `${player} banks ${end.banked}. ${before} plus ${end.banked} is ${end.score}.` });
  }
  return out;
}

function drawStep(step) {
  part("kid-who").textContent = step.player;
  const left = [...step.lit];
  part("kid-dice").replaceChildren(...step.dice.map((pips) => {
    const at = left.indexOf(pips);
    if (at >= 0) left.splice(at, 1);
    return el("figure", { class: `kid-die${at >= 0 ? " lit" : ""}` }, dieFace("white", pips, 110));
  }));
  part("step-text").textContent = step.text;
}

function show(view) {
  const state = view && view.state;
  if (!state) return;
  const turn = state.turn;
  const last = state.last_turn;
  const live = turn && turn.throws.length;
  const list = live ? turnSteps(turn.player, turn.throws, null) : last ? turnSteps(last.player, last.throws, last) : [];
  const next = JSON.stringify(list);
  if (next === key) return;
  key = next;
  steps.start(list);
  if (!list.length) {
    showNothing(root, turn ? `${turn.player}, throw the dice!` : "The game is over.");
    return;
  }
  root.dataset.state = "roll";
  steps.at = list.length - 1; // the newest step first; Back walks to the start
  steps.show();
}

setupKidButtons(root, steps);
followGame(root, show);
