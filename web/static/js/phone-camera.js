// The phone camera page: film the table with the rear camera and send it to the server as JPEG
// frames, one at a time (the next leaves when the last was answered, so the link sets the pace),
// never more than the page's rate. The answers carry the dice read and the table's last roll,
// drawn over the preview. A lost link is said in words and retried every second until it is
// back; a frame lost meanwhile is simply not sent (the server reads the table as it is now).

const root = document.getElementById("phone-camera");
const api = root.dataset.api;
const video = document.getElementById("camera-video");
const overlay = document.getElementById("camera-overlay");
const statusLine = document.getElementById("camera-status");
const rollLine = document.getElementById("camera-roll");
const linkLine = document.getElementById("camera-link");
const startButton = document.getElementById("camera-start");
const takeoverButton = document.getElementById("camera-takeover");
const stopButton = document.getElementById("camera-stop");
const loginLink = document.getElementById("camera-login");

const params = new URLSearchParams(window.location.search);
const maxFps = Number(root.dataset.maxFps) || 15;
const fps = Math.min(maxFps, Math.max(1, Number(params.get("fps")) || 10));
const RETRY_MS = 1000;
const MAX_SIDE = 1280;

const agentToken = takeAgentToken();
const device = deviceId();
const state = { stream: null, sending: false, inFlight: false, takeover: false, lostAt: null,
  timer: null, wakeLock: null, answer: null, size: [0, 0], sent: 0 };
const grab = document.createElement("canvas");

function takeAgentToken() {
  // A club table's agent token arrives in the fragment (never sent to a server, never logged);
  // it is kept for this tab only and taken out of the address bar.
  const match = /(?:^#|&)agent=([A-Za-z0-9_\-.~]{16,128})/.exec(window.location.hash);
  if (match) {
    sessionStorage.setItem("dicetable-agent", match[1]);
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  return sessionStorage.getItem("dicetable-agent");
}

function deviceId() {
  let id = localStorage.getItem("dicetable-phone-device");
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("dicetable-phone-device", id);
  }
  return id;
}

function deviceName() {
  const ua = navigator.userAgent;
  const kind = /iPhone/.test(ua) ? "iPhone" : /iPad/.test(ua) ? "iPad"
    : /Android/.test(ua) ? "Android phone" : "a computer";
  const browser = /Firefox\//.test(ua) ? "Firefox" : /Edg\//.test(ua) ? "Edge"
    : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "a browser";
  return `${kind} (${browser})`;
}

function headers(extra) {
  const out = { Accept: "application/json", "X-Phone-Device": device, ...extra };
  const csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  if (csrf) out["X-CSRF-Token"] = csrf;
  if (agentToken) out.Authorization = `Bearer ${agentToken}`;
  return out;
}

function say(text) { statusLine.textContent = text; }

function show(button, visible) { button.hidden = !visible; }

function clock(ms) { return new Date(ms).toLocaleTimeString(); }

function linkLost(why) {
  if (state.lostAt === null) {
    state.lostAt = Date.now();
    // The dice read before the cut are old news; the last roll stays drawn.
    if (state.answer) draw({ ...state.answer, dice: [] });
  }
  linkLine.dataset.state = "lost";
  linkLine.textContent = `Link to the table lost at ${clock(state.lostAt)} (${why}); trying again every second…`;
}

function linkOk() {
  if (state.lostAt !== null) {
    const gone = Math.round((Date.now() - state.lostAt) / 1000);
    linkLine.dataset.state = "back";
    linkLine.textContent = `Link back at ${clock(Date.now())} after ${gone} s: sending again.`;
    state.lostAt = null;
  } else if (linkLine.dataset.state !== "back") {
    linkLine.dataset.state = "ok";
    linkLine.textContent = "";
  }
}

async function ask() {
  const response = await fetch(`${api}/phone`, { headers: headers(), credentials: "same-origin" });
  const body = await response.json().catch(() => ({}));
  return { response, body };
}

async function begin() {
  show(startButton, false);
  show(takeoverButton, false);
  say("Asking the table who films it…");
  let found;
  try {
    found = await ask();
  } catch (err) {
    linkLost(err.message);
    state.timer = setTimeout(begin, RETRY_MS);
    return;
  }
  if (!found.response.ok) return refused(found.response.status, found.body);
  const { sender } = found.body;
  if (sender && !state.takeover && !found.body.sending) {
    say(`${sender.label} is already this table's camera (it sent a frame ${sender.seen_s_ago} s ago).`);
    show(takeoverButton, true);
    return;
  }
  await openCamera();
}

async function openCamera() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    say("This browser gives no camera to this page: open it over https (see the table's page).");
    return;
  }
  say("Asking for the camera…");
  try {
    state.stream = state.stream || await navigator.mediaDevices.getUserMedia({
      audio: false,
      video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
  } catch (err) {
    say(`No camera: ${err.message}. Allow the camera for this page and start again.`);
    show(startButton, true);
    return;
  }
  video.srcObject = state.stream;
  await video.play().catch(() => {});
  await keepAwake();
  state.sending = true;
  show(stopButton, true);
  say(`Filming the table: up to ${fps} frames a second.`);
  tick();
}

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    state.wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    state.wakeLock = null; // low battery or a denied permission: the screen may sleep
  }
}

