"""What a person sees (issue #24 items 7 and 8): undo and redo are offered only when they can
work and say what they move; refusals are in words, not record syntax or internals; the number
of players is the game's to limit."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from companion.exports.record import replay
from companion.games import find_game
from companion.games.ryb.deck import goal_cards_json
from companion.session import Session

SYNTAX = ("usage:", "[Players]", "[Edition]", "1..16", "live event", "COLOUR", "DICE", "N [")


def in_words(message: str) -> bool:
    return not any(mark in message for mark in SYNTAX)


def test_undo_and_redo_say_what_they_would_move(client: FlaskClient, session: Session) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    view = client.get(f"/api/games/{game}").get_json()
    assert (view["undo"], view["redo"]) == (None, None)
    view = client.post(f"/api/games/{game}/events", json={"line": "Al: goal orange 7"}).get_json()
    assert view["undo"] == {"seq": 1, "line": "Al: goal orange 7 value 21"}
    assert view["redo"] is None
    view = client.post(f"/api/games/{game}/undo").get_json()
    assert view["undo"] is None
    assert view["redo"] == {"seq": 1, "line": "Al: goal orange 7 value 21"}
    view = client.post(f"/api/games/{game}/redo").get_json()
    assert (view["undo"]["seq"], view["redo"]) == (1, None)


def test_redo_is_gone_once_a_new_move_is_played(client: FlaskClient, session: Session) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    session.append(game, "Al: goal orange 7")
    session.undo(game)
    view = client.post(f"/api/games/{game}/events", json={"line": "Al: goal red 6"}).get_json()
    assert view["redo"] is None


@pytest.mark.parametrize("kind", ["undo", "redo"])
def test_nothing_to_undo_or_redo_is_said_in_words(
    client: FlaskClient, session: Session, kind: str
) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    answer = client.post(f"/api/games/{game}/{kind}")
    assert answer.status_code == 409
    message = answer.get_json()["error"]
    assert message.startswith(f"There is nothing to {kind}")
    assert game not in message and in_words(message)


def test_lenient_rules_offer_no_second_attempt() -> None:
    record = '[Players "Al, Bo"]\n[Rules "lenient"]\nAl: goal orange 7\n'
    rules = find_game("ryb")
    before = rules.state_json(replay(record))["turn"]["next"]
    after = rules.state_json(replay(record + "Al: attempt orange r3 y4\nAl: bank 2\n"))
    assert "attempt" in before
    assert "attempt" not in after["turn"]["next"] and "pass" in after["turn"]["next"]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Al: bank", "how many points to bank"),
        ("Al: bank 3 please", "only “swiss” may follow"),
        ("Al: goal orange", "colour and target"),
        ("Al: goal green 10", "give the card's value"),
        ("Al: pass now", "“pass” takes nothing after it"),
        ("Al: gimme Bruce", "a player and a die colour"),
        ("Al: attempt", "the goal and the dice rolled"),
    ],
)
def test_a_refused_line_is_explained_in_words(
    client: FlaskClient, session: Session, line: str, words: str
) -> None:
    game = session.create_from_options(["Al", "Bruce"], {}).game_id
    answer = client.post(f"/api/games/{game}/events", json={"line": line})
    assert answer.status_code == 400
    message = answer.get_json()["error"]
    assert words in message and in_words(message), message


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ([], "Name the players"),
        (["Al"], "RYB is for 2 to 5 players, not 1"),
        (["Al", "Bo", "Cy", "Di", "Ed", "Flo"], "RYB is for 2 to 5 players, not 6"),
        (["Al", "", "Cy"], "Player 2 has no name"),
        (["Al", "Bo, Cy"], "cannot hold a comma"),
        (["P"] * 17, "at most 16"),
    ],
)
def test_a_refused_player_list_is_explained_with_the_games_limits(
    client: FlaskClient, players: list[str], words: str
) -> None:
    answer = client.post("/api/games", json={"players": players})
    assert answer.status_code == 400
    body = answer.get_json()
    assert body["field"] == "players"
    assert words in body["error"] and in_words(body["error"]), body["error"]


def test_a_refused_option_is_named_without_record_syntax(client: FlaskClient) -> None:
    sent = {"players": ["Al", "Bo"], "options": {"edition": "1066"}}
    body = client.post("/api/games", json=sent).get_json()
    assert body == {"error": "Edition: '1066' is not one of 2000, 1999", "field": "options.edition"}


def test_the_table_page_carries_the_decks_goal_cards(client: FlaskClient, game: str) -> None:
    html = client.get(f"/games/{game}").get_data(as_text=True)
    embedded = html.split('<script type="application/json" id="goal-deck">')[1].split("</script>")[
        0
    ]
    cards = json.loads(embedded)
    assert {"colour": "orange", "target": 7, "value": 21} in cards
    assert all(set(card) == {"colour", "target", "value"} for card in cards)


def test_an_unknown_deck_offers_no_cards() -> None:
    assert goal_cards_json("no-such-deck") == []


def test_names_with_a_space_or_an_emoji_start_a_game(client: FlaskClient) -> None:
    answer = client.post("/api/games", json={"players": ["Mary Ann", "🎲 Bo"]})
    assert answer.status_code == 201
    game = answer.get_json()["id"]
    view = client.post(f"/api/games/{game}/events", json={"line": "Mary Ann: goal orange 7"})
    assert view.status_code == 201
    assert view.get_json()["state"]["turn"]["player"] == "Mary Ann"


@pytest.mark.parametrize(
    ("header", "words"),
    [('[Players "Al"]', "RYB is for 2 to 5 players, not 1"), ('[Edition "1066"]', "'1066' is not")],
)
def test_an_imported_header_is_refused_without_repeating_its_syntax(
    client: FlaskClient, header: str, words: str
) -> None:
    record = f'{header}\n[Players "Al, Bo"]\n' if "Edition" in header else f"{header}\n"
    body = client.post("/api/games", json={"record": record}).get_json()
    assert (body["field"], body["line_no"], body["line"]) == ("record", 1, header)
    assert words in body["error"]
    assert "[Players]:" not in body["error"] and "[Edition]:" not in body["error"]
