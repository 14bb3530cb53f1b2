"""The dashboard's HTML pages: thin views that render a template with the first snapshot.

Everything after the first render comes from the JSON API and its server-sent events, in the
browser (`web/static/js/`). Pages: `/` (games, new game), `/games/<id>` (table view),
`/games/<id>/kid` and `/kid` (kid view), `/overlay/<id>?token=...` and `/overlay?test=1`
(stream overlay). See docs/dashboard.md.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from companion.errors import InvalidGameIdError, UnknownGameError
from companion.exports.names import RECORD_SUFFIXES
from companion.games import DEFAULT_GAME, find_game, game_names, roll_verbs
from web.config import services
from web.game_forms import Option, game_forms
from web.headers import embeddable
from web.lan import network_urls, qr_svg
from web.overlay_notice import overlay_notice
from web.overlay_samples import sample_view
from web.security import csrf_token, overlay_readable

bp = Blueprint("pages", __name__, template_folder="templates")


_REROLL = (
    ("no", "no"),
    ("card", "pay a card"),
    ("goal", "pay a goal"),
    ("random", "random card"),
    ("treasure", "return a completed goal"),
)
_VARIABLE = (
    ("reset", "Reset"),
    ("balance", "Balance"),
    ("teaparty", "Tea Party!"),
    ("recycle", "Recycle"),
    ("trade", "Trade"),
    ("void", "Void"),
    ("swissbank", "Swiss Bank"),
    ("denied", "De-nied!"),
    ("raid", "Raid!"),
    ("first", "first player of one chooses"),
    ("each", "chosen each time"),
)
NEW_GAME_OPTIONS: tuple[Option, ...] = (
    Option("edition", "Edition", (("2000", "2000"), ("1999", "1999")), "2000"),
    Option("variable", "Variable card", _VARIABLE, "reset"),
    Option(
        "rules", "Rules", (("strict", "strict"), ("lenient", "lenient (house rules)")), "strict"
    ),
    Option("draft", "Dice draft", (("no", "no"), ("yes", "yes")), "no"),
    Option("reroll", "Paid re-roll", _REROLL, "no"),
    Option("cancel", "Cancel cards", (("no", "no"), ("yes", "yes")), "no"),
)


def _no_store(html: str, code: int = 200) -> Response:
    # Pages carry a CSRF token or live state: never cache them.
    response = make_response(html, code)
    response.headers["Cache-Control"] = "no-store"
    return response


def _page(template: str, code: int = 200, **context: Any) -> Response:
    return _no_store(render_template(template, csrf_token=csrf_token(), **context), code)


def _game_view(game_id: str) -> dict[str, Any]:
    """The game's view, or the 404 page for an unknown or malformed id."""
    try:
        return services().session.view(game_id).to_json()
    except (UnknownGameError, InvalidGameIdError):
        message = f"There is no game {game_id!r} in this data folder."
        abort(_page("error.html", 404, status="Not found", message=message))


def overlay_url(game_id: str) -> str:
    """The read-only overlay address for OBS (absolute, with the overlay token): on the
    network's address when the dashboard serves one, so a streaming computer beside the
    table reaches it too (this page may have been opened as 127.0.0.1)."""
    query = urlencode({"token": services().overlay_token})
    path = url_for("pages.overlay", game_id=game_id)
    base = tablet_url("")
    if base is not None:
        return base + path.lstrip("/") + "?" + query
    return url_for("pages.overlay", game_id=game_id, _external=True) + "?" + query


def tablet_url(path: str) -> str | None:
    """This page's address for a tablet on the network, or None when the dashboard serves
    loopback alone (no other device can reach it)."""
    config = services().config
    port = urlsplit(f"//{request.host}").port or config.port
    # Served over https (`serve --https`), the address a tablet or phone opens is https too.
    found = network_urls(config.host, port, request.scheme)
    return found[0] + path if found else None


def phone_camera_url(game_id: str) -> str | None:
    """What a phone scans to film this game's table: its camera page on the network, through
    the login link when changes need the control token (the phone then holds it, as any
    logged-in device does); None when no other device can reach the dashboard."""
    base = tablet_url("")
    if base is None:
        return None
    page = f"/games/{game_id}/camera"
    token = services().control_token
    if token is None:
        return base + page.lstrip("/")
    return base + "login?" + urlencode({"token": token, "next": page})


@bp.app_template_filter("qr_svg")
def qr_filter(text: str) -> Markup:
    # The SVG is made here from the address alone: modules, no text, nothing from a request body.
    return Markup(qr_svg(text))


