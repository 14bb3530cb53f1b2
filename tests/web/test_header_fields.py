"""A new game whose title or option holds a control character (issue 32 item 20) is refused with
the form field it came from, so the form can mark it, and a message naming the bad value."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    ("body", "field", "shown"),
    [
        ({"players": ["Al", "Bo"], "options": {"title": "a\u0000b"}}, "options.title", "\\x00"),
        ({"players": ["Al", "Bo"], "options": {"title": "Friday\u001bnight"}}, "options.title",
         "\\x1b"),
        ({"players": ["Al", "Bo"], "options": {"title": "two\u2028lines"}}, "options.title",
         "\\u2028"),
        ({"record": '[Players "Al, Bo"]\n[Title "a\u0000b"]\n'}, "options.title", "\\x00"),
    ],
)  # fmt: skip
def test_a_control_character_in_the_header_names_its_field(
    client: FlaskClient, body: dict[str, Any], field: str, shown: str
) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400
    error = answer.get_json()
    assert error["field"] == field
    assert shown in error["error"] and "title" in error["error"]
    assert client.get("/api/games").get_json()["games"] == []
