"""The start page offers every registered game with the player limits its rules set."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from companion.games import HeaderError, find_game, game_names
from companion.session import Session
from web.game_forms import GameForm, game_forms
from web.pages import NEW_GAME_OPTIONS

FORMS_RE = re.compile(r'<script type="application/json" id="game-forms">(.*?)</script>', re.S)


def _names(count: int) -> str:
    return ", ".join(f"P{k}" for k in range(1, count + 1))


def test_every_registered_game_has_a_form_in_the_registry_order() -> None:
    assert tuple(f.key for f in game_forms(NEW_GAME_OPTIONS)) == game_names()


@pytest.mark.parametrize(
    ("game", "label", "least", "most", "options"),
    [
        ("ryb", "RYB", 2, 5, ("edition", "variable", "rules", "draft", "reroll", "cancel")),
        ("modifier", "Modifier dice game", 2, 6, ()),
        ("rgb", "RGB", 2, 2, ()),
        ("flyer", "Flyer game (Essen 2006)", 2, 4, ("covered",)),
        ("farkle", "Farkle", 2, 10, ("scoring", "opening", "target", "threefarkles")),
    ],
)
def test_each_game_form(
    game: str, label: str, least: int, most: int, options: tuple[str, ...]
) -> None:
    form = {f.key: f for f in game_forms(NEW_GAME_OPTIONS)}[game]
    assert (form.label, form.min_players, form.max_players) == (label, least, most)
    assert tuple(o.key for o in form.options) == options
    assert least <= form.seats <= most


@pytest.mark.parametrize("form", game_forms(NEW_GAME_OPTIONS), ids=lambda f: f.key)
def test_the_rules_take_exactly_the_players_the_form_allows(form: GameForm) -> None:
    rules = find_game(form.key)
    for count in (form.min_players, form.max_players):
        rules.new_game({"Players": _names(count)})
    for count in (form.min_players - 1, form.max_players + 1):
        with pytest.raises(HeaderError, match=str(count)):
            rules.new_game({"Players": _names(count)})


def test_home_embeds_the_forms_and_hides_other_games_options(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    found = FORMS_RE.search(html)
    assert found is not None
    assert [g["key"] for g in json.loads(found.group(1))] == list(game_names())
    for key in game_names():
        assert f'<option value="{key}">' in html
    assert '<div class="options" data-game="ryb">' in html
    assert '<div class="options" data-game="flyer" hidden>' in html


@pytest.mark.parametrize(
    ("options", "game"),
    [
        ({"game": "modifier"}, "modifier"),
        ({"game": "flyer", "covered": "yes"}, "flyer"),
        ({"game": "rgb"}, "rgb"),
        (
            {"game": "farkle", "scoring": "classic", "opening": "500", "threefarkles": "1000"},
            "farkle",
        ),
    ],
)
def test_the_api_starts_each_game_from_the_form(
    client: FlaskClient, session: Session, options: dict[str, str], game: str
) -> None:
    response = client.post("/api/games", json={"players": ["Ann", "Ben"], "options": options})
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["game"] == game
