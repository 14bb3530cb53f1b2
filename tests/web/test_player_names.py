"""Player names and titles on the new-game form (issue 47 item 9): spaces as typed are not part
of a name, a refusal says what a name starts with, and the form takes as long a title as a
rename does."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from companion.store.values import MAX_TITLE_CHARS


def test_spaces_as_typed_are_not_part_of_a_name(client: FlaskClient) -> None:
    made = client.post("/api/games", json={"players": [" Mary   Ann ", "Bo"]})
    assert made.status_code == 201
    assert [p["name"] for p in made.get_json()["state"]["players"]] == ["Mary Ann", "Bo"]


@pytest.mark.parametrize(
    ("game", "words"),
    [("ryb", "starts with a letter"), ("modifier", "a letter first"), ("farkle", "a letter first")],
)
@pytest.mark.parametrize("name", ["123", "#1"])
def test_a_refused_name_is_told_what_a_name_starts_with(
    client: FlaskClient, game: str, words: str, name: str
) -> None:
    refused = client.post("/api/games", json={"players": [name, "Bo"], "options": {"game": game}})
    error = refused.get_json()["error"]
    assert refused.status_code == 400 and words in error
    # One rule, said once: Farkle's refusal said it twice, the second time without the letter.
    assert error.count("digits") == 1


def test_the_form_takes_as_long_a_title_as_a_rename(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="title"[^>]*>', page)
    assert field is not None and f'maxlength="{MAX_TITLE_CHARS}"' in field.group(0)