function frameBlob() {
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return Promise.resolve(null);
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  grab.width = Math.round(w * scale);
  grab.height = Math.round(h * scale);
  grab.getContext("2d").drawImage(video, 0, 0, grab.width, grab.height);
  state.size = [grab.width, grab.height];
  return new Promise((resolve) => grab.toBlob(resolve, "image/jpeg", 0.8));
}

function tick() {
  if (!state.sending) return;
  const started = performance.now();
  send().finally(() => {
    if (!state.sending) return;
    const wait = state.lostAt !== null ? RETRY_MS : 1000 / fps - (performance.now() - started);
    state.timer = setTimeout(tick, Math.max(0, wait));
  });
}

async function send() {
  const blob = await frameBlob();
  if (!blob) return;
  const query = state.takeover ? "?takeover=1" : "";
  let response;
  try {
    response = await fetch(`${api}/frames${query}`, {
      method: "POST",
      headers: headers({ "Content-Type": "image/jpeg", "X-Phone-Name": deviceName() }),
      credentials: "same-origin",
      body: blob,
    });
  } catch (err) {
    linkLost("no answer");
    return;
  }
  const body = await response.json().catch(() => ({}));
  if (response.status >= 500 || (response.status === 503)) {
    linkLost(`the server said ${response.status}`);
    return;
  }
  linkOk();
  if (response.status === 429) return; // too fast for the table: the next tick is later
  if (!response.ok) return refused(response.status, body);
  state.takeover = false;
  state.sent += 1;
  state.answer = body;
  draw(body);
}

function refused(status, body) {
  const words = body.error || `the server refused (${status})`;
  if (status === 409) {
    halt();
    say(words);
    show(takeoverButton, true);
  } else if (status === 401 || status === 403) {
    halt();
    say(`This phone may not film this table: ${words}`);
    show(loginLink, true);
  } else if (status === 404) {
    halt();
    say(words);
  } else {
    say(`A frame was refused: ${words}`);
  }
}

function halt() {
  state.sending = false;
  clearTimeout(state.timer);
  show(stopButton, false);
}

function dieText(die) {
  const unsure = die.unsure ? "?" : "";
  return `${die.colour} ${die.pips}${unsure}`;
}

