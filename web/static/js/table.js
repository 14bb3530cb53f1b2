// The table view: renders the game from the first snapshot embedded in the page, then follows
// the game's SSE stream (both through game-page.js, as the board games' pages do). Controls post
// record lines; the server's answer is applied at once.

import { getJSON } from "./api.js";
import { renderGoals, renderLastRoll, renderPlayers, renderTurn } from "./board.js";
import { Controls } from "./controls.js";
import { cameraWords, watchCamera } from "./camera-state.js";
import { cameraFrame, HistoryPanel } from "./history.js";
import { gamePage, startGamePage } from "./game-page.js";
import { statusBadge } from "./live.js";
import { PendingPanel } from "./pending.js";
import { updateScores } from "./score-plot.js";
import { StatsPanel } from "./stats.js";

const root = document.getElementById("table-view");
const part = (id) => document.getElementById(id);

const game = Object.assign(gamePage(root, render), {
  async refresh() {
    try {
      this.apply(await getJSON(`/api/games/${this.id}`));
    } catch {
      statusBadge("lost");
    }
  },
  camera: null,
  events: [],
  onHistory(events) {
    this.events = events;
    cameraFrame(part("camera"), this.id, events, this.camera);
  },
  /** The camera's state changed: redraw its frame and offer a camera roll only if it works. */
  onCamera(camera) {
    this.camera = camera;
    cameraFrame(part("camera"), this.id, this.events, camera);
    offerCamera(camera);
  },
});

function offerCamera(camera) {
  const { ok, text } = cameraWords(camera);
  for (const button of document.querySelectorAll("#camera-attempt")) {
    button.disabled = !ok;
    button.title = ok ? "the next roll the camera sees is this attempt" : text;
  }
}

const controls = new Controls(part("controls"), game);
const pending = new PendingPanel(part("pending"), game);
const history = new HistoryPanel(part("history"), game);
const stats = new StatsPanel(part("dice-check"), game.id);

function render(view) {
  const state = view.state;
  renderTurn(part("turn"), state);
  renderGoals(part("goals"), state);
  renderPlayers(part("players"), state);
  renderLastRoll(part("last-roll"), state);
  root.dataset.winner = state.winner || "";
  root.dataset.seq = String(view.seq);
  if (game.rendered === view.version) return;
  // Controls and history are rebuilt only when the game changed, so a half-filled form
  // survives a duplicate update.
  game.rendered = view.version;
  controls.render(state, view.pending);
  offerCamera(game.camera);
  pending.render(view);
  history.render(view);
  updateScores(part("score-plot"), game.id);
  stats.update(view);
}

startGamePage(game);
watchCamera((camera) => game.onCamera(camera));
