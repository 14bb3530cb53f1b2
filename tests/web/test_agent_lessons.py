"""A club table's corrections teach that table's memory: the rolls players accepted come back
to the table's agent with their corrections, which it replays on the dice its reader saw (with
their signatures) and hands to the table memory's teaching entry point."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.agent.lessons import Teacher, replay
from companion.agent.run import dice_json
from tests.web.test_agents import AT, agent_token, answer_of, bearer
from vision.types import Colour, DiceReading, Die

pytestmark = pytest.mark.usefixtures("store_spot")


def seen(*dice: tuple[Colour, int]) -> DiceReading:
    return DiceReading(tuple(
        Die(c, p, 0.9, (40 * k, 0, 40 * k + 30, 30), signature=(float(k), 1.0))
        for k, (c, p) in enumerate(dice)
    ))  # fmt: skip


class Memory:
    """Records what the table's memory is taught (`TableDesk.learn_roll`'s signature)."""

    def __init__(self) -> None:
        self.taught: list[tuple[list[Die], list[Die]]] = []

    def learn_roll(self, kept: Sequence[Die], not_dice: Sequence[Die] = ()) -> int:
        self.taught.append((list(kept), list(not_dice)))
        return len(kept) + len(not_dice)


def test_corrections_are_replayed_on_the_dice_the_reader_saw() -> None:
    dice = seen((Colour.RED, 4), (Colour.RED, 2), (Colour.YELLOW, 5), (Colour.BLUE, 1)).dice
    fixes = [
        {"action": "correct", "index": 1, "before": "r2", "after": "r3"},
        {"action": "not-a-die", "index": 3, "before": "b1", "after": None},
        {"action": "add", "index": 3, "before": None, "after": "y6"},
        {"action": "remove", "index": 0, "before": "r4", "after": None},
    ]
    kept, not_dice = replay(dice, fixes)
    assert [(d.colour, d.pips, d.signature) for d in kept] == [
        (Colour.RED, 3, (1.0, 1.0)), (Colour.YELLOW, 5, (2.0, 1.0))
    ]  # fmt: skip
    assert [d.signature for d in not_dice] == [(3.0, 1.0)]
    with pytest.raises(ValueError, match="names no die"):
        replay(dice, [{"action": "remove", "index": 9}])


def test_an_accepted_agent_roll_teaches_the_agents_table_memory(
    client: FlaskClient, tmp_path: Path, app_session: Any
) -> None:
    from tests.web.api.support import orange_game

    game = orange_game(app_session[1])
    token = agent_token(client, game)
    reading = seen((Colour.RED, 4), (Colour.RED, 2), (Colour.YELLOW, 5), (Colour.YELLOW, 6),
                   (Colour.BLUE, 1))  # fmt: skip
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    body = {"roll_id": "roll-0001", "dice": dice_json(reading), "settled_at": AT}
    sent = client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token))
    assert sent.status_code == 201
    pending = answer_of(client, f"/api/games/{game}/pending")["pending"]
    assert all(d["learns"] for d in pending["dice"])  # so "not a die" is offered
    # the players fix die 2 and say die 5 is no die at all, then accept
    fix = {"colour": "red", "pips": 3, "was": "r2"}
    assert client.post(f"/api/games/{game}/pending/dice/1", json=fix).status_code == 200
    gone = {"was": "b1", "not_a_die": True}
    removed = client.delete(f"/api/games/{game}/pending/dice/4", json=gone)
    assert removed.status_code == 200, removed.json
    assert client.post(f"/api/games/{game}/pending/accept", json={}).status_code == 201
    answer = client.get(f"/api/agent/games/{game}/lessons?after=0", headers=bearer(token))
    assert answer.status_code == 200 and answer.json is not None
    lesson = answer.json["lessons"]
    assert [(x["seq"], x["roll_id"]) for x in lesson] == [(2, "roll-0001")]
    memory = Memory()
    teacher = Teacher(tmp_path, memory, lambda _: None)
    teacher.remember("roll-0001", reading)
    assert teacher.take(answer.json) == 5
    kept, not_dice = memory.taught[0]
    assert [(d.colour, d.pips) for d in kept] == [
        (Colour.RED, 4), (Colour.RED, 3), (Colour.YELLOW, 5), (Colour.YELLOW, 6)
    ]  # fmt: skip
    assert [(d.colour, d.pips) for d in not_dice] == [(Colour.BLUE, 1)]
    # taken once: a restarted agent asks from where it left off
    assert Teacher(tmp_path, memory, lambda _: None).after == 2
    later = client.get(f"/api/agent/games/{game}/lessons?after=2", headers=bearer(token))
    assert later.json == {"lessons": [], "last_seq": 2}
    assert client.get(f"/api/agent/games/{game}/lessons").status_code == 401  # its token only
    bad = client.get(f"/api/agent/games/{game}/lessons?after=x", headers=bearer(token))
    assert bad.status_code == 400