function draw(answer) {
  const rect = overlay.getBoundingClientRect();
  overlay.width = Math.round(rect.width * devicePixelRatio);
  overlay.height = Math.round(rect.height * devicePixelRatio);
  const ctx = overlay.getContext("2d");
  ctx.clearRect(0, 0, overlay.width, overlay.height);
  const [w, h] = state.size;
  if (!w || !h) return;
  // The video is drawn "contain": the same scale and offset place the frame's pixels.
  const scale = Math.min(overlay.width / w, overlay.height / h);
  const dx = (overlay.width - w * scale) / 2;
  const dy = (overlay.height - h * scale) / 2;
  ctx.lineWidth = 2 * devicePixelRatio;
  ctx.strokeStyle = "rgba(255,255,255,0.55)";
  ctx.setLineDash([8 * devicePixelRatio, 6 * devicePixelRatio]);
  if (answer.region && answer.region.length >= 3) {
    // The server's table region (its calibration profile), in fractions of the frame.
    ctx.beginPath();
    answer.region.forEach(([fx, fy], i) => {
      const x = dx + fx * w * scale;
      const y = dy + fy * h * scale;
      if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    });
    ctx.closePath();
    ctx.stroke();
  } else {
    ctx.strokeRect(dx + 1, dy + 1, w * scale - 2, h * scale - 2); // no profile: the whole frame
  }
  ctx.setLineDash([]);
  const box = (die, colour, width) => {
    const [x1, y1, x2, y2] = die.box_xyxy;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width * devicePixelRatio;
    ctx.strokeRect(dx + x1 * scale, dy + y1 * scale, (x2 - x1) * scale, (y2 - y1) * scale);
  };
  for (const die of answer.dice || []) box(die, "rgba(255,255,255,0.8)", 1.5);
  const last = answer.last_roll;
  if (last && last.dice) {
    ctx.font = `${16 * devicePixelRatio}px system-ui, sans-serif`;
    for (const die of last.dice) {
      box(die, die.unsure ? "#ffb020" : "#3de07a", 3);
      const [x1, y1] = die.box_xyxy;
      ctx.fillStyle = "#000a";
      ctx.fillRect(dx + x1 * scale, dy + y1 * scale - 20 * devicePixelRatio, 70 * devicePixelRatio, 20 * devicePixelRatio);
      ctx.fillStyle = "#fff";
      ctx.fillText(dieText(die), dx + x1 * scale + 3, dy + y1 * scale - 5 * devicePixelRatio);
    }
    const n = last.n ? `Roll ${last.n}: ` : "Last roll: ";
    rollLine.textContent = n + (last.dice.map(dieText).join(", ") || "no dice");
  }
  if (state.lostAt !== null) return;
  const camera = answer.camera || {};
  const who = answer.sending ? "This phone films the table" : "Sending";
  const dice = camera.state ? `; the dice: ${camera.state}` : "";
  say(`${who}: ${state.sent} frames sent, the server reads ${camera.fps ?? 0} a second${dice}.`);
}

function stop() {
  halt();
  if (state.stream) state.stream.getTracks().forEach((track) => track.stop());
  state.stream = null;
  video.srcObject = null;
  if (state.wakeLock) state.wakeLock.release().catch(() => {});
  state.wakeLock = null;
  fetch(`${api}/leave`, { method: "POST", headers: headers(), credentials: "same-origin", keepalive: true })
    .catch(() => {});
  say("Stopped: this phone no longer films the table.");
  show(startButton, true);
}

// A new layout (the bar's text grew, the phone turned) draws the dice again at the new size.
new ResizeObserver(() => { if (state.answer) draw(state.lostAt === null ? state.answer : { ...state.answer, dice: [] }); })
  .observe(document.getElementById("preview"));
startButton.addEventListener("click", () => { state.takeover = false; begin(); });
takeoverButton.addEventListener("click", () => { state.takeover = true; begin(); });
stopButton.addEventListener("click", stop);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !state.sending) return;
  // A phone that hid the page may have ended its camera: ask for it again.
  const track = state.stream && state.stream.getVideoTracks()[0];
  if (!track || track.readyState === "ended") {
    halt();
    state.stream = null;
    openCamera();
  } else {
    keepAwake();
  }
});
window.addEventListener("pagehide", () => {
  if (state.sending) {
    fetch(`${api}/leave`, { method: "POST", headers: headers(), credentials: "same-origin", keepalive: true })
      .catch(() => {});
  }
});

if (root.dataset.loggedIn !== "yes" && !agentToken) {
  say("This phone is not logged in to the table: log in with the control token, or scan the table page's code again.");
  show(loginLink, true);
} else {
  begin();
}
