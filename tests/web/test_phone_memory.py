"""A game's phone reads with a table memory of its own and learns from the rolls its players
accept, as a club table's agent does: over the real app and the shipped reader on a rendered
photo, a roll corrected on the table's page teaches that phone's table, which keeps it after a
restart, and the server's own table learns nothing from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.feed.live import open_phone_feed
from companion.session import Session
from companion.tables.desk import TableDesk
from companion.tables.names import TableNameError
from companion.tables.store import open_store
from tests.tables.support import FakeFeed, fixture_frame, fresh_reader
from tests.web.api.support import CONTROL, OVERLAY, orange_game
from tests.web.test_phone_camera import PHONE_A, control, desk, jpeg, send
from vision.settle import RollCorrected, SettledRoll
from vision.types import Colour, DiceReading, Die
from web.app import create_app
from web.config import WebConfig
from web.phone import PhoneLink
from web.phone_memory import phone_table

FRAME = 1  # a rendered photo with dice of all three RYB colours


def serve(tmp_path: Path) -> tuple[Flask, Session]:
    """The app with a game phone camera and a camera of its own, whose table ("default")
    learns from the rolls that camera makes."""
    data = tmp_path / "data"
    session = Session.open(data, poll_s=0.05)
    own = FakeFeed(fresh_reader(), fixture_frame(FRAME))
    tables = TableDesk(open_store(data), "default", own.reader)
    config = WebConfig(overlay_token=OVERLAY, data_dir=data, host="0.0.0.0", control_token=CONTROL)
    app = create_app(config, session, own, tables, phone_feed=open_phone_feed)
    return app, session


def phone_link(app: Flask, game: str) -> PhoneLink:
    """Game `game`'s phone, opened by its first frame (a grey one: no roll of its own)."""
    client = app.test_client()
    assert send(client, game, jpeg(), control(**PHONE_A)).status_code == 200
    return desk(app)._links[game]


def read(link: PhoneLink) -> list[Die]:
    return list(getattr(link.feed, "reader").read(fixture_frame(FRAME)).dice)  # noqa: B009


def near(dice: list[Die], where: Die) -> Die:
    x, y = where.centre_xy
    return min(dice, key=lambda d: (d.centre_xy[0] - x) ** 2 + (d.centre_xy[1] - y) ** 2)


def loneliest(dice: list[Die], i: int) -> float:
    """How like die `i` its likest other die is: the loneliest, corrected, is the only one of
    its look."""

    def alike(a: Die, b: Die) -> float:
        return sum(x * y for x, y in zip(a.signature or (), b.signature or (), strict=False))

    return max(alike(dice[i], o) for o in dice if o is not dice[i])


def post(client: FlaskClient, path: str, body: object = None) -> dict[str, Any]:
    answer = client.post(path, json=body if body is not None else {}, headers=control())
    assert answer.status_code in (200, 201), answer.json
    return dict(answer.json or {})


def review(client: FlaskClient, game: str, fixed: int, fix: Die | None, no_die: int) -> int:
    """On the table's page: die `fixed` corrected to `fix`'s colour and face (None: left as
    shown), die `no_die` removed as "not a die", the dice Orange does not roll removed, the
    unsure ones left confirmed, and the roll accepted. How many dice the accepted roll kept."""
    base = f"/api/games/{game}/pending"
    if fix is not None:
        post(client, f"{base}/dice/{fixed}", {"colour": fix.colour.value, "pips": fix.pips})
    gone = client.delete(f"{base}/dice/{no_die}", json={"not_a_die": True}, headers=control())
    assert gone.status_code == 200, gone.json
    left = post(client, f"{base}/keep-needed")["pending"]["dice"]
    for i, die in enumerate(left):
        if die["unsure"]:
            post(client, f"{base}/dice/{i}", {"colour": die["colour"], "pips": die["pips"]})
    post(client, f"{base}/accept")
    return len(left)


