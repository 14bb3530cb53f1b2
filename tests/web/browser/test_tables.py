"""The register step in the browser: look at the dice, answer for a colour group, keep them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from calibration.empty import load_empty
from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader
from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import LAPTOP, WAIT_MS, screenshot, tap_on_die, wait_until
from web.app import create_app
from web.config import WebConfig

pytestmark = pytest.mark.browser


@contextmanager
def _fresh_tables_page(
    chromium: Any,
    data: Path,
    frame: npt.NDArray[np.uint8],
    viewport: dict[str, int],
    errors: list[str],
) -> Iterator[tuple[Any, TableDesk]]:
    """`/tables` open on a camera showing `frame` to a table that remembers nothing yet, and
    its desk; the page's script errors go to `errors`."""
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), frame)
    desk = TableDesk(open_store(data), "default", feed.reader)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    context = chromium.new_context(viewport=viewport)
    context.set_default_timeout(WAIT_MS)
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/tables", wait_until="domcontentloaded")
            tab.wait_for_selector("#memory-summary:has-text('remembers 0 dice')")
            yield tab, desk
            tab.close()
    finally:
        context.close()
        session.close()


def test_the_players_register_their_dice_group_by_group(chromium: Any, tmp_path: Path) -> None:
    from vision.memory import Confirmed
    from vision.types import Colour

    errors: list[str] = []
    phone = [Confirmed((1.0, 0.0), Colour.RED, 6, None, 30.0)]  # a game's phone's table
    open_store(tmp_path / "data").add("phone-abc123", phone, "play")
    with _fresh_tables_page(chromium, tmp_path / "data", fixture_frame(), LAPTOP, errors) as (
        tab,
        desk,
    ):
        tab.on("dialog", lambda dialog: dialog.accept())
        tab.click("#look")
        tab.wait_for_selector("#register-groups select")
        first = tab.locator("#register-groups select").first
        read_as = first.get_attribute("name")
        first.select_option("none")
        # The last die's face as the players say it is (a logo 6 the camera read as another).
        face = tab.locator("#register-groups select[name='face']").last
        given = "6" if face.get_attribute("data-read") != "6" else "5"
        face.select_option(given)
        screenshot(tab, "tables-register")
        tab.click("#keep-dice")
        tab.wait_for_selector("#memory-summary:has-text('Kept')")
        summary = tab.inner_text("#memory-summary")
        tab.wait_for_selector("#every-table-list li", state="attached")
        tab.click("#every-table summary")
        every = tab.inner_text("#every-table-list")
        screenshot(tab, "tables-every-table")
        tab.click("#every-table-list button[data-table='phone-abc123']")
        tab.wait_for_selector("#every-table-list button", state="detached")
        after = tab.inner_text("#every-table-list")
    assert errors == []
    assert every.startswith("default (this camera's): ") and "phone-abc123: 1 die (1 red)" in every
    assert "phone-abc123" not in after and open_store(tmp_path / "data").summaries()[0].name == (
        "default"
    )
    assert "not a die" in summary and read_as
    assert "Faces taught: 1" in summary
    assert desk.summary()["counts"].get("not a die", 0) >= 1
    assert desk.summary()["faces"][given] >= 1


