// Live updates over server-sent events: render the `snapshot`, then apply each `change`.
// EventSource reconnects by itself and sends Last-Event-ID, so the server can resume (or send a
// fresh snapshot); the page never has to remember anything itself. Where EventSource gives up,
// `lasting` opens it again (a fresh snapshot follows).

import { getJSON, withToken } from "./api.js";

function parse(data) {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

// A browser's EventSource gives up for good on an answer other than 200 (a 503 while the
// database restarts, a server stopping): then the stream is opened again, after 1 s, then twice
// as long each time up to 15 s, until it answers.
const REOPEN_FIRST_MS = 1000;
const REOPEN_MAX_MS = 15000;

/**
 * Keep an EventSource on `url` open: `listen(source)` adds its listeners to each one opened;
 * `onLost(closedForGood)` is told of each error. Returns `{ close() }`.
 */
export function lasting(url, listen, onLost = () => {}) {
  let source = null;
  let wait = REOPEN_FIRST_MS;
  let timer = null;
  let stopped = false;
  const open = () => {
    timer = null;
    source = new EventSource(url);
    listen(source);
    source.addEventListener("open", () => { wait = REOPEN_FIRST_MS; });
    source.addEventListener("error", () => {
      const gone = source.readyState === EventSource.CLOSED;
      onLost(gone);
      if (gone && !stopped && timer === null) {
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, REOPEN_MAX_MS);
      }
    });
  };
  open();
  return {
    close() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      source.close();
    },
  };
}

/**
 * Follow `streamUrl`. `onView(view, kind)` gets every snapshot and change that carries data;
 * a change without a body makes us fetch `refetchUrl` instead. `onStatus("live"|"lost")` tells
 * the page whether it is up to date; the stream reopens by itself after any failure.
 */
export function follow(streamUrl, { onView, onStatus = () => {}, refetchUrl = null }) {
  const handle = (kind) => async (event) => {
    onStatus("live");
    const data = parse(event.data);
    if (data && typeof data === "object") {
      onView(data, kind);
    } else if (refetchUrl) {
      try {
        onView(await getJSON(refetchUrl), kind);
      } catch {
        onStatus("lost");
      }
    }
  };
  return lasting(
    withToken(streamUrl),
    (source) => {
      source.addEventListener("snapshot", handle("snapshot"));
      source.addEventListener("change", handle("change"));
      source.addEventListener("open", () => onStatus("live"));
    },
    () => onStatus("lost"),
  );
}

/** The view embedded in the page by the server (first render), or null. */
export function initialView() {
  const tag = document.getElementById("initial-view");
  if (!tag) return null;
  return parse(tag.textContent);
}

/** Shows the connection state in the page's status badge, if it has one. */
export function statusBadge(state) {
  const badge = document.getElementById("live-status");
  if (!badge) return;
  const words = { live: "live", lost: "reconnecting…", closed: "offline" };
  badge.textContent = words[state] || state;
  badge.dataset.state = state;
}