def test_a_phone_roll_corrected_on_the_table_page_teaches_that_phones_table(
    tmp_path: Path,
) -> None:
    app, session = serve(tmp_path)
    client = app.test_client()
    try:
        game = orange_game(session)
        link = phone_link(app, game)
        assert link.memory is not None and link.memory.desk.table == f"phone-{game}"
        assert link.memory.desk.summary()["dice"] == 0
        seen = read(link)
        blue = [i for i, d in enumerate(seen) if d.colour is Colour.BLUE]
        k = min(blue, key=lambda i: loneliest(seen, i))  # the blue die least like the others
        fix = seen[k].corrected(Colour.YELLOW, seen[k].pips % 6 + 1)
        post(client, f"/api/games/{game}/attempt", {"player": "Al", "goal": "orange"})
        # the phone's feed settles a roll of the photo, as its settle detector hands one over
        roll = SettledRoll(2000.0, 1700.0, 60, fixture_frame(FRAME), DiceReading(tuple(seen)))
        desk(app)._on_roll(game, link)(roll)
        kept = review(client, game, k, fix, next(i for i in blue if i > k))
        summary = link.memory.desk.summary()
        assert summary["dice"] == kept + 1 == 5  # one more: the die that is no die
        assert summary["counts"][Colour.YELLOW.value] >= 1
        again = near(read(link), seen[k])
        assert (again.colour, again.pips) == (fix.colour, fix.pips)
        # the server's own camera's table learnt nothing from the phone's roll
        assert len(open_store(tmp_path / "data").load("default")) == 0
    finally:
        desk(app).stop_all()
        session.close()
    # a restarted server's phone reads with what its table learnt
    app, session = serve(tmp_path)
    try:
        link = phone_link(app, game)
        assert link.memory is not None and link.memory.desk.summary() == summary
        again = near(read(link), seen[k])
        assert (again.colour, again.pips) == (fix.colour, fix.pips)
        other = phone_link(app, orange_game(session))  # another game's phone: its own table
        assert other.memory is not None and other.memory.desk.summary()["dice"] == 0
    finally:
        desk(app).stop_all()
        session.close()


def test_a_die_the_phones_camera_read_anew_teaches_as_the_players_saw_it(
    tmp_path: Path,
) -> None:
    """The phone's feed corrects a die of its roll (read anew, surely) before the players
    look; they accept it as shown, so the memory learns the die as read anew."""
    app, session = serve(tmp_path)
    client = app.test_client()
    try:
        game = orange_game(session)
        link = phone_link(app, game)
        assert link.memory is not None
        seen = read(link)
        blue = [i for i, d in enumerate(seen) if d.colour is Colour.BLUE]
        k = min(blue, key=lambda i: loneliest(seen, i))
        post(client, f"/api/games/{game}/attempt", {"player": "Al", "goal": "orange"})
        frame = fixture_frame(FRAME)
        roll = SettledRoll(2000.0, 1700.0, 60, frame, DiceReading(tuple(seen)), roll_id=7)
        desk(app)._on_roll(game, link)(roll)
        anew = list(seen)
        anew[k] = seen[k].corrected(Colour.YELLOW, seen[k].pips % 6 + 1)
        fix = RollCorrected(2600.0, 1700.0, 63, frame, 7, DiceReading(tuple(anew)), (k,))
        desk(app)._on_fix(game, link)(fix)
        review(client, game, k, None, next(i for i in blue if i > k))
        again = near(read(link), seen[k])
        assert (again.colour, again.pips) == (anew[k].colour, anew[k].pips)
    finally:
        desk(app).stop_all()
        session.close()


@pytest.mark.parametrize("game", ["abcdefghjk", "0123456789"])
def test_a_games_phone_table_is_named_for_the_game(game: str) -> None:
    assert phone_table(game) == f"phone-{game}"


def test_a_name_no_table_may_have_is_refused() -> None:
    with pytest.raises(TableNameError):
        phone_table("no/such game")


