"""The HTTP API under fuzzed requests (issue #24): whatever is sent, the server never answers
5xx, every 4xx is a JSON error (a 400 naming its `field` or echoing the `line`), and a refused
request leaves every stored game as it was.

A few hundred requests run with the suite. For a long run set DICETABLE_FUZZ_EXAMPLES:

    DICETABLE_FUZZ_EXAMPLES=10000 .venv/bin/python -m pytest tests/web/api/test_fuzz.py -q
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import Session
from tests.web.api.support import build, orange_game, settled
from vision.types import Colour

EXAMPLES = int(os.environ.get("DICETABLE_FUZZ_EXAMPLES", "300"))
GAME = "{game}"

# (method, path, the body's known fields); GAME stands for the fuzzed game's id.
ROUTES: list[tuple[str, str, tuple[str, ...]]] = [
    ("POST", "/api/games", ("players", "options", "record")),
    ("GET", "/api/games", ()),
    ("GET", f"/api/games/{GAME}", ()),
    ("GET", f"/api/games/{GAME}/events", ()),
    ("POST", f"/api/games/{GAME}/events", ("line", "expected_seq")),
    ("POST", f"/api/games/{GAME}/undo", ("expected_seq",)),
    ("POST", f"/api/games/{GAME}/redo", ("expected_seq",)),
    ("GET", f"/api/games/{GAME}/record", ()),
    ("GET", f"/api/games/{GAME}/rolls.csv", ()),
    ("GET", f"/api/games/{GAME}/stats", ()),
    ("GET", f"/api/games/{GAME}/events/{{n}}/thumbnail.jpg", ()),
    ("POST", f"/api/games/{GAME}/attempt", ("player", "goal")),
    ("GET", f"/api/games/{GAME}/pending", ()),
    ("POST", f"/api/games/{GAME}/pending/dice/{{n}}", ("colour", "pips", "was")),
    ("POST", f"/api/games/{GAME}/pending/dice", ("colour", "pips")),
    ("DELETE", f"/api/games/{GAME}/pending/dice/{{n}}", ("was",)),
    ("POST", f"/api/games/{GAME}/pending/queued", ()),
    ("POST", f"/api/games/{GAME}/pending/accept", ("expected_seq",)),
    ("POST", f"/api/games/{GAME}/pending/cancel", ()),
    ("POST", f"/api/games/{GAME}/manual-roll", ("dice",)),
    ("POST", f"/api/games/{GAME}/title", ("title",)),
    ("POST", f"/api/games/{GAME}/delete", ("confirm",)),
    ("POST", f"/api/games/{GAME}/rematch", ()),
    ("GET", f"/api/games/{GAME}/scores", ()),
    ("GET", f"/api/games/{GAME}/bgstats.json", ()),
    ("GET", "/api/roll/last", ()),
    ("GET", "/api/camera", ()),
    ("GET", "/login", ()),
]

# The routes that read lines and dice come up more often: that is where the rules are.
WEIGHTED = ROUTES + [r for r in ROUTES if r[1].endswith(("/events", "/games", "manual-roll"))] * 6

VERBS = [
    "refill", "dump", "pass", "reshuffle", "goal", "attempt", "doover", "reroll", "bank", "gimme",
    "swap", "redrover", "shanghai", "reset", "balance", "teaparty", "recycle", "trade", "exchange",
    "void", "swissbank", "denied", "raid", "draft", "cancel",
]  # fmt: skip
WORDS = [
    "Al", "Bruce", "Cy", "red", "orange", "yellow", "green", "blue", "purple", "black", "value",
    "swiss", "return", "take", "give", "left", "right", "r3", "y5", "b6", "r9", "#1", "Bruce:red",
]  # fmt: skip
ODD = ["²", "٣", "𝟓", "1" * 5000, "-1", "1e9", "\t", "\u202e", "\x00", "Mary Ann", "🎲", "#", ":"]

word = st.one_of(
    st.sampled_from(VERBS + WORDS + ODD),
    st.integers(-5, 120).map(str),
    st.text(max_size=12),
)
# Lines the game could accept, one token of which may be replaced by anything.
TEMPLATES = [
    "Al: bank {}",
    "Al: bank {} swiss",
    "Al: attempt orange {} r3 y4",
    "Al: attempt orange r{} y{}",
    "Bruce: goal red {}",
    "Al: goal orange {} value {}",
    "Al: doover {}",
    "Al: gimme Bruce {}",
    "{}: pass",
    "Al: reroll return {} y5",
]
templated = st.builds(
    lambda template, fill: template.replace("{}", fill),
    st.sampled_from(TEMPLATES),
    st.one_of(st.sampled_from(ODD), word),
)
line = st.one_of(
    templated,
    st.builds(
        lambda who, verb, args: f"{who}: {verb} {' '.join(args)}",
        st.sampled_from(["Al", "Bruce", "Zed", "", "al"]),
        st.sampled_from(VERBS),
        st.lists(word, max_size=6),
    ),
    st.text(max_size=60),
)
scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.sampled_from(ODD),
    line,
)
json_value = st.recursive(
    scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
record = st.builds(
    lambda players, lines: f'[Players "{players}"]\n' + "\n".join(lines),
    st.sampled_from(["Al, Bruce", "Al", "Al, Al", "", "A, B, C, D, E, F", "²"]),
    st.lists(line, max_size=5),
)


@st.composite
def body_for(draw: st.DrawFn, fields: tuple[str, ...]) -> Any:
    """A JSON body: mostly the route's own fields with fuzzed values, sometimes anything."""
    if not fields or draw(st.integers(0, 9)) == 0:
        return draw(json_value)
    chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))
    body: dict[str, Any] = {}
    for name in chosen:
        if name == "line":
            body[name] = draw(st.one_of(line, json_value))
        elif name == "record":
            body[name] = draw(st.one_of(record, json_value))
        elif name == "dice":
            body[name] = draw(st.one_of(templated.map(lambda t: t.split(":")[-1]), json_value))
        elif name == "players":
            body[name] = draw(
                st.one_of(st.lists(st.sampled_from(WORDS + ODD), max_size=7), json_value)
            )
        else:
            body[name] = draw(json_value)
    if draw(st.integers(0, 6)) == 0:
        body[draw(st.text(max_size=8))] = draw(scalar)
    return body


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, str, bytes | int, str | None]:
    method, template, fields = draw(st.sampled_from(WEIGHTED))
    n = draw(st.one_of(st.integers(-2, 20).map(str), st.sampled_from(ODD[:4]), st.text(max_size=6)))
    path = template.replace("{n}", n.replace("/", "").replace("?", "").replace("#", "") or "0")
    kind = draw(st.sampled_from(["raw", "deep"] + ["json"] * 8))
    if kind == "raw":  # any bytes, any type
        return (
            method,
            path,
            draw(st.binary(max_size=64)),
            draw(st.sampled_from(["application/json", "text/plain", None])),
        )
    if kind == "deep":  # JSON nested past any recursion limit (built when sent: short repr)
        return method, path, draw(st.sampled_from([30, 1_000, 100_000])), "application/json"
    return method, path, json.dumps(draw(body_for(fields))).encode(), "application/json"