def test_the_phantom_step_marks_a_boards_pieces_one_by_one(chromium: Any, tmp_path: Path) -> None:
    """Every candidate is numbered on the picture with its own "not a die" box: the players
    tick the board's phantoms among real dice of their colour, keep, and record the empty
    table; the memory holds exactly the phantoms as "not a die"."""
    from companion.tables.register import groups, numbered
    from tests.tables.support import board

    table = board(5041)
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), table.thrown)
    desk = TableDesk(open_store(data), "default", feed.reader, data)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    shown = numbered(groups([d for d in feed.reader.read(table.thrown).dice if d.signature]))
    phantoms = [k for k, d in enumerate(shown) if not table.is_die(d)]
    assert phantoms, "the board should give the reader phantoms"
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.on("dialog", lambda dialog: dialog.accept())
            tab.goto(f"http://{server.host}:{server.port}/tables", wait_until="domcontentloaded")
            tab.wait_for_selector("#memory-summary:has-text('No empty table')")
            tab.click("#look")
            tab.wait_for_selector("#register-groups input[name='not-a-die']")
            boxes = tab.locator("#register-groups input[name='not-a-die']")
            assert boxes.count() == len(shown)
            wait_until(tab, "document.getElementById('register-picture').naturalWidth > 0")
            for k in phantoms:
                tab.check(f"#register-groups input[name='not-a-die'][value='{k}']")
            screenshot(tab, "tables-phantoms")
            tab.click("#keep-dice")
            tab.wait_for_selector("#memory-summary:has-text('Kept')")
            # Issue 47 item 1: the dice are still on the table, so the look warns with their
            # count and numbers them on its picture before anything is kept.
            tab.click("#record-empty")
            tab.wait_for_selector("#empty-message:has-text('The camera sees')")
            warned = tab.inner_text("#empty-message")
            keep_label = tab.inner_text("#keep-empty")
            wait_until(tab, "document.getElementById('empty-picture').naturalWidth > 0")
            screenshot(tab, "tables-empty-with-dice")
            feed.frame = table.empty  # the players take the dice off and look again
            tab.click("#empty-again")
            wait_until(
                tab, "t => document.getElementById('empty-message').textContent !== t", warned
            )
            tab.click("#keep-empty")
            tab.wait_for_selector("#empty-status:has-text('Recorded the empty table')")
            tab.wait_for_selector("#memory-summary:has-text('The empty table is recorded')")
            summary = tab.inner_text("#empty-status")
            kept = load_empty(data, "default") is not None
            tab.click("#forget-empty")
            tab.wait_for_selector("#empty-status:has-text('Forgot the empty table')")
            assert tab.locator("#forget-empty").is_hidden()
            tab.close()
    finally:
        context.close()
        session.close()
    assert errors == []
    dice = sum(table.is_die(d) for d in shown)
    assert f"The camera sees {dice} dice" in warned and "pieces of the board" in keep_label
    assert "Recorded the empty table" in summary and kept
    assert load_empty(data, "default") is None
    counts = desk.summary()["counts"]
    assert counts["not a die"] == len(phantoms)
    assert sum(counts.values()) == len(shown)


def test_remove_not_a_die_on_a_camera_roll_teaches_the_table(chromium: Any, tmp_path: Path) -> None:
    """The camera roll panel offers "not a die" beside "remove" for dice the camera read; the
    accepted roll teaches the table that die as "not a die", and the plain removal nothing."""
    from dataclasses import replace

    from tests.web.api.support import orange_game, settled
    from vision.types import Colour, DiceReading

    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    feed = FakeFeed(fresh_reader(), fixture_frame())
    desk = TableDesk(open_store(data), "default", feed.reader, data)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    context = chromium.new_context(viewport=LAPTOP)
    context.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    r, y, k = Colour.RED, Colour.YELLOW, Colour.BLACK
    roll = settled(
        (r, 3, False), (r, 4, False), (y, 4, False), (y, 5, False), (k, 1, False), (k, 2, False)
    )
    signed = tuple(replace(d, signature=(1.0, float(n))) for n, d in enumerate(roll.reading))
    try:
        game = orange_game(session)
        session.declare_attempt(game, "Al", "orange")
        session.offer_roll(replace(roll, reading=DiceReading(signed)))
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/games/{game}")
            tab.wait_for_selector("#pending .pending-roll .die-edit[data-index='5']")
            dice = "#pending .pending-roll .die-edit"
            assert tab.locator(f"{dice} button.not-a-die").count() == 6
            tab.click(f"{dice}[data-index='5'] button.not-a-die")
            tab.wait_for_selector(f"{dice}[data-index='5']", state="detached")
            tab.click(f"{dice}[data-index='4'] button.remove:not(.not-a-die)")
            tab.wait_for_selector(f"{dice}[data-index='4']", state="detached")
            assert "not a die" in tab.inner_text("#pending .summary")
            screenshot(tab, "camera-roll-not-a-die")
            tab.click("#accept-roll")
            tab.wait_for_selector("#pending", state="hidden")
            tab.close()
    finally:
        context.close()
        session.close()
    assert errors == []
    assert desk.summary()["counts"] == {"red": 2, "yellow": 2, "not a die": 1}


