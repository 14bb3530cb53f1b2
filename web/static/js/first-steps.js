// The start page's "What to do first": the camera's state in words, and the demo game (the game
// the bundled recording is a game of) one button away while the camera plays that recording.

import { postJSON } from "./api.js";
import { cameraWords, watchCamera } from "./camera-state.js";

const line = document.getElementById("camera-line");
const demo = document.getElementById("open-demo");
const error = document.getElementById("demo-error");
const demoStep = document.getElementById("step-demo");
const tablesStep = document.getElementById("step-tables");

function show(camera) {
  const { ok, text } = cameraWords(camera);
  const playing = !!(camera && camera.demo);
  line.textContent = playing && ok ? `Camera: playing the demo recording · ${Number(camera.fps || 0).toFixed(1)} frames/s` : text;
  line.dataset.state = ok ? "ok" : "off";
  // The demo game's turns are the recording's throws: with a real camera, teach it your dice.
  demoStep.hidden = !playing;
  tablesStep.hidden = playing;
}

demo.addEventListener("click", async () => {
  error.textContent = "";
  demo.disabled = true;
  try {
    const opened = await postJSON("/api/demo-game", {});
    window.location.assign(opened.url);
  } catch (err) {
    error.textContent = `The demo game could not be opened: ${err.message}`;
    demo.disabled = false;
  }
});

watchCamera(show);
