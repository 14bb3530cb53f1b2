"""RGB played by clicking on its board view: an opening placement, a stack selected and moved,
an attack with its layer chosen, a starving Child fed, a refused line in words, and undo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, screenshot, wait_until

pytestmark = pytest.mark.browser
GOLDEN = Path(__file__).parents[2] / "companion" / "golden" / "rgb-win.rgb"


def act(tab: Any, do: Callable[[], None]) -> None:
    before = tab.get_attribute("#rgb-view", "data-seq")
    do()
    wait_until(
        tab, "(before) => document.querySelector('#rgb-view').dataset.seq !== before", arg=before
    )


def square(tab: Any, name: str) -> str:
    return str(tab.get_attribute(f"[data-square={name}]", "class"))


def test_an_opening_placement_by_clicking(page: Any, dashboard: Dashboard) -> None:
    status, view = dashboard.post(
        "/api/games", {"players": ["Al", "Bo"], "options": {"game": "rgb"}}
    )
    assert status == 201
    page.goto(dashboard.url(f"/games/{view['id']}"))
    assert "target" in square(page, "d2") and "target" not in square(page, "d5")
    page.click("[data-kind=medium]")
    act(page, lambda: page.click("[data-square=d2]"))
    assert "Al's Woman (medium): red, green, blue" in str(
        page.get_attribute("[data-square=d2]", "aria-label")
    )
    assert "Bo's turn" in page.inner_text("#rgb-status")


def test_moves_attacks_and_sustain_by_clicking(page: Any, dashboard: Dashboard) -> None:
    opening = [ln for ln in GOLDEN.read_text(encoding="utf-8").splitlines() if "place" in ln]
    record = '[Game "rgb"]\n[Players "Al, Bo"]\n' + "\n".join(opening) + "\n"
    status, view = dashboard.post("/api/games", {"record": record})
    assert status == 201
    tab = page
    tab.goto(dashboard.url(f"/games/{view['id']}"))
    tab.click("[data-square=d3]")
    assert "selected" in square(tab, "d3")
    assert "attack" in square(tab, "d6") and "target" in square(tab, "d4")
    tab.click("[data-square=d6]")
    act(tab, lambda: tab.click("#rgb-choice [data-layer=blue]"))
    assert "red, green" in str(tab.get_attribute("[data-square=d6]", "aria-label"))
    tab.click("[data-square=e7]")
    act(tab, lambda: tab.click("[data-square=f6]"))  # Bo's Woman steps diagonally
    tab.click("[data-square=c3]")
    act(tab, lambda: tab.click("[data-square=c4]"))  # alone on c4: it starves
    assert "starving" in square(tab, "c4")
    tab.click("[data-square=c4]")
    act(tab, lambda: tab.click("#rgb-choice [data-layer=green]"))
    assert "red, blue" in str(tab.get_attribute("[data-square=c4]", "aria-label"))
    tab.fill("#line-form input[name=line]", "Bo: move d7 d1")
    tab.click("#line-form button[type=submit]")
    wait_until(
        tab, "document.querySelector('#line-form .error').textContent.includes('in the way')"
    )
    screenshot(tab, "rgb-board")
    act(tab, lambda: tab.click("#undo"))
    assert "red, green, blue" in str(tab.get_attribute("[data-square=c4]", "aria-label"))
