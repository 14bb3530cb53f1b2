"""A club table's corrections teach that table's memory: the rolls players accepted come back
to the table's agent with their corrections, which it replays on the dice its reader saw (with
their signatures) and hands to the table memory's teaching entry point."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
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


def _picture() -> str:
    import base64

    import cv2
    import numpy as np

    jpeg = cv2.imencode(".jpg", np.zeros((90, 160, 3), np.uint8))[1].tobytes()
    return base64.b64encode(jpeg).decode()


def test_a_die_the_agent_passed_over_added_from_the_picture_teaches_its_table(
    client: FlaskClient, tmp_path: Path, app_session: Any
) -> None:
    """The agent sends what its reader passed over with the roll; players add one from the
    roll's picture; the lesson names it, and the agent teaches its table that die (with the
    signature its reader gave it) as the players said it is."""
    from tests.web.api.support import orange_game

    game = orange_game(app_session[1])
    token = agent_token(client, game)
    reading = seen((Colour.RED, 4), (Colour.RED, 2), (Colour.YELLOW, 5))
    logo = Die(Colour.YELLOW, 3, 0.2, (130, 0, 160, 30), True, (9.0, 1.0))  # a logo 1
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    body = {
        "roll_id": "roll-0001", "dice": dice_json(reading), "settled_at": AT,
        "missed": [logo.to_json()], "thumbnail_jpeg": _picture(),
        "frame_size": {"width": 160, "height": 90},
    }  # fmt: skip
    sent = client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token))
    assert sent.status_code == 201, sent.json
    look = answer_of(client, f"/api/games/{game}/pending/missed")
    assert [(m["index"], m["box_xyxy"]) for m in look["missed"]] == [(0, [130, 0, 160, 30])]
    add = {"colour": "yellow", "pips": 1, "missed": 0, "roll_id": look["roll_id"]}
    changed = client.post(f"/api/games/{game}/pending/dice", json=add)
    assert changed.status_code == 200, changed.json
    added = answer_of(client, f"/api/games/{game}/pending")
    assert "added y1 from the picture" in added["pending"]["summary"]
    assert client.post(f"/api/games/{game}/pending/accept", json={}).status_code == 201
    answer = client.get(f"/api/agent/games/{game}/lessons?after=0", headers=bearer(token)).json
    assert answer is not None
    (lesson,) = answer["lessons"]
    assert lesson["corrections"][-1]["missed"] == 0
    memory = Memory()
    teacher = Teacher(tmp_path, memory, lambda _: None)
    teacher.remember("roll-0001", reading, (logo,))
    assert teacher.take(answer) == 4
    kept, _ = memory.taught[0]
    assert (kept[-1].colour, kept[-1].pips, kept[-1].signature) == (Colour.YELLOW, 1, (9.0, 1.0))


@pytest.mark.parametrize(
    "missed",
    [[{"colour": "red"}], "b1", [Die(Colour.RED, 1, 0.2, (0, 0, 9, 9)).to_json()] * 9],
)
def test_a_roll_with_bad_missed_dice_is_refused_whole(
    client: FlaskClient, app_session: Any, missed: object
) -> None:
    from tests.web.api.support import orange_game

    game = orange_game(app_session[1])
    token = agent_token(client, game)
    body = {"roll_id": "roll-0002", "dice": [], "settled_at": AT, "missed": missed}
    refused = client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token))
    assert refused.status_code == 400 and refused.json is not None
    assert refused.json["field"] == "missed"
    assert app_session[1].store.find_camera_roll(game, "roll-0002") is None


def test_an_add_from_the_picture_is_replayed_as_the_die_passed_over() -> None:
    dice = seen((Colour.RED, 4)).dice
    logo = Die(Colour.BLUE, 3, 0.2, (90, 0, 120, 30), True, (7.0, 1.0))
    add = {"action": "add", "index": 1, "before": None, "after": "b6", "missed": 0}
    kept, _ = replay(dice, [add], (logo,))
    assert [(d.colour, d.pips, d.signature) for d in kept][-1] == (Colour.BLUE, 6, (7.0, 1.0))
    assert len(replay(dice, [add])[0]) == 1  # a phone's: the server taught it itself
    with pytest.raises(ValueError, match="passed over"):
        replay(dice, [dict(add, missed=3)], (logo,))


def test_the_agent_sends_what_its_reader_passed_over_and_keeps_it_for_the_lesson(
    tmp_path: Path,
) -> None:
    """`Queue` asks the table's desk what its reader passed over in the settled frame, sends
    it with the roll and remembers it; a desk that fails sends the roll without it."""
    from companion.agent.outbox import Outbox
    from companion.agent.run import Queue
    from tests.web.api.support import settled
    from vision.settle import SettledRoll

    logo = Die(Colour.YELLOW, 3, 0.2, (130, 0, 160, 30), True, (9.0, 1.0))
    sent = settled((Colour.RED, 4, False))
    said: list[str] = []
    memory = Memory()
    teacher = Teacher(None, memory, said.append)

    def broken(_frame: Any, _dice: Any) -> tuple[Die, ...]:
        raise RuntimeError("no reader")

    with Outbox(tmp_path / "outbox") as outbox:
        Queue(outbox, said.append, teacher, lambda _f, _d: (logo,)).roll(
            SettledRoll(2000.0, 1700.0, 60, sent.frame_bgr, sent.reading, roll_id=1)
        )
        queued = outbox.next()
        assert queued is not None and queued.body["missed"] == [logo.to_json()]
        outbox.done(queued.roll_id, {"status": 201})
        Queue(outbox, said.append, None, broken).roll(
            SettledRoll(3000.0, 2700.0, 90, sent.frame_bgr, sent.reading, roll_id=2)
        )
        queued = outbox.next()
        assert queued is not None and "missed" not in queued.body
    assert any("passed over was not looked for" in line for line in said)
    lesson = {
        "roll_id": next(iter(teacher._rolls)),
        "corrections": [{"action": "add", "index": 1, "after": "y1", "missed": 0}],
    }
    assert teacher.take({"lessons": [lesson], "last_seq": 3}) == 2


def test_a_roll_read_anew_keeps_what_its_frame_passed_over(tmp_path: Path) -> None:
    """A phone's feed reads a roll's dice anew before the players look: the lesson's die added
    from the picture is still the one passed over in that roll's frame."""
    logo = Die(Colour.YELLOW, 3, 0.2, (130, 0, 160, 30), True, (9.0, 1.0))
    memory = Memory()
    teacher = Teacher(None, memory, lambda _: None)
    teacher.remember("roll-1", seen((Colour.RED, 4)), (logo,))
    teacher.read_anew("roll-1", seen((Colour.RED, 5)))
    add = {"action": "add", "index": 1, "before": None, "after": "y1", "missed": 0}
    lesson = {"roll_id": "roll-1", "corrections": [add]}
    assert teacher.take({"lessons": [lesson], "last_seq": 1}) == 2
    kept, _ = memory.taught[0]
    assert [(d.pips, d.signature) for d in kept] == [(5, (0.0, 1.0)), (1, (9.0, 1.0))]


