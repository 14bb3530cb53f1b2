"""Importing a game record from a file (issue 32 item 14): chosen with the file picker or dropped
on the import box, as well as pasted; a file too big or not a record is refused in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.conftest import Dashboard, wait_until

pytestmark = pytest.mark.browser
GOLDEN = Path(__file__).parents[2] / "companion" / "golden"

DROP = """([name, text]) => {
  const data = new DataTransfer();
  data.items.add(new File([text], name, { type: "text/plain" }));
  const zone = document.getElementById("import-game");
  const how = { dataTransfer: data, bubbles: true, cancelable: true };
  zone.dispatchEvent(new DragEvent("dragover", how));
  zone.dispatchEvent(new DragEvent("drop", how));
}"""


def imported(page: Any, dashboard: Dashboard) -> str:
    page.wait_for_url(lambda url: "/games/" in url)
    game = str(page.url).rsplit("/", 1)[1]
    assert [g.game_id for g in dashboard.session.list_games()] == [game]
    return game


@pytest.mark.parametrize("record", ["flyer-default.flyer", "modifier-three.mod", "rgb-win.rgb"])
def test_a_record_file_chosen_with_the_picker(page: Any, dashboard: Dashboard, record: str) -> None:
    page.goto(dashboard.url("/"))
    page.set_input_files("#import-file", str(GOLDEN / record))
    game = imported(page, dashboard)
    header = (GOLDEN / record).read_text(encoding="utf-8").split('[Game "')[1].split('"')[0]
    assert dashboard.session.view(game).game == header


def test_a_record_file_dropped_on_the_box(page: Any, dashboard: Dashboard) -> None:
    page.goto(dashboard.url("/"))
    text = (GOLDEN / "example3.ryb").read_text(encoding="utf-8")
    page.evaluate(DROP, ["example3.ryb", text])
    game = imported(page, dashboard)
    assert dashboard.session.view(game).seq > 0


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("big.ryb", b"x" * (1024 * 1024 + 1), "big.ryb is 1025 KB"),
        # Issue 47 item 10: a picture's bytes were echoed as garbled text, "line 1: '\ufffdPNG'".
        ("photo.ryb", b"\x89PNG\r\n\x1a\n\x00\x00", "photo.ryb is not a game record"),
    ],
)
def test_a_file_that_is_no_record_is_refused_in_words(
    page: Any, dashboard: Dashboard, name: str, content: bytes, words: str
) -> None:
    page.goto(dashboard.url("/"))
    page.set_input_files(
        "#import-file", files=[{"name": name, "mimeType": "text/plain", "buffer": content}]
    )
    wait_until(page, "document.querySelector('#import-error').textContent !== ''")
    assert words in page.inner_text("#import-error")
    assert "\ufffd" not in page.inner_text("#import-error")
    assert page.input_value("#import-game textarea") == ""
    assert dashboard.session.list_games() == []
