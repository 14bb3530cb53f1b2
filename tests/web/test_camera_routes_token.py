"""The routes #32 items 7, 8 and 19 added change a game, so an exposed dashboard refuses them
without the control token (401) and takes them with it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.api.support import CONTROL, OVERLAY, build

FAILED = '[Players "Al, Bruce"]\nAl: goal orange 7\nAl: attempt orange r1 r1 y1 y1\n'


@pytest.mark.parametrize(
    ("path", "body", "allowed"),
    [
        ("/api/games/{game}/roll-again", {"player": "Al", "verb": "doover"}, 200),
        ("/api/games/{game}/pending/keep-needed", {}, 409),  # nothing pending: past the token
        ("/api/demo-game", {}, 201),
    ],
)
@pytest.mark.parametrize(("token", "status"), [(None, 401), (OVERLAY, 403), (CONTROL, None)])
def test_a_change_needs_the_control_token(
    tmp_path: Path,
    path: str,
    body: dict[str, object],
    allowed: int,
    token: str | None,
    status: int | None,
) -> None:
    app, session = build(tmp_path, control_token=CONTROL, host="0.0.0.0")
    try:
        game = session.import_record(FAILED).game_id
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        answer = app.test_client().post(path.format(game=game), json=body, headers=headers)
        assert answer.status_code == (allowed if status is None else status)
        if status is not None:
            assert session.pending(game) is None and len(session.list_games()) == 1
    finally:
        session.close()
