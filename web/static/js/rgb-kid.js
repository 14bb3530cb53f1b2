// RGB's kid view: there are no dice to add up, so it says so and shows, simply, whose turn it is
// (live) and who won; Leave goes back to the game (with the PIN, if one is set).

import { followGame, setupLeave } from "./kid-steps.js";

const root = document.getElementById("kid-view");
const turn = document.getElementById("kid-turn");

function show(view) {
  const state = view && view.state;
  if (!state) return;
  root.dataset.version = String(view.version);
  if (state.winner) turn.textContent = `${state.winner} wins!`;
  else if (state.draw) turn.textContent = "Nobody wins: it is a draw.";
  else turn.textContent = `It is ${state.turn.player}'s turn.`;
}

setupLeave(root);
followGame(root, show);
