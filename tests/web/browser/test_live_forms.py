"""The controls are redrawn on every change of the game (a camera roll, another tab) without
losing what a person is typing (issue #24 item 3)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.api.support import FakeCamera, build, serving, settled
from tests.web.browser.conftest import Dashboard, wait_until
from vision.types import Colour

pytestmark = pytest.mark.browser


def changed_elsewhere(dashboard: Dashboard, game: str, page: Any) -> None:
    """Another tab takes the last move back and plays it again: two redraws."""
    for kind in ("undo", "redo"):
        seq = page.get_attribute("#table-view", "data-seq")
        status, _ = dashboard.post(f"/api/games/{game}/{kind}", {})
        assert status == 200
        page.wait_for_selector(f"#table-view:not([data-seq='{seq}'])")


def test_a_hand_roll_and_a_typed_line_survive_a_redraw(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#control-attempt .dice-editor")
    page.click("#control-line summary")
    page.fill("#control-line input[name=line]", "gimme Bruce red")
    faces = page.locator("#control-attempt .dice-editor button.die-button")
    assert faces.count() == 4
    faces.nth(1).click()
    faces.nth(1).click()
    page.click("#control-attempt .dice-editor button.add-blue")
    hand = [faces.nth(k).get_attribute("aria-label") for k in range(faces.count())]
    assert len(hand) == 5 and hand[1].startswith("die 2: red 3")
    page.focus("#control-line input[name=line]")

    changed_elsewhere(dashboard, game, page)

    assert page.input_value("#control-line input[name=line]") == "gimme Bruce red"
    assert page.locator("#control-line").get_attribute("open") is not None
    assert [faces.nth(k).get_attribute("aria-label") for k in range(faces.count())] == hand
    assert page.evaluate("document.activeElement.name") == "line"


def test_a_half_filled_card_form_survives_a_redraw(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    for line in ("Al: goal orange 7", "Al: attempt orange r1 r1 y1 y1", "Al: bank 0", "Al: pass"):
        session.append(game, line)
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#control-goal-card")
    page.select_option("#control-goal-card select[name=goal-colour]", "green")
    page.select_option("#control-goal-card select[name=goal-card]", "other")
    page.fill("#control-goal-card input[name=goal-target]", "10")

    changed_elsewhere(dashboard, game, page)

    assert page.input_value("#control-goal-card select[name=goal-colour]") == "green"
    assert page.input_value("#control-goal-card select[name=goal-card]") == "other"
    assert page.input_value("#control-goal-card input[name=goal-target]") == "10"
    assert page.locator("#control-goal-card input[name=goal-target]").is_visible()


def test_a_move_of_ones_own_starts_the_forms_afresh(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#control-goal-card")
    page.select_option("#control-goal-card select[name=goal-colour]", "orange")
    page.select_option("#control-goal-card select[name=goal-card]", "7")
    page.click("#control-line summary")
    page.fill("#control-line input[name=line]", "pass")
    page.click("#control-goal-card button[type=submit]")
    page.wait_for_selector("#table-view[data-seq='1']")
    assert page.input_value("#control-line input[name=line]") == ""


@pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)
def test_a_roll_being_corrected_is_not_replaced(page: Any, dashboard: Dashboard) -> None:
    """Issue #24 item 2: a throw settling meanwhile waits, shown as such, until a person
    takes it; a correction goes to the die it names."""
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#camera-attempt")
    page.wait_for_selector("#pending .waiting")
    first = (Colour.RED, 3, False), (Colour.RED, 4, False), (Colour.YELLOW, 4, False)
    session.offer_roll(settled(*first, (Colour.BLUE, 2, False)))
    page.wait_for_selector("#pending .pending-roll")
    page.click("#pending .pending-roll .die-edit[data-index='3'] button.remove")
    page.wait_for_selector("#pending .pending-roll .die-edit[data-index='2']")
    wait_until(page, "document.querySelectorAll('#pending .pending-roll .die-edit').length === 3")

    session.offer_roll(settled((Colour.RED, 1, False), (Colour.YELLOW, 1, False)))
    page.wait_for_selector("#pending .queued-note")
    assert "r1 y1" in page.inner_text("#pending .queued-note")
    assert page.locator("#pending .pending-roll .die-edit").count() == 3  # corrections kept
    assert "removed die 4 (b2)" in page.inner_text("#pending .summary")

    page.click("#use-queued")
    wait_until(page, "document.querySelectorAll('#pending .pending-roll .die-edit').length === 2")
    assert page.locator("#pending .queued-note").count() == 0


@pytest.mark.parametrize("dashboard", [{"camera": FakeCamera()}], indirect=True)
def test_the_hand_entry_survives_a_settling_roll(page: Any, dashboard: Dashboard) -> None:
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.click("#camera-attempt")
    page.wait_for_selector("#pending .waiting")
    page.click("#pending details.hand-entry summary")
    faces = page.locator("#pending details.hand-entry button.die-button")
    faces.nth(0).click()
    faces.nth(0).click()
    typed = [faces.nth(k).get_attribute("aria-label") for k in range(faces.count())]
    session.offer_roll(settled((Colour.RED, 1, False), (Colour.YELLOW, 1, False)))
    page.wait_for_selector("#pending .pending-roll")
    assert page.locator("#pending details.hand-entry").get_attribute("open") is not None
    assert [faces.nth(k).get_attribute("aria-label") for k in range(faces.count())] == typed


@pytest.mark.parametrize(
    ("camera", "words", "offered"),
    [
        (None, "No camera: the dashboard was started without one.", False),
        (FakeCamera("ok", fps=14.96), "Camera on · 15.0 frames/s", True),
        (
            FakeCamera("lost", "camera 0: lost (open failed: no device; 3 retries)"),
            "No camera found at camera 0: trying again (try 3).",
            False,
        ),
        (
            FakeCamera(
                "lost", "camera 0: lost (no frame for 2.1 s: the stream stalled; 0 retries)"
            ),
            "Camera lost: camera 0 stopped sending pictures; reconnecting.",
            False,
        ),
    ],
    ids=["none", "ok", "no-device", "stalled"],
)
def test_the_table_shows_the_cameras_state_and_offers_only_what_works(
    page: Any, tmp_path: Any, camera: FakeCamera | None, words: str, offered: bool
) -> None:
    """Issue #24 item 4: the camera's state in words, and "Roll with the camera" only when a
    roll can come."""
    app, session = build(tmp_path, camera)
    try:
        with serving(app) as server:
            game = session.create_from_options(["Al", "Bruce"], {}).game_id
            session.append(game, "Al: goal orange 7")
            page.goto(f"http://{server.host}:{server.port}/games/{game}")
            page.wait_for_selector("#camera .camera-state")
            wait_until(
                page,
                "(w) => document.querySelector('#camera .camera-state').textContent === w",
                words,
            )
            assert page.is_disabled("#camera-attempt") is not offered
            if not offered:
                assert page.get_attribute("#camera-attempt", "title") == words
            page.close()  # ends the video stream before the server stops
    finally:
        session.close()


def test_a_moves_late_answer_does_not_draw_over_a_newer_view(
    page: Any, dashboard: Dashboard
) -> None:
    # The move is taken back in another tab while its answer is on its way: the stream brings
    # both, and the older answer must not draw the move back onto the page.
    session = dashboard.session
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    page.goto(dashboard.url(f"/games/{game}"))
    page.wait_for_selector("#live-status[data-state=live]")
    held: list[tuple[Any, Any]] = []
    page.route("**/events", lambda route: held.append((route, route.fetch())))
    page.click("#control-line summary")
    page.fill("#control-line input[name=line]", "attempt orange r1 r1 y1 y1")
    page.press("#control-line input[name=line]", "Enter")
    page.wait_for_selector("#table-view[data-seq='2']")  # drawn from the stream
    status, _ = dashboard.post(f"/api/games/{game}/undo", {})
    assert status == 200
    page.wait_for_selector("#table-view[data-seq='1']")
    route, answer = held[0]
    route.fulfill(response=answer)
    page.wait_for_timeout(500)  # the answer arrives and is dropped
    assert page.get_attribute("#table-view", "data-seq") == "1"