def test_a_die_pointed_at_goes_after_what_the_roll_passed_over() -> None:
    """A game's phone: a die pointed at in a remembered roll is that roll's next passed-over
    die, so the lesson naming its index teaches it, also after the roll is read anew."""
    logo = Die(Colour.YELLOW, 3, 0.2, (130, 0, 160, 30), True, (9.0, 1.0))
    pointed = Die(Colour.BLUE, 2, 0.3, (200, 0, 222, 22), True, (8.0, 1.0))
    memory = Memory()
    teacher = Teacher(None, memory, lambda _: None)
    assert not teacher.add_missed("roll-1", pointed) and not teacher.remembers("roll-1")
    teacher.remember("roll-1", seen((Colour.RED, 4)), (logo,))
    assert teacher.add_missed("roll-1", pointed) and teacher.remembers("roll-1")
    teacher.read_anew("roll-1", seen((Colour.RED, 5)))
    add = {"action": "add", "index": 1, "before": None, "after": "b2", "missed": 1}
    assert teacher.take({"lessons": [{"roll_id": "roll-1", "corrections": [add]}]}) == 2
    kept, _ = memory.taught[0]
    assert [(d.colour, d.pips, d.signature) for d in kept][-1] == (Colour.BLUE, 2, (8.0, 1.0))


def test_only_the_newest_rolls_are_remembered() -> None:
    """However the rolls come (sent, or read anew), the record keeps the newest `REMEMBERED`."""
    from companion.agent.lessons import REMEMBERED

    teacher = Teacher(None, Memory(), lambda _: None)
    for n in range(REMEMBERED + 5):
        teacher.remember(f"roll-{n}", seen((Colour.RED, 4)))
    assert not teacher.remembers("roll-4") and teacher.remembers("roll-5")
    teacher.read_anew("roll-new", seen((Colour.RED, 5)))
    assert not teacher.remembers("roll-5") and teacher.remembers("roll-new")


class ReadsAt:
    """A table desk's `read_at`: a die under the spot, with a signature of its own."""

    def __init__(self) -> None:
        self.asked: list[tuple[tuple[int, ...], tuple[float, float]]] = []

    def __call__(self, frame: Any, at: tuple[float, float], dice: Sequence[Die]) -> Die | None:
        self.asked.append((tuple(frame.shape), at))
        x, y = round(at[0]), round(at[1])
        return Die(Colour.BLUE, 3, 0.1, (x - 10, y - 10, x + 10, y + 10), True, (5.0, 1.0))


