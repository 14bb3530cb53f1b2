"""JSON errors for every failure (`{"error": message, "field": name?, ...}`) and the strict
reading of JSON request bodies. The status follows the exception: see `status_of`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from typing import Any

from flask import Flask, Response, g, jsonify, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from companion.errors import (
    ConflictError,
    DicetableError,
    InvalidEventError,
    InvalidGameIdError,
    NothingToRedoError,
    NothingToUndoError,
    RecordError,
    StoreError,
    StoreValueError,
    UnknownEventError,
    UnknownGameError,
)
from companion.games import UnknownRulesError
from companion.session.errors import FieldError, NoPendingError

JSON_PREFIXES = ("/api/", "/video.mjpeg", "/login", "/logout")
STORE_DOWN = "the store cannot answer now"
RETRY_AFTER_S = 2
log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error a view raises on purpose, with its status and the field it is about."""

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        self.status = status
        self.message = message
        self.field = field
        self.headers = headers or {}
        self.extra = extra
        super().__init__(message)

    def response(self) -> Response:
        response = error_response(self.status, self.message, self.field, **self.extra)
        response.headers.update(self.headers)
        return response


def error_response(status: int, message: str, field: str | None = None, **extra: Any) -> Response:
    body: dict[str, Any] = {"error": message}
    if field is not None:
        body["field"] = field
    body.update(extra)
    response = jsonify(body)
    response.status_code = status
    return response


def _record_error(exc: RecordError) -> Response:
    if exc.line_no is not None:
        return error_response(400, str(exc), "record", line_no=exc.line_no, line=exc.line)
    line = exc.line if exc.line is not None else g.get("submitted_line")
    return error_response(400, exc.reason, "line", line=line)


def dicetable_error(exc: DicetableError) -> Response:
    """The response for an error the session, store or rules raised."""
    if isinstance(exc, FieldError):
        extra = {"line": g.get("submitted_line")} if exc.field == "line" else {}
        return error_response(400, str(exc), exc.field, **extra)
    if isinstance(exc, ConflictError):
        return error_response(
            409,
            str(exc),
            "expected_seq",
            expected_seq=exc.expected_seq,
            actual_seq=exc.actual_seq,
        )
    if isinstance(exc, NothingToUndoError | NothingToRedoError | NoPendingError):
        return error_response(409, str(exc))
    if isinstance(exc, UnknownGameError | InvalidGameIdError | UnknownEventError):
        return error_response(404, str(exc))
    if isinstance(exc, UnknownRulesError):
        return error_response(400, str(exc), "game")
    if isinstance(exc, RecordError):
        return _record_error(exc)
    if isinstance(exc, InvalidEventError):
        return error_response(400, str(exc), "line", line=g.get("submitted_line"))
    if isinstance(exc, StoreValueError):
        return error_response(400, str(exc))
    if isinstance(exc, StoreError):
        # Its words name the database (user, host, socket folder): for the log, not the caller.
        log.warning("503: %s", exc)
        response = error_response(503, STORE_DOWN)
        response.headers["Retry-After"] = str(RETRY_AFTER_S)
        return response
    return error_response(400, str(exc))


def wants_json() -> bool:
    if request.path.startswith(JSON_PREFIXES):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def http_error(exc: HTTPException) -> Response | HTTPException:
    if not wants_json():
        return exc
    if isinstance(exc, RequestEntityTooLarge):
        limit = request.max_content_length
        return error_response(413, f"the request body is over the limit of {limit} bytes")
    status = exc.code or 500
    response = error_response(status, exc.description or exc.name)
    for key, value in exc.get_headers():
        if key.lower() in ("allow", "www-authenticate"):
            response.headers[key] = value
    return response


def register(app: Flask) -> None:
    app.register_error_handler(ApiError, ApiError.response)
    app.register_error_handler(DicetableError, dicetable_error)
    app.register_error_handler(HTTPException, http_error)


# --- request bodies ------------------------------------------------------------------------


MAX_NUMBER_CHARS = 40


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    # int() of thousands of digits is slow or refused outright (Python's 4,300-digit limit).
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} digits is too long")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} characters is too long")
    return float(text)


def json_body(allowed: Collection[str], required: Collection[str] = ()) -> dict[str, Any]:
    """The request's JSON object. An empty body is `{}`; any other body must be
    `application/json` (415), parse (400, field `body`) and hold only `allowed` keys (400
    naming the first unknown one); every `required` key must be there (400 naming it)."""
    raw = request.get_data(cache=True)
    body: Any = {}
    if raw.strip():
        if request.mimetype != "application/json":
            shown = request.mimetype or "no Content-Type"
            raise ApiError(415, f"send JSON with Content-Type: application/json, not {shown}")
        try:
            body = json.loads(
                raw,
                parse_constant=_refuse_constant,
                parse_int=_bounded_int,
                parse_float=_bounded_float,
            )
        except (ValueError, UnicodeDecodeError) as exc:
            raise ApiError(400, f"the body is not valid JSON: {exc}", "body") from None
        except RecursionError:
            raise ApiError(
                400, "the body is not valid JSON: it is nested too deeply", "body"
            ) from None
    if not isinstance(body, dict):
        raise ApiError(400, f"the body must be a JSON object, not {type(body).__name__}", "body")
    for key in body:
        if key not in allowed:
            raise ApiError(400, f"unknown field {key!r} (fields: {', '.join(allowed)})", key)
    for key in required:
        if key not in body:
            raise ApiError(400, f"missing field {key!r}", key)
    return body


def optional_seq(body: dict[str, Any], name: str = "expected_seq") -> int | None:
    value = body.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**62:
        raise ApiError(400, f"{name} must be a whole number >= 0, got {value!r}", name)
    return value


def string_field(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str):
        raise ApiError(400, f"{name} must be a string, got {value!r}", name)
    return value


def url_int(value: str, name: str) -> int:
    """A number from the URL (a die index, an event seq): digits only, small."""
    if not (value.isascii() and value.isdigit()) or len(value) > 12:
        raise ApiError(400, f"{name} must be a whole number >= 0, got {value!r}", name)
    return int(value)