def test_forgetting_a_running_phones_table_from_the_tables_page(tmp_path: Path) -> None:
    """`DELETE /api/tables/memory` with `{"table": "phone-<game>"}`: the store forgets it and the
    running phone's reader reads without it at once; the server's own table keeps its dice."""
    from vision.memory import Confirmed

    app, session = serve(tmp_path)
    client = app.test_client()
    try:
        game = orange_game(session)
        link = phone_link(app, game)
        assert link.memory is not None
        seen = read(link)
        link.memory.desk.learn_roll(seen)  # the phone's accepted roll, as its lessons give it
        open_store(tmp_path / "data").add("default", [Confirmed((1.0,), Colour.RED)], "play")
        reader = getattr(link.feed, "reader")  # noqa: B009
        assert len(reader.memory) == len(seen)
        table = phone_table(game)
        gone = client.delete("/api/tables/memory", json={"table": table}, headers=control())
        assert gone.status_code == 200 and gone.json == {"removed": len(seen), "table": table}
        assert len(reader.memory) == 0
        every = client.get("/api/tables/all", headers=control()).get_json()["tables"]
        names = [t["table"] for t in every]
        assert names == ["default"]
        again = client.delete("/api/tables/memory", json={"table": table}, headers=control())
        refused = dict(again.json or {})
        assert again.status_code == 400 and refused["field"] == "table"
        assert f"no table '{table}' remembers any dice here (tables: default)" in refused["error"]
        unguarded = client.delete("/api/tables/memory", json={"table": "default"})
        assert unguarded.status_code in (401, 403)  # exposed: changes need the control token
        assert len(open_store(tmp_path / "data").load("default")) == 1
    finally:
        desk(app).stop_all()
        session.close()


def test_a_die_the_phone_missed_added_from_its_picture_teaches_the_phones_table(
    tmp_path: Path,
) -> None:
    """A phone's roll is kept at the phone's resolution with its size, so its picture can be
    looked in again through the phone's own reader and memory: a logo 1 the network calls
    "not a die", added from there, is taught to the phone's table with the roll."""
    from tests.tables.support import logo_one_photo
    from vision.types import iou

    app, session = serve(tmp_path)
    client = app.test_client()
    try:
        game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
        link = phone_link(app, game)
        assert link.memory is not None
        frame = logo_one_photo().image_bgr
        seen = getattr(link.feed, "reader").read(frame)  # noqa: B009
        post(client, f"/api/games/{game}/attempt", {"player": "Ann"})
        desk(app)._on_roll(game, link)(SettledRoll(2000.0, 1700.0, 60, frame, seen, roll_id=3))
        base = f"/api/games/{game}/pending"
        pending = client.get(base, headers=control()).get_json()["pending"]
        assert pending["camera"]["frame_size"] == {"width": 1280, "height": 720}
        look = client.get(f"{base}/missed", headers=control()).get_json()
        ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
        (logo,) = [
            m for m in look["missed"] if max(iou(tuple(m["box_xyxy"]), o) for o in ones) > 0.5
        ]
        add = {"colour": "red", "pips": 1, "missed": logo["index"], "roll_id": look["roll_id"]}
        post(client, f"{base}/dice", add)
        for i, die in enumerate(client.get(base, headers=control()).get_json()["pending"]["dice"]):
            if die["unsure"]:
                post(client, f"{base}/dice/{i}", {"colour": die["colour"], "pips": die["pips"]})
        post(client, f"{base}/accept")
        assert link.memory.desk.summary()["dice"] == len(seen.dice) + 1
        again = getattr(link.feed, "reader").read(frame).dice  # noqa: B009
        taught = next(d for d in again if iou(d.box_xyxy, tuple(logo["box_xyxy"])) > 0.5)
        assert (taught.colour, taught.pips) == (Colour.RED, 1)
        # the server's own camera's table learnt nothing from the phone's roll
        assert len(open_store(tmp_path / "data").load("default")) == 0
    finally:
        desk(app).stop_all()
        session.close()


