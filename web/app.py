"""`create_app(config, session, live=None)`: the Flask app over one session.

It refuses an unsafe configuration (a network host with no control token), wires the security
checks before every request, registers the JSON API, the login routes and the pages, and
subscribes the session to the live feed's settled rolls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import Flask

from companion.session import Session
from companion.session.agents import AgentDesk
from companion.session.missed import MissedDice
from web import errors, headers, login, security
from web.api.agents import bp as agents_bp
from web.api.camera import bp as camera_bp
from web.api.club import bp as club_bp
from web.api.core import bp as api_bp
from web.api.empty_table import bp as empty_table_bp
from web.api.games import bp as games_bp
from web.api.missed import bp as missed_bp
from web.api.phone import bp as phone_bp
from web.api.stats import bp as stats_bp
from web.api.tables import bp as tables_bp
from web.closing import closing_responses
from web.club import ClubHub
from web.club_page import bp as club_page_bp
from web.config import (
    EXTENSION,
    LiveFeed,
    Services,
    WebConfig,
    WebConfigError,
    load_overlay_token,
)
from web.guide import bp as guide_bp
from web.pages import bp as pages_bp
from web.phone import PhoneDesk, PhoneFeedFactory
from web.phone_page import bp as phone_page_bp
from web.plain_reader import PlainReadAt

if TYPE_CHECKING:
    from companion.session.camera import Pending
    from companion.tables.desk import TableDesk
    from vision.settle import RollCorrected, SettledRoll

log = logging.getLogger(__name__)


def create_app(
    config: WebConfig,
    session: Session,
    live: LiveFeed | None = None,
    tables: TableDesk | None = None,
    phone_feed: PhoneFeedFactory | None = None,
) -> Flask:
    """`phone_feed(source, camera_game)` makes the live feed a game's phone is read through
    (`web.phone`); None takes no phone but where the server's own camera is one."""
    config.check_safe()
    overlay = config.overlay_token or load_overlay_token(session.data_dir)
    if overlay == config.control_token:
        raise WebConfigError("the overlay token must differ from the control token")
    app = Flask("web")
    app.config["MAX_CONTENT_LENGTH"] = config.max_body_bytes
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.wsgi_app = closing_responses(app.wsgi_app)  # type: ignore[method-assign,assignment]
    desk = AgentDesk(session)
    listening = session.store.kind != "sqlite"
    # With PostgreSQL every change is told (NOTIFY) and a stream need only look again now and
    # then (an agent falling silent); SQLite's other writers are found by looking every second.
    club = ClubHub(session, desk, poll_s=5.0 if listening else 1.0)
    phones = PhoneDesk(session, desk, phone_feed, live)
    learning = tables if tables is not None and tables.learns else None
    missed = MissedDice(
        None if learning is None else learning.passed_over,
        None if learning is None else learning.read_at,
        phones,
        PlainReadAt(),
    )
    app.extensions[EXTENSION] = Services(
        config, session, live, overlay, tables, desk, club, phones, missed
    )
    session.store.listen(_told(session, desk, club))
    errors.register(app)
    app.before_request(security.check_request)
    app.after_request(headers.add_headers)
    app.register_blueprint(login.bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(camera_bp)
    app.register_blueprint(missed_bp)
    app.register_blueprint(games_bp)
    app.register_blueprint(phone_bp)
    app.register_blueprint(phone_page_bp)
    app.register_blueprint(stats_bp)
    app.register_blueprint(tables_bp)
    app.register_blueprint(empty_table_bp)
    app.register_blueprint(agents_bp)
    app.register_blueprint(club_bp)
    app.register_blueprint(club_page_bp)
    app.register_blueprint(pages_bp)
    app.register_blueprint(guide_bp)
    if live is not None:
        live.subscribe(_offer_to(session, phones), corrections=_correct_in(session))
    if tables is not None and tables.learns:
        session.accepted.append(_teach(tables))
    return app


def end_streams(app: Flask) -> None:
    """End every open stream of `app` now (its server is stopping): each ends at its next wake,
    which this gives them all. Requests still being answered may use the store until it closes."""
    found: Services = app.extensions[EXTENSION]
    found.session.table.close()
    if found.club is not None:
        found.club.changed("*")


def _told(session: Session, desk: AgentDesk, club: ClubHub) -> Callable[[str, str], None]:
    """What a change in the store (from any server process) wakes here: the club's cards, the
    agent's roll for a pending attempt in this process, and every game stream."""

    def told(game_id: str, what: str) -> None:
        club.changed(game_id)
        if game_id != "*":
            desk.on_change(game_id, what)
        session.table.wake()

    return told


def _teach(tables: TableDesk) -> Callable[[Pending], None]:
    """An accepted roll of the server's own camera teaches the table's memory its dice as the
    players left them, and the dice they removed as "not a die" as such. A club agent's or a
    game's phone's roll (a roll id below 0) teaches its own table's memory, not this one."""

    def teach(pending: Pending) -> None:
        if pending.camera is not None and pending.camera.roll_id >= 0:
            tables.learn_roll(pending.dice, pending.not_dice)

    return teach


def _correct_in(session: Session) -> Callable[[RollCorrected], None]:
    def correct(fix: RollCorrected) -> None:
        # Runs on the camera thread, as `_offer_to`'s callback does.
        try:
            session.correct_roll(fix)
        except Exception:
            log.exception("could not correct a settled roll in the session")

    return correct


def _offer_to(session: Session, phones: PhoneDesk) -> Callable[[SettledRoll], None]:
    def offer(roll: SettledRoll) -> None:
        # Runs on the camera thread: a failure here must not stop the camera. A game a phone
        # films takes its rolls from the phone alone.
        try:
            session.offer_roll(roll, phones.phone_games)
        except Exception:
            log.exception("could not hand a settled roll to the session")

    return offer
