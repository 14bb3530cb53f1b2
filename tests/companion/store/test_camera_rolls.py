"""A camera agent's rolls and token in the store, on each backend: every roll kept once (a
repeated roll id gets the roll kept before), numbered without gaps, never changed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from companion.errors import StoreValueError, UnknownEventError, UnknownGameError
from companion.store import EventStore
from tests.store_backends import StoreSpot

JPEG = b"\xff\xd8\xff\xe0 a roll"
DICE = {"dice": [{"colour": "red", "pips": 4, "confidence": 0.9, "box_xyxy": [1, 2, 30, 40]}]}
AT = "2026-11-27T01:02:03.000000Z"


@pytest.fixture
def store(store_spot: StoreSpot) -> Iterator[EventStore]:
    with store_spot.open() as opened:
        yield opened


@pytest.fixture
def game(store: EventStore) -> str:
    return store.create_game({"Players": "Al, Bo"})


def test_rolls_are_numbered_and_a_repeat_is_not_kept_twice(store: EventStore, game: str) -> None:
    first, new = store.add_camera_roll(game, "roll-0001", DICE, settled_at=AT)
    assert (first.n, new, first.has_thumbnail, dict(first.data)) == (1, True, False, DICE)
    second, _ = store.add_camera_roll(game, "roll-0002", DICE, settled_at=AT, thumbnail_jpeg=JPEG)
    again, new_again = store.add_camera_roll(game, "roll-0001", {"dice": []}, settled_at=AT)
    assert (again.n, new_again, dict(again.data)) == (1, False, DICE)
    assert [r.n for r in store.camera_rolls(game)] == [1, 2]
    assert [r.roll_id for r in store.camera_rolls(game, after=1)] == ["roll-0002"]
    last = store.last_camera_roll(game)
    assert last is not None and last.roll_id == "roll-0002"
    assert store.camera_roll_thumbnail(game, 2) == JPEG
    assert store.camera_roll_thumbnail(game, 1) is None
    assert store.camera_roll(game, 2) == second
    with pytest.raises(UnknownEventError, match="has no camera roll 3"):
        store.camera_roll(game, 3)


def test_rolls_of_two_games_are_numbered_apart(store: EventStore, game: str) -> None:
    other = store.create_game({"Players": "Cy"})
    store.add_camera_roll(game, "same-id-1", DICE, settled_at=AT)
    roll, new = store.add_camera_roll(other, "same-id-1", DICE, settled_at=AT)
    assert (roll.n, new) == (1, True)
    assert store.last_camera_roll(store.create_game({"Players": "Di"})) is None


@pytest.mark.parametrize(
    ("roll_id", "data", "settled_at", "jpeg", "message"),
    [
        ("short", DICE, AT, None, "invalid roll id 'short'"),
        ("has space 1", DICE, AT, None, "invalid roll id"),
        ("roll-0001", {"x": float("nan")}, AT, None, "not JSON-serialisable"),
        ("roll-0001", DICE, "yesterday", None, "invalid settled_at 'yesterday'"),
        ("roll-0001", DICE, AT, b"GIF89a", "not a JPEG"),
    ],
)
def test_a_bad_roll_is_refused_naming_the_value(
    store: EventStore,
    game: str,
    roll_id: str,
    data: dict[str, object],
    settled_at: str,
    jpeg: bytes | None,
    message: str,
) -> None:
    with pytest.raises(StoreValueError, match=message):
        store.add_camera_roll(game, roll_id, data, settled_at=settled_at, thumbnail_jpeg=jpeg)
    assert store.last_camera_roll(game) is None


def test_a_roll_for_an_unknown_game_is_refused(store: EventStore) -> None:
    with pytest.raises(UnknownGameError):
        store.add_camera_roll("zzzzzzzzzz", "roll-0001", DICE, settled_at=AT)


def test_racing_repeats_of_one_roll_keep_it_once(store: EventStore, game: str) -> None:
    start = threading.Barrier(6)
    answers: list[tuple[int, bool]] = []

    def send(k: int) -> None:
        start.wait()
        roll, new = store.add_camera_roll(game, f"roll-{k % 2:04d}", DICE, settled_at=AT)
        answers.append((roll.n, new))

    threads = [threading.Thread(target=send, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sum(new for _, new in answers) == 2
    assert sorted({n for n, _ in answers}) == [1, 2]
    assert [r.n for r in store.camera_rolls(game)] == [1, 2]


def test_camera_rolls_are_append_only(store: EventStore, store_spot: StoreSpot, game: str) -> None:
    store.add_camera_roll(game, "roll-0001", DICE, settled_at=AT)
    for sql in ("UPDATE camera_rolls SET roll_id = 'x'", "DELETE FROM camera_rolls"):
        with pytest.raises(Exception, match="append-only"):
            store_spot.raw(sql)
    assert [r.n for r in store.camera_rolls(game)] == [1]


def test_agent_token_and_when_it_was_heard(store: EventStore, game: str) -> None:
    assert store.agent(game) is None
    store.agent_seen(game)  # no agent yet: nothing to note
    digest = "ab" * 32
    info = store.set_agent_token(game, digest)
    assert store.agent_token_sha256(game) == digest
    now = datetime.now(UTC)
    assert not info.connected(now)
    store.agent_seen(game)
    seen = store.agent(game)
    assert seen is not None and seen.connected(now + timedelta(seconds=1))
    assert not seen.connected(now + timedelta(seconds=60))
    store.set_agent_token(game, "cd" * 32)
    assert store.agent_token_sha256(game) == "cd" * 32
    with pytest.raises(StoreValueError, match="invalid token hash"):
        store.set_agent_token(game, "not hex")


def test_what_an_agent_says_of_its_camera(store: EventStore, game: str) -> None:
    store.set_agent_token(game, "ab" * 32)
    store.agent_seen(game, camera="ok")
    found = store.agent(game)
    assert found is not None and found.camera == "ok"
    assert found.to_json(datetime.now(UTC))["camera"] == "ok"
    store.agent_seen(game)  # a hello without it keeps what it said last
    assert (a := store.agent(game)) is not None and a.camera == "ok"
    store.agent_seen(game, camera="ended")
    assert (a := store.agent(game)) is not None and a.camera == "ended"
    with pytest.raises(StoreValueError, match="camera state must be one of"):
        store.agent_seen(game, camera="exploded")
    store.set_agent_token(game, "cd" * 32)  # a new agent: nothing said yet
    assert (a := store.agent(game)) is not None and a.camera is None
