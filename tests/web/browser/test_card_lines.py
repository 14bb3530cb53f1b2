"""Every action card's form builds a record line the RYB parser reads: the forms run in the
browser (the real cards.js), the lines go through `parse_event` in Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.exports.record import replay
from companion.games import find_game
from tests.web.browser.conftest import Dashboard

GOLDEN = Path(__file__).parents[2] / "companion" / "golden" / "example3.ryb"

# verb, what to set in its form, the line it must build (for Al, in Example 3's state).
# Set: `name=value` for a named field, `+colour` adds a die, `label colour=n` sets a counter.
CASES: list[tuple[str, list[str], str]] = [
    ("gimme", ["target=Bruce", "colour=yellow"], "gimme Bruce yellow"),
    (
        "swap",
        ["target=Bruce", "+red", "+yellow", "take red=1", "take yellow=1"],
        "swap Bruce r1 y1 take r y",
    ),
    ("swap", ["target=Catherine", "+blue"], "swap Catherine b1"),
    ("redrover", ["number=3"], "redrover Bruce 3 r1 r1 y1 y1 y1 b1 b1"),
    ("shanghai", ["target=Catherine", "colour=blue"], "shanghai Catherine blue"),
    ("reset", [], "reset"),
    ("balance", ["target=Bruce", "dice given blue=2"], "balance Bruce b b"),
    ("teaparty", ["side=right"], "teaparty right"),
    ("recycle", ["card=gimme Bruce red"], "recycle gimme Bruce red"),
    ("trade", [], "trade"),
    (
        "void",
        ["target=Bruce", "colour=red", "receivers=Catherine Al"],
        "void Bruce red Catherine Al",
    ),
    ("swissbank", ["goal=#2"], "swissbank #2"),
    ("raid", ["target=Catherine"], "raid Catherine"),
    ("exchange", ["target=Bruce", "give red=1", "take blue=1"], "exchange Bruce give r take b"),
    ("doover", [], "doover r3 r4"),
    ("reroll", ["returned=#1"], "reroll return #1 r3 r4"),
]

BUILD = """
async ([verb, settings, state]) => {
  const { cardForm } = await import("/static/js/cards.js");
  const form = cardForm(verb, { state, actor: "Al" });
  document.body.append(form.node);
  for (const setting of settings) {
    if (setting.startsWith("+")) {
      form.node.querySelector(`.add-${setting.slice(1)}`).click();
      continue;
    }
    const [key, value] = setting.split("=");
    const field = key.includes(" ")
      ? form.node.querySelector(`[aria-label="${key} dice"]`)
      : form.node.querySelector(`[name="${key}"]`);
    field.value = value;
    field.dispatchEvent(new Event("change"));
  }
  const line = form.line();
  form.node.remove();
  return line;
}
"""


@pytest.fixture(scope="module")
def example3() -> Any:
    return replay(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("verb", "settings", "line"), CASES)
def test_the_parser_reads_the_expected_line(
    example3: Any, verb: str, settings: list[str], line: str
) -> None:
    rules = find_game("ryb")
    event = rules.parse_event(f"Al: {line}", example3)
    assert rules.format_event(event).split(": ", 1)[1].split()[0] == verb


@pytest.mark.browser
def test_card_forms_build_those_lines(page: Any, dashboard: Dashboard, example3: Any) -> None:
    state = find_game("ryb").state_json(example3)
    page.goto(dashboard.url("/overlay?test=1"))
    built = [page.evaluate(BUILD, [verb, settings, state]) for verb, settings, _ in CASES]
    assert built == [line for _, _, line in CASES]