@bp.get("/")
def home() -> Response:
    forms = game_forms(NEW_GAME_OPTIONS)
    # Every game's record suffix, so the file picker offers each game's records.
    suffixes = [f".{s}" for s in dict.fromkeys(RECORD_SUFFIXES.values())]
    # A club's server (its games in PostgreSQL) gets a club's first steps.
    club = services().session.store.kind == "postgresql"
    return _page(
        "home.html",
        games=forms,
        games_json=[f.to_json() for f in forms],
        suffixes=suffixes,
        club=club,
    )


@bp.get("/tables")
def tables() -> Response:
    return _page("tables.html")


@bp.get("/games/<game_id>")
def table(game_id: str) -> Response:
    view = _game_view(game_id)
    return _page(
        for_game("table.html", view["game"]),
        view=view,
        game_id=view["id"],
        title=view["title"] or ", ".join(p["name"] for p in view["state"]["players"]),
        overlay_url=overlay_url(view["id"]),
        has_dice=bool(roll_verbs(find_game(view["game"]))),
        tablet_url=tablet_url(f"games/{view['id']}"),
        camera_url=phone_camera_url(view["id"]),
        goal_deck=_goal_deck(view),
    )


def _goal_deck(view: dict[str, Any]) -> list[dict[str, object]]:
    """The goal cards a goal form offers (RYB's deck; nothing for other games)."""
    if view["game"] != "ryb":
        return []
    from companion.games.ryb.deck import goal_cards_json

    return goal_cards_json(str(view["state"].get("options", {}).get("deck", "default")))


@bp.get("/games/<game_id>/kid")
def kid_game(game_id: str) -> Response:
    view = _game_view(game_id)
    leave = url_for("pages.table", game_id=view["id"])
    template = for_game("kid.html", view["game"])
    return _page(template, view=view, game_id=view["id"], leave_url=leave, heading="Last roll")


@bp.get("/kid")
def kid_table() -> Response:
    roll = services().session.last_roll()
    view = {"roll": None if roll is None else roll.to_json()}
    leave = url_for("pages.home")
    return _page("kid.html", view=view, game_id=None, leave_url=leave, heading="The table's roll")


@bp.get("/overlay/<game_id>")
@overlay_readable
@embeddable
def overlay(game_id: str) -> Response:
    if request.args.get("test") != "1":
        try:
            game = services().session.view(game_id).game
        except (UnknownGameError, InvalidGameIdError):
            message = f"there is no game {game_id!r} in this data folder (was it deleted?)."
            return overlay_notice(404, message)
        return _overlay_page(game_id, game)
    # A sample is placed before any game exists: the game's own where it does, else RYB's.
    try:
        game = services().session.view(game_id).game
    except (UnknownGameError, InvalidGameIdError):
        game = DEFAULT_GAME
    return _overlay_page(game_id, game, sample=True)


@bp.get("/overlay")
@overlay_readable
@embeddable
def overlay_test() -> Response:
    """Sample content only (`?test=1`, `&game=flyer` for another game's): place the overlay in
    OBS before any game exists."""
    game = request.args.get("game", DEFAULT_GAME)
    if game not in game_names():
        return overlay_notice(404, f"there is no game {game!r} (games: {', '.join(game_names())}).")
    return _overlay_page(None, game, sample=True)


# `?layout=`: the whole overlay, a compact corner, or one panel alone (docs/dashboard.md).
OVERLAY_LAYOUTS = ("full", "corner", "goals", "roll", "scores")


def _overlay_page(game_id: str | None, game: str, *, sample: bool = False) -> Response:
    # No state is embedded: the overlay reads it over the token-checked stream, and a page
    # OBS caches must never hold a stale game. `?test=1` embeds the game's sample instead.
    layout = request.args.get("layout", "full")
    if layout not in OVERLAY_LAYOUTS:
        layouts = ", ".join(OVERLAY_LAYOUTS)
        return overlay_notice(400, f"there is no layout {layout[:40]!r} (layouts: {layouts}).")
    template = for_game("overlay.html", game)
    shown = sample_view(game) if sample else None
    return _no_store(render_template(template, game_id=game_id, sample=shown, layout=layout))


def for_game(template: str, game: str) -> str:
    """A game's own page where it ships one (`table_modifier.html` for `table.html`), else the
    shared page: the pages pick by the view's game and name no game themselves."""
    stem, _, ext = template.rpartition(".")
    own = f"{stem}_{game}.{ext}"
    return own if own in current_app.jinja_env.list_templates() else template