@pytest.mark.parametrize("viewport", [LAPTOP, {"width": 390, "height": 844}])
def test_a_logo_face_the_camera_passed_over_is_registered_from_the_page(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """A red logo 1 the network calls "not a die" is offered under "passed over"; the players
    say it is a die showing 1, and the table is taught that face."""
    from tests.tables.support import logo_one_photo as _photo
    from vision.types import iou

    scene = _photo()
    reader = fresh_reader()
    reading = reader.read(scene.image_bgr)
    ones = [d.box_xyxy for d in scene.visible_dice if d.pips == 1]
    passed = reader.passed_over(scene.image_bgr, reading.dice)
    (logo,) = [k for k, d in enumerate(passed) if max(iou(d.box_xyxy, o) for o in ones) > 0.5]
    index = len(reading.dice) + logo
    errors: list[str] = []
    with _fresh_tables_page(chromium, tmp_path / "data", scene.image_bgr, viewport, errors) as (
        tab,
        desk,
    ):
        tab.click("#look")
        tab.wait_for_selector("#register-passed-list select")
        assert tab.locator("#register-passed").is_visible()
        tab.select_option(f"#register-passed-list select[data-index='{index}']", "1")
        wait_until(tab, "document.getElementById('register-picture').naturalWidth > 0")
        screenshot(tab, f"tables-passed-over-{viewport['width']}")
        tab.click("#keep-dice")
        tab.wait_for_selector("#memory-summary:has-text('Kept')")
        summary = tab.inner_text("#memory-summary")
    assert errors == []
    assert f"Kept {len(reading.dice) + 1} dice" in summary
    read_ones = sum(1 for d in reading.dice if d.pips == 1)
    assert desk.summary()["faces"]["1"] == read_ones + 1


PHONE = {"width": 390, "height": 844}
STREAM = {"width": 1920, "height": 1080}


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE, STREAM], ids=["laptop", "phone", "stream"])
def test_dice_the_camera_read_none_of_are_pointed_at(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """A board's small dice: the look reads none. "Point at a die the camera missed", a tap on
    one in the picture, and it is listed, said to be a die showing its face as read; kept, the
    table knows its size."""
    from tests.tables.support import small_board_photos

    errors: list[str] = []
    photo = small_board_photos()[0]
    with _fresh_tables_page(chromium, tmp_path / "data", photo.image_bgr, viewport, errors) as (
        tab,
        desk,
    ):
        tab.click("#look")
        tab.wait_for_selector("#register-caption:has-text('read no dice')")
        tab.click("#point-register")
        picture = tab.locator("#register-picture.picking")
        die = photo.visible_dice[3]
        before = tab.locator("#register-passed-list select").count()
        tap_on_die(picture, die.box_xyxy, photo.image_bgr.shape)
        wait_until(
            tab,
            f"document.querySelectorAll('#register-passed-list select').length === {before + 1}",
        )
        said = tab.locator("#register-passed-list select").last
        assert said.input_value() == str(die.pips)
        assert tab.locator("#register-picture.picking").count() == 0
        screenshot(tab, f"tables-pointed-{viewport['width']}")
        tab.click("#keep-dice")
        tab.wait_for_selector("#memory-summary:has-text('Kept 1 dice')")
        assert desk.summary()["die_size_px"] is not None
    assert errors == []
