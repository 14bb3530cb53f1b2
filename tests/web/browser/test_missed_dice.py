"""A die the camera missed, added from the roll's picture on a game's page: the page looks for
what the reader passed over, draws each dotted with "N?", and adds the one a player picks with
its box, so the accepted roll teaches the table (`tests/web/api/test_missed.py`). Screenshots
at a laptop's and a phone's size."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fresh_reader, logo_one_photo, small_board_photos
from tests.web.api.support import OVERLAY, serving
from tests.web.browser.conftest import LAPTOP, WAIT_MS, screenshot, tap_on_die, wait_until
from vision.settle import SettledRoll
from vision.types import iou
from web.app import create_app
from web.config import EXTENSION, WebConfig

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
STREAM = {"width": 1920, "height": 1080}


@contextmanager
def _game_page(
    chromium: Any,
    data: Path,
    viewport: dict[str, int],
    errors: list[str],
    start: Callable[[Session], str],
    panel: str,
    frame: Any = None,
) -> Iterator[tuple[Any, Any, str]]:
    """A game's page (`start` makes the game and asks for a camera roll) whose roll settled on
    `frame` (the logo-1 photo), shown in its panel `panel`; the page, the app's services and
    the game."""
    session = Session.open(data, poll_s=0.05)
    reader = fresh_reader()
    frame = logo_one_photo().image_bgr if frame is None else frame
    desk = TableDesk(open_store(data), "default", reader)
    feed = FakeFeed(reader, frame)
    app = create_app(WebConfig(overlay_token=OVERLAY, data_dir=data), session, feed, desk)
    game = start(session)
    context = chromium.new_context(viewport=viewport)
    context.set_default_timeout(WAIT_MS)
    try:
        with serving(app) as server:
            tab = context.new_page()
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            tab.goto(f"http://{server.host}:{server.port}/games/{game}")
            tab.wait_for_selector(f"{panel} .waiting")
            session.offer_roll(
                SettledRoll(2000.0, 1700.0, 60, frame, reader.read(frame), roll_id=4)
            )
            tab.wait_for_selector(f"{panel} .frame-img")
            yield tab, app.extensions[EXTENSION], game
            tab.close()
    finally:
        context.close()
        session.close()


def _sheet(session: Session) -> str:
    game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
    session.declare_attempt(game, "Ann", None)
    return game


def _table_roll(session: Session) -> str:
    game = session.create_from_options(["Ann", "Ben"], {"game": "modifier"}).game_id
    session.append(game, "goals most-1s most-6s longest-run")
    session.declare_table_roll(game)
    return game


def _logo(services: Any, game: str) -> int:
    """The index of the photo's logo 1 among what the reader passed over."""
    look = services.missed.look(game, services.session.pending(game).camera)
    ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
    (logo,) = [k for k, d in enumerate(look.dice) if max(iou(d.box_xyxy, o) for o in ones) > 0.5]
    return logo


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_missed_logo_is_added_from_the_picture(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    errors: list[str] = []
    data = tmp_path / "data"
    with _game_page(chromium, data, viewport, errors, _sheet, "#sheet-camera") as found:
        tab, services, game = found
        read = tab.locator("#sheet-dice .die-edit").count()
        tab.click("#look-missed")
        tab.wait_for_selector("#sheet-camera .add-missed")
        look = services.missed.look(game, services.session.pending(game).camera)
        offered = tab.eval_on_selector_all(
            "#sheet-camera .frame-box.missed", "bs => bs.map(b => b.innerText)"
        )
        assert offered == [f"{k + 1}?" for k in range(len(look.dice))]
        logo = _logo(services, game)
        screenshot(tab, f"missed-dice-offered-{viewport['width']}")
        tab.click(f"#sheet-camera .add-missed[data-missed='{logo}']")
        wait_until(tab, f"document.querySelectorAll('#sheet-dice .die-edit').length === {read + 1}")
        # The die is in the list and framed with its number; it is no longer offered.
        assert tab.locator(f"#sheet-camera .frame-box[data-index='{read}']").count() == 1
        assert tab.locator(f"#sheet-camera .frame-box[data-missed='{logo}']").count() == 0
        assert tab.locator(f"#sheet-camera .add-missed[data-missed='{logo}']").count() == 0
        screenshot(tab, f"missed-dice-added-{viewport['width']}")
    assert errors == []


def test_in_a_table_roll_a_missed_logo_is_given_to_a_player(chromium: Any, tmp_path: Path) -> None:
    """Everyone threw at once: each thing passed over offers "+ Ann" and "+ Ben"; Ben's button
    puts the die among his dice, boxed in the picture."""
    errors: list[str] = []
    data = tmp_path / "data"
    with _game_page(chromium, data, LAPTOP, errors, _table_roll, "#table-roll") as found:
        tab, services, game = found
        tab.click("#table-roll #look-missed")
        logo = _logo(services, game)
        button = f"#table-roll .add-missed[data-missed='{logo}'][data-player='Ben']"
        tab.wait_for_selector(button)
        assert tab.locator(f"#table-roll .add-missed[data-missed='{logo}']").count() == 2
        screenshot(tab, "missed-dice-table-roll-offered")
        tab.click(button)
        wait_until(
            tab, f"!document.querySelector(\"#table-roll .frame-box[data-missed='{logo}']\")"
        )
        ben = tab.locator("#table-roll [data-roller=Ben] .die-button")
        assert ben.count() == 1
        pending = services.session.pending(game)
        assert pending.owners[-1] == "Ben" and pending.dice[-1].signature is not None
    assert errors == []


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE, STREAM], ids=["laptop", "phone", "stream"])
def test_a_die_the_camera_found_nothing_for_is_pointed_at(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """A board's small dice: the camera read none. "Point at it", a tap on the die in the
    picture, and the die read there is drawn dotted with its "+ add"; added, it is in the roll
    with its box."""
    errors: list[str] = []
    photo = small_board_photos()[0]
    frame = photo.image_bgr
    with _game_page(
        chromium, tmp_path / "data", viewport, errors, _sheet, "#sheet-camera", frame
    ) as found:
        tab, services, game = found
        tab.click("#sheet-camera #look-missed")
        tab.click("#sheet-camera #point-missed")
        tab.wait_for_selector("#sheet-camera .frame-view.picking")
        offered = tab.locator("#sheet-camera .frame-box.missed").count()
        img = tab.locator("#sheet-camera .frame-img")
        tap_on_die(img, photo.visible_dice[0].box_xyxy, frame.shape)
        boxes = "document.querySelectorAll('#sheet-camera .frame-box.missed').length"
        wait_until(tab, f"{boxes} === {offered + 1}")
        assert tab.locator("#sheet-camera .frame-view.picking").count() == 0
        screenshot(tab, f"missed-dice-pointed-{viewport['width']}")
        tab.click(f"#sheet-camera .add-missed[data-missed='{offered}']")
        wait_until(tab, "document.querySelectorAll('#sheet-dice .die-edit').length === 1")
        (added,) = services.session.pending(game).dice
        assert iou(added.box_xyxy, photo.visible_dice[0].box_xyxy) > 0.5 and added.signature
    assert errors == []


@pytest.mark.parametrize("viewport", [PHONE, STREAM], ids=["phone", "stream"])
def test_in_a_table_roll_a_die_pointed_at_is_given_to_a_player(
    chromium: Any, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """Everyone threw at once on a board: a die pointed at offers "+ Ann" and "+ Ben" like any
    missed die; Ann's button puts it among her dice with its box."""
    errors: list[str] = []
    photo = small_board_photos()[0]
    frame = photo.image_bgr
    with _game_page(
        chromium, tmp_path / "data", viewport, errors, _table_roll, "#table-roll", frame
    ) as found:
        tab, services, game = found
        tab.click("#table-roll #look-missed")
        tab.click("#table-roll #point-missed")
        img = tab.locator("#table-roll .frame-view.picking .frame-img")
        offered = tab.locator("#table-roll .frame-box.missed").count()
        tap_on_die(img, photo.visible_dice[1].box_xyxy, frame.shape)
        button = f"#table-roll .add-missed[data-missed='{offered}'][data-player='Ann']"
        tab.wait_for_selector(button)
        screenshot(tab, f"missed-dice-table-roll-pointed-{viewport['width']}")
        tab.click(button)
        wait_until(
            tab,
            "document.querySelectorAll('#table-roll [data-roller=Ann] .die-button').length === 1",
        )
        pending = services.session.pending(game)
        assert pending.owners[-1] == "Ann"
        assert iou(pending.dice[-1].box_xyxy, photo.visible_dice[1].box_xyxy) > 0.5
    assert errors == []
