// The kid view's steps for a five-dice score: the dice thrown, then the dice that count added
// one at a time ("4 + 4 = 8"), then the box and how its score is made ("three 4s: 4 + 4 + 4 =
// 12"), with any extra bonus. A full house or a straight scores a fixed amount: one step says so.

const FACES = { ones: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 };
const SUMS = new Set(["three-kind", "four-kind", "chance"]);

function spoken(text) {
  return text.replaceAll(" + ", " plus ").replaceAll(" = ", " makes ");
}

function step(dice, lit, text) {
  return { dice, lit: new Set(lit), text, speech: spoken(text) };
}

/** Which of the dice make the score: the face of an upper box, or all five for a sum. */
function counting(last) {
  const face = FACES[last.box];
  if (face) return last.dice.map((d, k) => (d === face ? k : -1)).filter((k) => k >= 0);
  return SUMS.has(last.box) && last.points ? last.dice.map((_, k) => k) : [];
}

/** The steps of the last box filled (`state.last`). */
export function scoreSteps(last) {
  if (!last) return [];
  const dice = last.dice;
  const all = dice.map((_, k) => k);
  const out = [step(dice, all, `${last.player} threw ${dice.join(" ")}`)];
  const count = counting(last);
  const added = [];
  count.forEach((k, n) => {
    added.push(dice[k]);
    const sum = added.reduce((a, b) => a + b, 0);
    out.push(step(dice, count.slice(0, n + 1), n ? `${added.join(" + ")} = ${sum}` : `${dice[k]}`));
  });
  const lit = count.length ? count : last.points ? all : [];
  const bonus = last.bonus ? `, and ${last.bonus} more for another five of a kind!` : "";
  out.push(step(dice, lit, `${last.label}: ${last.why}${bonus}`));
  return out;
}

/** The one step of a throw still in play: the dice, and what the player does next. */
export function throwSteps(turn) {
  if (!turn.dice.length || !turn.player) return [];
  const next = turn.throws < 3 ? "keep some and throw again, or choose a box" : "choose a box";
  return [step(turn.dice, turn.dice.map((_, k) => k), `${turn.player}'s throw ${turn.throws} of 3: ${next}`)];
}
