// Live updates over server-sent events: render the `snapshot`, then apply each `change`.
// EventSource reconnects by itself and sends Last-Event-ID, so the server can resume (or send a
// fresh snapshot); the page never has to remember anything itself.

import { getJSON, withToken } from "./api.js";

function parse(data) {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Follow `streamUrl`. `onView(view, kind)` gets every snapshot and change that carries data;
 * a change without a body makes us fetch `refetchUrl` instead. `onStatus("live"|"lost")` tells
 * the page whether it is up to date.
 */
export function follow(streamUrl, { onView, onStatus = () => {}, refetchUrl = null }) {
  const source = new EventSource(withToken(streamUrl));
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
  source.addEventListener("snapshot", handle("snapshot"));
  source.addEventListener("change", handle("change"));
  source.addEventListener("open", () => onStatus("live"));
  source.addEventListener("error", () => onStatus(source.readyState === EventSource.CLOSED ? "closed" : "lost"));
  return source;
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
