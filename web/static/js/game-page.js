// What every game's table page shares (RYB, flyer, RGB, modifier; game_page.html): the game
// object their panels change the game through (one change to /api/games/<id>/<path>, the new
// view drawn at once or the server's refusal written in words), then the snapshot embedded in
// the page drawn first, the game menu and the kid view PIN wired, the game's SSE stream
// followed, and the table's camera agent (if it has one) told in the top bar.

import { followAgent } from "./agent-state.js";
import { postJSON, request } from "./api.js";
import { setupGameMenu } from "./game-menu.js";
import { follow, initialView, statusBadge } from "./live.js";
import { setupPin } from "./pin.js";

/** The game shown in `root` (its `data-game`); `render(view)` draws each view that has a state. */
export function gamePage(root, render) {
  return {
    id: root.dataset.game,
    view: null,
    rendered: null,
    streamed: 0, // views the game's stream has brought
    apply(view) {
      if (!view || !view.state) return;
      this.view = view;
      render(view);
    },
    /** A view from the game's stream: always the newest the server had when it sent it. */
    fromStream(view) {
      this.streamed += 1;
      this.apply(view);
    },
    /**
     * The answer to `ask()` (a change sent to the server), drawn unless the stream drew a view
     * while it was on its way: that view may be newer (the camera's roll right after "read the
     * table"), and the live stream brings the view after this change anyway.
     */
    async send(ask) {
      const streamed = this.streamed;
      const answer = await ask();
      if (this.streamed === streamed) this.apply(answer);
      return answer;
    },
    /** True when the server took the change; false when it refused it (said in `errNode`). */
    async change(path, body, errNode, method = "POST") {
      errNode.textContent = "";
      const url = `/api/games/${this.id}/${path}`;
      try {
        await this.send(() => (method === "DELETE" ? request("DELETE", url, body) : postJSON(url, body)));
        return true;
      } catch (err) {
        errNode.textContent = err.message;
        return false;
      }
    },
    onHistory() {},
  };
}

/** Draw the page's first view, then follow the game's stream: once the page's panels exist. */
export function startGamePage(game) {
  game.apply(initialView());
  setupPin(document.getElementById("pin-form"));
  setupGameMenu(game.id, (ask) => game.send(ask));
  followAgent(game.id, document.getElementById("agent-status"));
  follow(`/api/games/${game.id}/stream`, {
    onView: (view) => game.fromStream(view),
    onStatus: statusBadge,
    refetchUrl: `/api/games/${game.id}`,
  });
}
