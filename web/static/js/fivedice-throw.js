// The five-dice throw read by the camera: the score sheet's camera panel (sheet-camera.js: the
// settled frame, each die to fix, confirm or remove, Accept records `NAME: roll ...`) with this
// game's button. The camera reads all five dice, kept ones too; dice clicked aside are recorded
// (`NAME: keep ...`) before the throw is declared, so the rules can check they still lie there.

import { el } from "./colours.js";
import { SheetCameraPanel } from "./sheet-camera.js";

export class ThrowCameraPanel extends SheetCameraPanel {
  /** `beforeThrow()` records the dice kept aside, if they changed; false when refused. */
  constructor(node, game, beforeThrow) {
    super(node, game);
    this.beforeThrow = beforeThrow;
  }

  rollButton(state) {
    const turn = state.turn;
    if (state.over || turn.throws >= 3) {
      const why = state.over ? "The game is over." : `${turn.player} has thrown 3 times: choose a box.`;
      return [el("p", { class: "help", id: "camera-roll-why" }, why)];
    }
    const { ok, text } = this.camera;
    const button = el("button", { type: "button", class: "big", id: "camera-roll", disabled: !ok,
      title: ok ? `the next roll that settles is ${turn.player}'s throw` : text,
      onclick: async () => {
        if (await this.beforeThrow(this.error)) await this.call("POST", "attempt", { player: turn.player });
      } }, `Throw ${turn.throws + 1} with the camera for ${turn.player}`);
    const help = turn.throws ? "The camera reads all five dice, the kept ones too." : null;
    const why = ok ? null : el("p", { class: "help", id: "camera-roll-why", role: "status" }, `${text} Type the dice below.`);
    return [button, help && el("p", { class: "help" }, help), why];
  }
}
