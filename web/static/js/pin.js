// The kid view's optional PIN: set on the table view, kept in this browser's localStorage,
// asked for (on a big keypad, nothing to type) before leaving the kid view.

import { el } from "./colours.js";

const KEY = "dicetable.kidPin";

export function storedPin() {
  try {
    return window.localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

function savePin(pin) {
  try {
    if (pin) window.localStorage.setItem(KEY, pin);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private browsing without storage: the kid view simply has no PIN.
  }
}

/** The table view's small form: set or clear the PIN (digits only, 3 to 6 of them). */
export function setupPin(form) {
  if (!form) return;
  const input = form.querySelector("input");
  const note = form.querySelector(".pin-note");
  const show = () => {
    note.textContent = storedPin() ? "A PIN is set for leaving the kid view on this device." : "No PIN: anyone can leave the kid view.";
  };
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const pin = input.value.trim();
    if (pin && !/^\d{3,6}$/.test(pin)) {
      note.textContent = "A PIN is 3 to 6 digits.";
      return;
    }
    savePin(pin);
    input.value = "";
    show();
  });
  show();
}

/** A keypad dialog; resolves true when the PIN is right (or none is set). */
export function askPin(container) {
  const pin = storedPin();
  if (!pin) return Promise.resolve(true);
  return new Promise((resolve) => {
    let typed = "";
    const shown = el("div", { class: "pin-shown", "aria-live": "polite" }, "");
    const close = (ok) => {
      pad.remove();
      resolve(ok);
    };
    const press = (digit) => {
      typed += digit;
      shown.textContent = "●".repeat(typed.length);
      if (typed.length >= pin.length) {
        if (typed === pin) close(true);
        else {
          typed = "";
          shown.textContent = "try again";
        }
      }
    };
    const keys = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((d) => el("button", { type: "button", class: "pin-key", onclick: () => press(String(d)) }, String(d)));
    const pad = el("div", { class: "pin-pad", role: "dialog", "aria-label": "grown-up PIN" },
      el("p", {}, "Grown-up PIN to leave:"), shown, el("div", { class: "pin-keys" }, ...keys),
      el("button", { type: "button", class: "pin-cancel", onclick: () => close(false) }, "stay here"));
    container.append(pad);
  });
}