def test_a_die_pointed_at_in_an_agents_roll_is_read_again_at_the_agent(
    client: FlaskClient, app_session: Any
) -> None:
    """The server reads the spot with no table's memory (the agent's is at its table); the
    add names the spot, so a server process that never saw the point adds the same die; the
    lesson gives its box, and the agent reads it in the frame it kept and teaches it."""
    import base64

    from companion.agent.lessons import KeptFrame
    from tests.web.api.support import orange_game

    game = orange_game(app_session[1])
    token = agent_token(client, game)
    reading = seen((Colour.RED, 4), (Colour.RED, 2), (Colour.YELLOW, 5))
    client.post(f"/api/games/{game}/attempt", json={"player": "Al", "goal": "orange"})
    picture = _picture()
    body = {
        "roll_id": "roll-0001", "dice": dice_json(reading), "settled_at": AT,
        "thumbnail_jpeg": picture, "frame_size": {"width": 160, "height": 90},
    }  # fmt: skip
    sent = client.post(f"/api/agent/games/{game}/rolls", json=body, headers=bearer(token))
    assert sent.status_code == 201, sent.json
    assert answer_of(client, f"/api/games/{game}/pending/missed")["pointable"] is True
    at = [130.0, 60.0]
    roll_id = answer_of(client, f"/api/games/{game}/pending/missed")["roll_id"]
    pointed = client.post(f"/api/games/{game}/pending/missed", json={"at": at, "roll_id": roll_id})
    assert pointed.status_code == 200, pointed.json
    look = pointed.get_json()
    shown = look["missed"][look["pointed"]]
    assert shown["at"] == at
    # Added by the spot alone, as a process that never saw the point would.
    add = {"colour": "yellow", "pips": 6, "missed": 5, "roll_id": roll_id, "at": at}
    changed = client.post(f"/api/games/{game}/pending/dice", json=add)
    assert changed.status_code == 200, changed.json
    accepted = client.post(f"/api/games/{game}/pending/accept", json={})
    assert accepted.status_code == 201, accepted.json
    answer = client.get(f"/api/agent/games/{game}/lessons?after=0", headers=bearer(token)).json
    assert answer is not None
    (lesson,) = answer["lessons"]
    fix = lesson["corrections"][-1]
    assert fix["box_xyxy"] == shown["box_xyxy"] and fix["missed"] == look["pointed"]
    memory, reads = Memory(), ReadsAt()
    teacher = Teacher(None, memory, lambda _: None, reads)
    frame = KeptFrame(base64.b64decode(picture), (160, 90))
    teacher.remember("roll-0001", reading, (), frame)
    assert teacher.take(answer) == 4
    x1, y1, x2, y2 = fix["box_xyxy"]
    assert reads.asked == [((90, 160, 3), ((x1 + x2) / 2, (y1 + y2) / 2))]
    kept, _ = memory.taught[0]
    assert (kept[-1].colour, kept[-1].pips, kept[-1].signature) == (Colour.YELLOW, 6, (5.0, 1.0))


def test_a_pointed_die_with_no_kept_frame_teaches_nothing_and_a_bad_box_nothing_either() -> None:
    dice = seen((Colour.RED, 4)).dice
    add = {"action": "add", "index": 1, "after": "b6", "missed": 0, "box_xyxy": [1, 2, 30, 40]}
    assert len(replay(dice, [add])[0]) == 1  # an agent that kept no frame: nothing to read
    reads = ReadsAt()

    def pointed(box: Sequence[float]) -> Die | None:
        return reads(np.zeros((90, 160, 3), np.uint8), (box[0], box[1]), dice)

    kept, _ = replay(dice, [add], (), pointed)
    assert (kept[-1].pips, kept[-1].signature) == (6, (5.0, 1.0))
    for bad in ([1, 2, 3], [30, 2, 1, 40], ["1", 2, 30, 40], [1, 2, float("inf"), 40]):
        assert len(replay(dice, [dict(add, box_xyxy=bad)], (), pointed)[0]) == 1


def test_the_agent_keeps_the_frames_of_its_newest_rolls_only() -> None:
    from companion.agent.lessons import FRAMES_KEPT, KeptFrame

    teacher = Teacher(None, Memory(), lambda _: None, ReadsAt())
    for n in range(FRAMES_KEPT + 3):
        teacher.remember(f"roll-{n}", seen((Colour.RED, 4)), (), KeptFrame(b"x", (4, 4)))
    assert len(teacher._frames) == FRAMES_KEPT and "roll-3" in teacher._frames
    without = Teacher(None, Memory(), lambda _: None)  # cannot read: keeps no frame
    without.remember("roll-1", seen((Colour.RED, 4)), (), KeptFrame(b"x", (4, 4)))
    assert not without._frames


def test_the_agent_keeps_the_frame_it_sent_with_each_roll(tmp_path: Path) -> None:
    from companion.agent.outbox import Outbox
    from companion.agent.run import Queue
    from tests.web.api.support import settled
    from vision.settle import SettledRoll

    sent = settled((Colour.RED, 4, False))
    teacher = Teacher(None, Memory(), lambda _: None, ReadsAt())
    with Outbox(tmp_path / "outbox") as outbox:
        Queue(outbox, lambda _: None, teacher).roll(
            SettledRoll(2000.0, 1700.0, 60, sent.frame_bgr, sent.reading, roll_id=1)
        )
    (frame,) = teacher._frames.values()
    assert frame.size == (200, 120) and frame.pixels().shape == (120, 200, 3)
