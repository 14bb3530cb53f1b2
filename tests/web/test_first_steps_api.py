"""The routes behind the start page's first steps: the demo game (opened, or made once), the
camera's `demo` flag, and the first-game guide with its pictures (only its own, by name)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.api.support import FakeCamera, build
from web.guide import IMAGES, to_html


class DemoCamera(FakeCamera):
    demo = True


@pytest.mark.parametrize(("camera", "demo"), [(DemoCamera(), True), (FakeCamera(), False)])
def test_the_camera_says_whether_it_plays_the_demo(
    tmp_path: Path, camera: FakeCamera, demo: bool
) -> None:
    app, session = build(tmp_path, camera)
    try:
        assert app.test_client().get("/api/camera").get_json()["demo"] is demo
    finally:
        session.close()


def test_the_demo_game_is_made_once_and_reopened(tmp_path: Path) -> None:
    app, session = build(tmp_path)
    try:
        client = app.test_client()
        made = client.post("/api/demo-game", json={})
        body = made.get_json()
        assert made.status_code == 201 and body["url"] == f"/games/{body['game_id']}"
        assert body["next"][0].startswith("It is Al's turn")
        again = client.post("/api/demo-game", json={})
        assert (again.status_code, again.get_json()["game_id"]) == (200, body["game_id"])
        bad = client.post("/api/demo-game", json={"players": "Ann"})
        assert bad.status_code == 400 and "players" in bad.get_json()["error"]
        view = session.view(body["game_id"])
        assert view.title == "Demo: the recording's game"
    finally:
        session.close()


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/guide", 200),
        ("/guide/images/first-game-home.png", 200),
        ("/guide/images/first-game-nothing.png", 404),
        ("/guide/images/..%2Ffirst-game.md", 404),
        ("/guide/images/first-game.md", 404),
        ("/guide/images/.hidden.png", 404),
    ],
)
def test_the_guide_serves_only_its_own_pictures(tmp_path: Path, path: str, status: int) -> None:
    app, session = build(tmp_path)
    try:
        response = app.test_client().get(path)
        response.close()  # a picture is streamed from its file
        assert response.status_code == status
    finally:
        session.close()


def test_every_picture_of_the_guide_is_there_and_small() -> None:
    html = str(to_html((IMAGES.parent / "first-game.md").read_text()))
    names = [part.split('"')[0] for part in html.split('src="/guide/images/')[1:]]
    assert len(names) == 4
    for name in names:
        size = (IMAGES / name).stat().st_size
        assert 0 < size < 150 * 1024, name


@pytest.mark.parametrize(
    ("markdown", "html"),
    [
        ("## Two\n\ntext <b>x</b>", "<h2>Two</h2>\n<p>text &lt;b&gt;x&lt;/b&gt;</p>"),
        ("1. one\n2. **two** `c`", "<ol><li>one</li><li><b>two</b> <code>c</code></li></ol>"),
        ("- a\n  more", "<ul><li>a more</li></ul>"),
        ("[x](/tables) [y](http://evil)", '<p><a href="/tables">x</a> [y](http://evil)</p>'),
    ],
)
def test_the_guide_reader(markdown: str, html: str) -> None:
    assert str(to_html(markdown)) == html
