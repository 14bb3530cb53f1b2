"""Responses closed even when the client hangs up halfway.

werkzeug's server closes a response after sending it, but when the client has gone its clean-up
reads the dead socket first, raises, and never calls `close()`: a static file being sent (the
browser left the page while loading it) stayed open until garbage collection, with a
`ResourceWarning` (the browser tests turn warnings into errors, and failed so now and then).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _Closing:
    """A response body closed once: by the server, or else when it is dropped."""

    def __init__(self, body: Iterable[bytes]) -> None:
        self._body = body
        self._closed = False

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._body)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        close = getattr(self._body, "close", None)
        if close is not None:
            close()

    def __del__(self) -> None:
        self.close()


def closing_responses(app: WsgiApp) -> WsgiApp:
    """`app` whose response bodies are closed even where the server skips it."""

    def wrapped(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        return _Closing(app(environ, start_response))

    return wrapped
