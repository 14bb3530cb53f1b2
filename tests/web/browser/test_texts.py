"""Words the pages' scripts write (issue 47 item 8), checked on their pure functions in the
browser: the score plot's ticks and "1 move", the modifier kid's steps for a card that sets a
die, and the words for a dashboard that cannot be reached (the browser said "Failed to fetch")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard

pytestmark = pytest.mark.browser


def _run(page: Any, dashboard: Dashboard, script: str) -> Any:
    page.goto(dashboard.url("/"))
    return page.evaluate(script)


def test_the_words_the_scripts_write(page: Any, dashboard: Dashboard) -> None:
    found = _run(
        page,
        dashboard,
        """async () => {
          const plot = await import('/static/js/score-plot.js');
          const steps = await import('/static/js/modifier-steps.js');
          const api = await import('/static/js/api.js');
          const node = document.createElement('div');
          const points = [{seq: 0, scores: [0]}, {seq: 1, scores: [21]}];
          plot.drawScores(node, {players: ['Al'], points});
          const die = {rolled: 2, trail: [{card: '=4', value: 4}]};
          const table = {players: [{name: 'Ann', dice: [die]}]};
          let offline = '';
          const real = window.fetch;
          window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
          try { await api.getJSON('/api/games'); } catch (e) { offline = e.message; }
          window.fetch = real;
          return {ticks: [plot.ticks(21), plot.ticks(100), plot.ticks(3), plot.ticks(20, -5)],
                  moves: node.querySelector('svg').textContent,
                  set: steps.modifierSteps(table).map((s) => s.text), offline};
        }""",
    )
    assert found["ticks"] == [[0, 10, 21], [0, 50, 100], [0, 1, 2, 3], [-5, 0, 10, 20]]
    assert "1 move" in found["moves"] and "1 moves" not in found["moves"]
    assert found["set"] == ["2", "2, set to 4"]
    assert "Failed to fetch" not in found["offline"] and "cannot be reached" in found["offline"]
