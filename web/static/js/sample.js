// Sample content for `?test=1`: lets a streamer place the overlay in OBS before any game runs.

const players = [
  { name: "Al", seat: 0, score: 63, colours_done: ["green", "red"], needs: { colours: 1, points: 38 } },
  { name: "Bruce", seat: 1, score: 40, colours_done: ["black"], needs: { colours: 2, points: 61 } },
  { name: "Catherine", seat: 2, score: 72, colours_done: ["red", "blue"], needs: { colours: 1, points: 29 } },
];

export const SAMPLE_VIEW = {
  id: "sample",
  seq: 12,
  version: "12.0",
  state: {
    game: "ryb",
    moves: 12,
    winner: null,
    players: players.map((p) => ({ ...p, dice: { red: 2, yellow: 2, blue: 2 }, borrowed: { red: 0, yellow: 0, blue: 0 }, treasure: [] })),
    goals: [
      { index: 1, ref: "#1", colour: "orange", target: 9, banked: 4, needed: 5, value: 27, swiss: [] },
      { index: 2, ref: "#2", colour: "yellow", target: 15, banked: 11, needed: 4, value: 30, swiss: [] },
      { index: 3, ref: "#3", colour: "purple", target: 7, banked: 0, needed: 7, value: 21, swiss: [] },
    ],
    turn: { player: "Bruce", seat: 1, phase: "bank", next: [] },
    last_attempt: {
      player: "Bruce",
      goal: { colour: "orange", target: 9, value: 27, owner: null },
      dice: [{ colour: "red", pips: 4 }, { colour: "red", pips: 4 }, { colour: "yellow", pips: 5 }, { colour: "yellow", pips: 2 }],
      totals: { red: 8, orange: 7, yellow: 7, green: 0, blue: 0, purple: 0, black: 0 },
      points: 7,
      needed: 9,
      completed: false,
      banked: null,
      on_swiss: false,
    },
  },
};