def test_a_running_phones_table_is_registered_on_the_tables_page(tmp_path: Path) -> None:
    """`/tables?table=phone-<game>`: look at the dice the phone sees, say what they are (the
    logo 1 its reader passed over among them), keep them: the phone's table learns them, the
    server's own table nothing; a table no camera here looks at is refused by name."""
    from tests.tables.support import logo_one_photo
    from vision.types import iou

    app, session = serve(tmp_path)
    client = app.test_client()
    try:
        game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
        link = phone_link(app, game)
        table = phone_table(game)
        # The phone now films the logo-1 photo (its feed, as `FakeFeed` shows one frame).
        reader = getattr(link.feed, "reader")  # noqa: B009
        link.feed.stop()
        link.feed = FakeFeed(reader, logo_one_photo().image_bgr)
        shown = client.get(f"/api/tables?table={table}", headers=control()).get_json()
        assert (shown["table"], shown["dice"], shown["learns"]) == (table, 0, True)
        found = post(client, "/api/tables/look", {"table": table})
        assert f"table={table}" in found["picture"].split("?")[1].split("&")
        picture = client.get(found["picture"], headers=control())
        assert picture.status_code == 200 and picture.mimetype == "image/jpeg"
        ones = [d.box_xyxy for d in logo_one_photo().visible_dice if d.pips == 1]
        (logo,) = [
            p for p in found["passed"] if max(iou(tuple(p["box_xyxy"]), o) for o in ones) > 0.5
        ]
        count = sum(g["count"] for g in found["groups"])
        body = {"snapshot": found["snapshot"], "answers": {}, "passed": {str(logo["index"]): 1}}
        kept = post(client, "/api/tables/register", {**body, "table": table})
        assert (kept["added"], kept["table"], kept["faces"]["1"] >= 1) == (count + 1, table, True)
        assert link.memory is not None and link.memory.desk.summary()["dice"] == count + 1
        assert len(open_store(tmp_path / "data").load("default")) == 0
        every = client.get("/api/tables/all", headers=control()).get_json()["tables"]
        assert [(t["table"], t["phone_running"]) for t in every] == [(table, True)]
        refused = client.post(
            "/api/tables/look", json={"table": "phone-nosuchgame"}, headers=control()
        )
        assert refused.status_code == 409 and refused.get_json()["field"] == "table"
        assert "phone-nosuchgame" in refused.get_json()["error"]
    finally:
        desk(app).stop_all()
        session.close()


def test_a_die_pointed_at_in_a_phones_roll_teaches_that_phones_table(tmp_path: Path) -> None:
    """A board's small dice, filmed by a game's phone: its reader reads none. On the game's
    page a player points at one in the roll's picture; the phone's reader reads it there, the
    die is added and the roll accepted, and the lesson teaches the phone's table the die's
    size, so its reader finds the board's dice in the next roll."""
    from tests.tables.support import small_board_photos

    app, session = serve(tmp_path)
    client = app.test_client()
    photo = small_board_photos()[0]
    try:
        game = session.create_from_options(["Ann", "Ben"], {"game": "sheet"}).game_id
        link = phone_link(app, game)
        assert link.memory is not None
        reader = getattr(link.feed, "reader")  # noqa: B009
        assert reader.read(photo.image_bgr).dice == ()
        session.declare_attempt(game, "Ann", None)
        roll = SettledRoll(2000.0, 1700.0, 60, photo.image_bgr, DiceReading(()), roll_id=3)
        desk(app)._on_roll(game, link)(roll)
        base = f"/api/games/{game}/pending"
        camera = client.get(base, headers=control()).get_json()["pending"]["camera"]
        look = client.get(f"{base}/missed", headers=control()).get_json()
        assert look["pointable"] is True
        die = photo.visible_dice[0]
        x1, y1, x2, y2 = die.box_xyxy
        spot = {"at": [(x1 + x2) / 2, (y1 + y2) / 2], "roll_id": camera["roll_id"]}
        pointed = post(client, f"{base}/missed", spot)
        added = {"colour": "blue", "pips": die.pips, "missed": pointed["pointed"]}
        post(client, f"{base}/dice", added | {"roll_id": camera["roll_id"]})
        post(client, f"{base}/accept")
        summary = link.memory.desk.summary()
        assert summary["dice"] == 1 and summary["die_size_px"] == pytest.approx(
            max(x2 - x1, y2 - y1), abs=4.0
        )
        assert len(reader.read(photo.image_bgr).dice) >= 3
        # the server's own camera's table learnt nothing from the phone's roll
        assert len(open_store(tmp_path / "data").load("default")) == 0
    finally:
        desk(app).stop_all()
        session.close()
