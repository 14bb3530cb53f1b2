// The arithmetic of every modified die in the modifier dice game, as steps a child can follow:
// the face the die shows, then each card and the value it leaves ("4, +2 = 6, x2 = 12").
// The values come from the server's state JSON (each die's `trail`); nothing is computed here.

const WORDS = { reroll: "roll again", pick: "turn the die", flip: "flip the die", neg: "change the sign", x2: "double it", "/2": "half, rounded down" };

function cardWords(card) {
  if (WORDS[card]) return WORDS[card];
  if (card.startsWith("=")) return `make it ${card.slice(1)}`;
  if (card.startsWith("+")) return `plus ${card.slice(1)}`;
  if (card.startsWith("-")) return `minus ${card.slice(1)}`;
  return card;
}

/**
 * `table`: the state's `table` (the latest round). Returns steps
 * `{player, die: {rolled, face, value, cards, trail}, index, upto, text, speech}`, where `upto`
 * is how many of the die's trail steps are done (0: the rolled face alone).
 */
export function modifierSteps(table) {
  const steps = [];
  for (const seat of (table && table.players) || []) {
    seat.dice.forEach((die, index) => {
      if (!die.trail.length) return;
      const who = `${seat.name}, die ${index + 1}`;
      steps.push({ player: seat.name, die, index, upto: 0, text: `${die.rolled}`, speech: `${who} shows ${die.rolled}.` });
      let text = `${die.rolled}`;
      die.trail.forEach((step, k) => {
        // "=4" sets the die: "2, set to 4", not "2, =4 = 4".
        text += step.card.startsWith("=") ? `, set to ${step.value}` : `, ${step.card} = ${step.value}`;
        steps.push({ player: seat.name, die, index, upto: k + 1, text, speech: `${cardWords(step.card)}: ${step.value}.` });
      });
    });
  }
  return steps;
}