@pytest.fixture
def fuzz_app(tmp_path: Path) -> Iterator[tuple[Flask, Session, str]]:
    app, session = build(tmp_path, max_body_bytes=256 * 1024)
    game = orange_game(session)
    session.declare_attempt(game, "Al", "orange")
    session.offer_roll(settled((Colour.RED, 3, False), (Colour.YELLOW, 4, True)))
    yield app, session, game
    session.close()


def everything(client: FlaskClient) -> Any:
    """What a client can see of every stored game."""
    games = client.get("/api/games").get_json()["games"]
    return [
        (
            client.get(f"/api/games/{g['id']}").get_json(),
            client.get(f"/api/games/{g['id']}/events").get_json(),
        )
        for g in games
    ]


def check_answer(status: int, answer: Any, sent: str) -> None:
    assert status < 500, sent
    if status < 400:
        return
    assert isinstance(answer, dict) and isinstance(answer.get("error"), str), sent
    if status == 400:
        assert "field" in answer or "line" in answer, (sent, answer)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=EXAMPLES <= 300,  # the suite's run is the same every time
)
@given(request=requests())
def test_no_request_breaks_the_api_or_a_refused_one_changes_a_game(
    fuzz_app: tuple[Flask, Session, str], request: tuple[str, str, bytes | int, str | None]
) -> None:
    app, _, game = fuzz_app
    client = app.test_client()
    method, path, payload, content_type = request
    path = path.replace(GAME, game)
    data = ("[" * payload + "]" * payload).encode() if isinstance(payload, int) else payload
    before = everything(client)
    response = client.open(path, method=method, data=data, content_type=content_type)
    body = response.get_data()
    response.close()
    sent = f"{method} {path} {data[:200]!r}" if data else f"{method} {path}"
    answer = json.loads(body) if response.mimetype == "application/json" else None
    check_answer(response.status_code, answer, sent)
    if response.status_code >= 400:
        assert everything(client) == before, sent
