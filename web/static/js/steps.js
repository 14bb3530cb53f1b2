// A roll's colour totals as steps a child can follow: each primary colour summed die by die,
// each secondary as the smaller of its two primaries, black as the smallest of the three.

import { PRIMARIES, SECONDARIES } from "./colours.js";

const isDie = (d) => PRIMARIES.includes(d.colour) && d.pips >= 1 && d.pips <= 6;

/**
 * `roll`: `{dice: [{colour, pips}], totals?, goal?: {colour, target}, player?, needed?, completed?}`.
 * Returns steps `{text, speech, dice: [indices], colour, value}`.
 */
export function rollSteps(roll) {
  const dice = (roll.dice || []).map((d, index) => ({ ...d, index })).filter(isDie);
  const sums = {};
  const steps = [];
  for (const colour of PRIMARIES) {
    const mine = dice.filter((d) => d.colour === colour);
    if (!mine.length) continue;
    sums[colour] = mine.reduce((total, d) => total + d.pips, 0);
    const pips = mine.map((d) => d.pips);
    const text = pips.length === 1 ? `one ${colour} die: ${pips[0]} ${colour}` : `${pips.join(" + ")} = ${sums[colour]} ${colour}`;
    const speech = pips.length === 1 ? `One ${colour} die: ${pips[0]} ${colour}.` : `${pips.join(" plus ")} equals ${sums[colour]} ${colour}.`;
    steps.push({ text, speech, dice: mine.map((d) => d.index), colour, value: sums[colour] });
  }
  for (const [colour, [a, b]] of Object.entries(SECONDARIES)) {
    if (sums[a] === undefined || sums[b] === undefined) continue;
    const value = Math.min(sums[a], sums[b]);
    const text = sums[a] === sums[b]
      ? `${sums[a]} ${a} and ${sums[b]} ${b} are the same: ${colour} ${value}`
      : `the smaller of ${sums[a]} ${a} and ${sums[b]} ${b} is ${value}: ${colour} ${value}`;
    steps.push({ text, speech: `${text}.`, dice: dice.filter((d) => d.colour === a || d.colour === b).map((d) => d.index), colour, value });
  }
  if (PRIMARIES.every((c) => sums[c] !== undefined)) {
    const value = Math.min(...PRIMARIES.map((c) => sums[c]));
    const text = `the smallest of ${sums.red} red, ${sums.yellow} yellow and ${sums.blue} blue is ${value}: black ${value}`;
    steps.push({ text, speech: `${text}.`, dice: dice.map((d) => d.index), colour: "black", value });
  }
  if (roll.goal) steps.push(goalStep(roll, dice));
  return steps;
}

/** The goal step: what was banked toward the goal before, plus this roll, against its target
 * (`roll.needed`: the points still needed before this roll; absent, nothing was banked). */
function goalStep(roll, dice) {
  const colour = roll.goal.colour;
  const target = roll.goal.target;
  const points = roll.totals && roll.totals[colour] !== undefined ? roll.totals[colour] : 0;
  const needed = typeof roll.needed === "number" ? roll.needed : target;
  const before = Math.max(0, target - needed);
  const who = roll.player ? `${roll.player}'s` : "The";
  let text = `${who} goal is ${colour} ${target}: `;
  let speech = text;
  // "11 of 9" reads as a fraction to a child: past the target it is "11 is 9 or more".
  const enough = (sum) => sum > target;
  if (before > 0) {
    const sum = before + points;
    text += `${before} banked + ${points} this roll = ${enough(sum) ? `${sum}: ${sum} is ${target} or more` : `${sum} of ${target}`}`;
    speech += `${before} banked plus ${points} this roll makes ${sum}, ${enough(sum) ? `and ${sum} is ${target} or more` : `of ${target}`}`;
  } else {
    const told = enough(points) ? `: ${points} is ${target} or more` : ` of ${target}`;
    text += `${points} ${colour} points${told}`;
    speech += `${points} ${colour} points${told}`;
  }
  if (roll.completed) {
    text += ". Goal complete!";
    speech += ". Goal complete!";
  } else if (points < needed) {
    const more = needed - points;
    text += `: not enough yet, ${more} more`;
    speech += `. Not enough yet: ${more} more.`;
  }
  return { text, speech: /[.!]$/.test(speech) ? speech : `${speech}.`, dice: dice.map((d) => d.index), colour, value: points, goal: true };
}
