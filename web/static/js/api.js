// Talking to the JSON API: every state-changing request carries the page's CSRF token, and every
// failure comes back as an ApiError whose message is the server's own words.

export class ApiError extends Error {
  constructor(message, status, field) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

function meta(name) {
  const tag = document.querySelector(`meta[name="${name}"]`);
  return tag ? tag.getAttribute("content") : "";
}

/** The read-only overlay token from the page's own URL, passed on to API reads. */
export function withToken(url) {
  const token = new URLSearchParams(window.location.search).get("token");
  if (!token) return url;
  return url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
}

async function readError(response, url) {
  let message = `${response.status} ${response.statusText}`;
  let field;
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
    field = body && body.field;
  } catch {
    // Not JSON (a proxy's page): the status line is all there is.
  }
  // A game's 409 means another tab changed it first; elsewhere (the table's camera, say) the
  // server's words say what to do.
  if (response.status === 409 && url.startsWith("/api/games/") && !/reload/i.test(message)) {
    message += " (the game changed meanwhile; the page has been refreshed, try again)";
  }
  return new ApiError(message, response.status, field);
}

export async function request(method, url, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["X-CSRF-Token"] = meta("csrf-token");
  }
  const init = { method, headers, credentials: "same-origin" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(withToken(url), init);
  } catch (err) {
    // The browser's own words ("Failed to fetch") say nothing to a player.
    throw new ApiError("The dashboard cannot be reached: is it still running, and is this device on its network? Try again.", 0);
  }
  if (!response.ok) throw await readError(response, url);
  const type = response.headers.get("Content-Type") || "";
  return type.includes("json") ? response.json() : response.text();
}

export const getJSON = (url) => request("GET", url);
export const postJSON = (url, body = {}) => request("POST", url, body);
export const del = (url) => request("DELETE", url);
