"""The Flask app over a real session in a temporary data folder, shared by the API tests.
A test module that needs other app settings defines its own `app_session`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.session import Session
from tests.web.api.support import build, orange_game


@pytest.fixture
def app_session(tmp_path: Path) -> Iterator[tuple[Flask, Session]]:
    app, session = build(tmp_path)
    yield app, session
    session.close()


@pytest.fixture
def client(app_session: tuple[Flask, Session]) -> FlaskClient:
    return app_session[0].test_client()


@pytest.fixture
def session(app_session: tuple[Flask, Session]) -> Session:
    return app_session[1]


@pytest.fixture
def game(session: Session) -> str:
    return orange_game(session)
