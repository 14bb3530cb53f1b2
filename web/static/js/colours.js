// Colour names, icons and die faces. Colour is never the only cue: every swatch carries its
// name and a shape, so colour-blind players can read the table too.

const SVG = "http://www.w3.org/2000/svg";

export const COLOURS = {
  red: { hex: "#d32f2f", ink: "#ffffff", shape: "circle" },
  orange: { hex: "#f57c00", ink: "#1b1b1b", shape: "diamond" },
  yellow: { hex: "#fbc02d", ink: "#1b1b1b", shape: "triangle" },
  green: { hex: "#2e7d32", ink: "#ffffff", shape: "leaf" },
  blue: { hex: "#1565c0", ink: "#ffffff", shape: "square" },
  purple: { hex: "#7b1fa2", ink: "#ffffff", shape: "star" },
  black: { hex: "#212121", ink: "#ffffff", shape: "cross" },
  white: { hex: "#f5f5f5", ink: "#1b1b1b", shape: "ring" },
  other: { hex: "#9e9e9e", ink: "#1b1b1b", shape: "ring" },
};

export const DIE_COLOURS = ["red", "yellow", "blue"];
export const PRIMARIES = ["red", "yellow", "blue"];
export const SECONDARIES = { orange: ["red", "yellow"], green: ["yellow", "blue"], purple: ["red", "blue"] };
export const GOAL_COLOURS = ["red", "orange", "yellow", "green", "blue", "purple", "black"];
export const LETTER = { red: "r", yellow: "y", blue: "b" };

/** A die as the server writes it in the record (`r3`; other colours spelled out): what a
 * correction names the die it changes by. */
export function dieToken(die) {
  return LETTER[die.colour] ? `${LETTER[die.colour]}${die.pips}` : `${die.colour} ${die.pips}`;
}

// Shapes drawn in a 24x24 box.
const SHAPES = {
  circle: '<circle cx="12" cy="12" r="9"/>',
  diamond: '<path d="M12 2 L22 12 L12 22 L2 12 Z"/>',
  triangle: '<path d="M12 2 L22.5 21 L1.5 21 Z"/>',
  leaf: '<path d="M4 20 C4 9 10 4 21 3 C20 14 15 20 4 20 Z"/>',
  square: '<rect x="3" y="3" width="18" height="18" rx="2"/>',
  star: '<path d="M12 1.5 L14.9 8.6 L22.5 9.2 L16.7 14.1 L18.5 21.6 L12 17.6 L5.5 21.6 L7.3 14.1 L1.5 9.2 L9.1 8.6 Z"/>',
  cross: '<path d="M5 2 L12 9 L19 2 L22 5 L15 12 L22 19 L19 22 L12 15 L5 22 L2 19 L9 12 L2 5 Z"/>',
  ring: '<circle cx="12" cy="12" r="8" fill="none" stroke-width="4"/>',
};

export function info(colour) {
  return COLOURS[colour] || COLOURS.other;
}

export function capitalise(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}

function svgElement(markup) {
  const holder = document.createElementNS(SVG, "svg");
  holder.innerHTML = markup;
  return holder;
}

/** A small shape in the colour, outlined so it shows on any background. */
export function icon(colour, size = 20) {
  const c = info(colour);
  const svg = svgElement(SHAPES[c.shape]);
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("class", `icon icon-${colour}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("fill", c.hex);
  svg.setAttribute("stroke", c.shape === "ring" ? c.hex : "#000");
  svg.setAttribute("stroke-width", c.shape === "ring" ? "4" : "1");
  return svg;
}

/** Icon plus the colour's name: the one way pages name a colour. */
export function colourLabel(colour, text) {
  const span = el("span", { class: `colour-label colour-${colour}` });
  span.append(icon(colour), el("span", { class: "colour-name" }, text ?? colour));
  return span;
}

const PIP_SPOTS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/** A die face in its colour with its pips drawn, and the colour's icon in a corner. */
export function dieFace(colour, pips, size = 48, unsure = false) {
  const c = info(colour);
  const spots = (PIP_SPOTS[pips] || [])
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${c.ink}"/>`)
    .join("");
  const mark = unsure ? '<text x="88" y="20" font-size="22" text-anchor="end" fill="#000" stroke="#fff" stroke-width="1">?</text>' : "";
  const svg = svgElement(
    `<rect x="3" y="3" width="94" height="94" rx="16" fill="${c.hex}" stroke="#000" stroke-width="4"/>` +
      spots + mark,
  );
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("class", `die die-${colour}${unsure ? " die-unsure" : ""}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${colour} ${pips}${unsure ? " (unsure)" : ""}`);
  return svg;
}

/** `document.createElement` with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many ?? one + "s"}`;
}
