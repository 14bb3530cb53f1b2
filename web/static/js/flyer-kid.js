// The flyer game's kid view: the turn's colour dice as big chips, each with its colour's name, its
// shape and what the colour is worth, one chip lit per step ("Red is worth 3 points") and read
// aloud when the speech switch is on; then, with two dice or more, what they are worth together
// ("1 + 1 + 3 = 5 points in all"), every chip lit: the sum a child learns to make.

import { capitalise, el, icon, plural } from "./colours.js";
import { followGame, KidSteps, setupKidButtons, showNothing } from "./kid-steps.js";

const root = document.getElementById("kid-view");
const part = (id) => document.getElementById(id);
let key = null;
let shown = null;
const steps = new KidSteps(drawStep);

function worth(state, hue) {
  return plural(state.values[hue], "point");
}

function drawStep(step) {
  const { state } = shown;
  part("kid-dice").replaceChildren(...state.turn.dice.map((hue, k) => el("figure", {
    class: `kid-die kid-chip${step && (step.index === k || step.index === null) ? " lit" : ""}`, "data-colour": hue,
  }, icon(hue, 150), el("figcaption", {}, el("span", { class: "colour-name" }, capitalise(hue)), el("span", { class: "kid-worth" }, worth(state, hue))))));
  part("step-text").textContent = step ? step.text : "";
  part("step-text").dataset.colour = step ? step.colour : "";
}

function chipSteps(state) {
  const dice = state.turn.dice;
  const steps = dice.map((hue, index) => {
    const text = `${capitalise(hue)} is worth ${worth(state, hue)}.`;
    return { index, colour: hue, text, speech: text };
  });
  if (dice.length > 1) {
    const values = dice.map((hue) => state.values[hue]);
    const total = values.reduce((a, b) => a + b, 0);
    const text = `${values.join(" + ")} = ${plural(total, "point")} in all.`;
    steps.push({ index: null, colour: "", text, speech: `${values.join(" plus ")} makes ${plural(total, "point")} in all.` });
  }
  return steps;
}

function waitingWords(state) {
  if (state.winner) return `${state.winner} win${state.winners.length > 1 ? "" : "s"}!`;
  if (!state.values) return "Wait for the colour values!";
  return `Wait for ${state.turn.roller || state.turn.player} to roll the colour dice!`;
}

function show(view) {
  const state = view && view.state;
  if (!state) return;
  const next = JSON.stringify([state.turn.number, state.turn.dice, state.values, state.winner]);
  if (next === key) return;
  key = next;
  shown = { state };
  const list = state.values && !state.winner ? chipSteps(state) : [];
  steps.start(list);
  if (!list.length) {
    showNothing(root, waitingWords(state));
    return;
  }
  part("kid-who").textContent = `${state.turn.player}'s colour dice`;
  root.dataset.state = "roll";
  steps.show();
}

setupKidButtons(root, steps);
followGame(root, show);
