// RGB's stream overlay (frame and stream from overlay-frame.js): whose turn or who won, a small
// picture of the board (rgb-board.js's, nothing to press) and each player's stacks on it.

import { drawHeadline, drawPlayerBar } from "./board-overlay.js";
import { part, showIdle, startOverlay } from "./overlay-frame.js";
import { renderBoardPicture, stacksOf } from "./rgb-board.js";

const PHASE = { place: "places a stack", play: "moves, attacks, creates or heals", sustain: "a starving Child loses a layer" };

function drawTurn(state) {
  if (state.winner) drawHeadline(`${state.winner} wins!`, null);
  else if (state.draw) drawHeadline("A draw", "neither player can move");
  else drawHeadline(`${state.turn.player}'s turn`, PHASE[state.turn.phase] || state.turn.phase);
}

function draw(view) {
  const state = view && view.state;
  // Nothing to show until the first stack is placed.
  if (showIdle(view, !state || (!state.stacks.length && !state.winner && !state.draw))) return;
  drawTurn(state);
  renderBoardPicture(part("ov-board"), state);
  drawPlayerBar(state, state.winner ? [state.winner] : [], (p) => `${stacksOf(state, p.name).count}`,
    (p) => {
      const { count, words } = stacksOf(state, p.name);
      return `${count === 1 ? "stack" : "stacks"}${words ? `: ${words}` : ""}`;
    });
}

startOverlay(draw);
