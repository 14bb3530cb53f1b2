"""A response the server never closes (the client hung up halfway) is closed when it is dropped:
no static file stays open (`web.closing`)."""

from __future__ import annotations

import gc
import warnings
from pathlib import Path
from typing import Any

from werkzeug.test import EnvironBuilder

from tests.web.api.support import build
from web.closing import closing_responses

START: Any = lambda *_args: None  # noqa: E731  (nothing to write: the body is read directly)


def test_a_static_file_dropped_unclosed_is_closed(tmp_path: Path) -> None:
    app, session = build(tmp_path)
    try:
        environ = EnvironBuilder(path="/static/js/home.js").get_environ()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            body = app(environ, START)
            assert next(iter(body))  # sending began
            del body  # the server gave up on it without close()
            gc.collect()
        assert [str(w.message) for w in caught if w.category is ResourceWarning] == []
    finally:
        session.close()


def test_a_body_is_closed_once() -> None:
    closed: list[str] = []

    class Body(list[bytes]):
        def close(self) -> None:
            closed.append("closed")

    body = closing_responses(lambda _environ, _start: Body([b"x"]))({}, START)
    assert list(body) == [b"x"]
    body.close()  # type: ignore[attr-defined]
    del body
    gc.collect()
    assert closed == ["closed"]
