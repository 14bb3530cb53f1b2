"""The shipped reader with a table's memory, on the project's own rendered photos: register,
learn from a corrected roll, restart, clear; and `eval --learn`'s order of reading and learning."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.cli.commands import evaluate
from companion.tables.desk import TableDesk
from companion.tables.learn import GameNight
from companion.tables.store import open_store
from tests.tables.support import FIXTURES, fixture_frame, fresh_reader
from vision.memory import MemorySettings
from vision.types import Colour, Die


def _desk(data: Path) -> TableDesk:
    return TableDesk(open_store(data), "kitchen", fresh_reader())


def _first_die(desk: TableDesk, where: Die | None = None) -> Die:
    """The first die read, or the die lying where `where` lies (a memory that knows the die
    size reads at one scale, so the dice' order may change)."""
    dice: list[Die] = list(desk._reader.read(fixture_frame()).dice)
    if where is None:
        return dice[0]
    x, y = where.centre_xy
    return min(dice, key=lambda d: (d.centre_xy[0] - x) ** 2 + (d.centre_xy[1] - y) ** 2)


def _alike(a: Die, b: Die) -> float:
    return sum(x * y for x, y in zip(a.signature or (), b.signature or (), strict=False))


def test_a_corrected_roll_changes_the_next_read_of_a_die_like_it(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    read = list(desk._reader.read(fixture_frame()).dice)
    # The die least like any other in the roll: corrected, it is the only one of its look.
    k = min(
        range(len(read)), key=lambda i: max(_alike(read[i], o) for o in read if o is not read[i])
    )
    wrong = Colour.PURPLE if read[k].colour is not Colour.PURPLE else Colour.ORANGE
    read[k] = read[k].corrected(wrong, read[k].pips)
    assert desk.learn_roll(read) == len(read)
    assert _first_die(desk, read[k]).colour is wrong


def test_registered_dice_survive_a_restart_and_clearing_forgets_them(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    first = _first_die(desk)
    shot = desk.snapshot(desk._reader.read(fixture_frame()))
    answer = "green" if first.colour is not Colour.GREEN else "white"
    assert desk.register(shot.number, {first.colour.value: answer}) > 0
    restarted = _desk(tmp_path)
    assert restarted.summary()["dice"] == len(desk._reader.read(fixture_frame()).dice)
    assert _first_die(restarted, first).colour is Colour(answer)
    restarted.clear()
    assert restarted.summary()["dice"] == 0
    assert _first_die(restarted, first).colour is first.colour


def test_a_die_unlike_the_memory_keeps_its_reading(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    plain = desk._reader.read(fixture_frame(1)).dice
    other = desk._reader.read(fixture_frame(0)).dice
    desk.learn_roll([d.corrected(Colour.BLACK, d.pips) for d in other])
    again = desk._reader.read(fixture_frame(1)).dice
    unlike = [
        (a, b)
        for a, b in zip(plain, again, strict=True)
        if max(_alike(a, o) for o in other) < MemorySettings().far
    ]
    assert unlike, "the fixture should hold a die unlike every die of the other photo"
    # Its colour as the network read it; its face is the face memory's to judge (test_faces).
    assert all((a.colour, a.pips) == (b.colour, b.pips) for a, b in unlike)


def test_a_stale_snapshot_is_refused(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    shot = desk.snapshot(desk._reader.read(fixture_frame()))
    desk.snapshot(desk._reader.read(fixture_frame()))
    with pytest.raises(Exception, match="look again"):
        desk.register(shot.number, {})


def test_a_game_night_reads_each_photo_before_it_learns_from_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log: list[tuple[str, int]] = []
    real_confirm = GameNight.confirm

    def confirm(self: GameNight, *args: Any) -> None:
        log.append(("confirm", len(self.confirmed)))
        real_confirm(self, *args)

    real_with_memory = evaluate.with_memory

    def with_memory(reader: Any, memory: Any) -> Any:
        if memory is not None:
            log.append(("read", len(memory)))
        return real_with_memory(reader, memory)

    monkeypatch.setattr(GameNight, "confirm", confirm)
    monkeypatch.setattr(evaluate, "with_memory", with_memory)
    report = evaluate.evaluate_folder(fresh_reader(), FIXTURES, "all", "auto", None, learn=3)
    reads = [n for kind, n in log if kind == "read"]
    confirms = [n for kind, n in log if kind == "confirm"]
    assert [kind for kind, _ in log] == ["read", "confirm"] * len(reads)
    assert reads == confirms  # at each read the memory holds exactly the photos before it
    assert reads[0] == 0 and report.metrics.images == len(reads) - 3


def test_eval_learn_prints_the_night(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(FIXTURES), "--split", "all", "--learn", "4", "--game", "ryb"]) == 0
    out = capsys.readouterr().out
    assert "a game night learning after 4 photos" in out and "game ryb" in out
    assert "found and right" in out


@pytest.mark.parametrize(
    ("extra", "why"),
    [
        (["--learn", "2", "--table", "kitchen"], "choose one"),
        (["--learn", "2", "--reader", "baseline"], "model reader only"),
    ],
)
def test_eval_refuses_memories_it_cannot_use(
    extra: list[str], why: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["eval", str(FIXTURES), "--split", "all", "--data", str(tmp_path), *extra]
    assert main(args) == 2
    assert why in capsys.readouterr().err


def test_learn_then_read_with_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = str(tmp_path)
    assert main(["learn", "--table", "den", str(FIXTURES), "--data", data]) == 0
    assert "dice kept for table 'den'" in capsys.readouterr().out
    assert main(["tables", "--data", data]) == 0
    assert capsys.readouterr().out.startswith("den: ")
    image = str(sorted((FIXTURES / "images").glob("*.jpg"))[0])
    assert main(["read", image, "--table", "den", "--data", data]) == 0
    assert main(["tables", "--clear", "den", "--data", data]) == 0
    assert "forgot" in capsys.readouterr().out


def test_learn_teaches_a_labelled_die_the_reader_passed_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A labelled logo 1 the network calls "not a die" is taught from the photos as players
    registering would teach it, and the table then reads it as a 1."""
    from models.render.odd_night import write_odd_night
    from tests.tables.support import LOGO_ONE_PHOTO, LOGO_ONE_SEED, logo_one_photo
    from vision.types import iou

    photos = tmp_path / "photos"
    write_odd_night(photos, "logo1", LOGO_ONE_SEED, LOGO_ONE_PHOTO + 1, (1280, 720))
    data = str(tmp_path / "data")
    assert main(["learn", "--table", "den", str(photos), "--split", "all", "--data", data]) == 0
    out = capsys.readouterr().out
    taught = int(out.split("(")[1].split(" of them passed over")[0])
    assert taught >= 1, out
    image = sorted((photos / "images").iterdir())[LOGO_ONE_PHOTO]
    assert main(["read", str(image), "--table", "den", "--data", data, "--json"]) == 0
    read = json.loads(capsys.readouterr().out)["dice"]
    (logo,) = [d for d in logo_one_photo().visible_dice if d.pips == 1 and d.colour.value == "red"]
    found = [d for d in read if iou(tuple(d["box_xyxy"]), logo.box_xyxy) > 0.5]
    assert [d["pips"] for d in found] == [1]


def test_learn_points_at_labelled_dice_the_reader_found_nothing_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A board's small dice, which a cold table reads none of: `dicetable learn` points at each
    labelled one (as players do on the pages), so the table learns their size."""
    from models.render.odd_night import write_odd_night
    from tests.tables.support import SMALL_BOARD_SEED

    photos = tmp_path / "photos"
    write_odd_night(photos, "smallboard", SMALL_BOARD_SEED, 3, (1280, 720))
    data = tmp_path / "data"
    args = ["learn", "--table", "den", str(photos), "--split", "all", "--data", str(data)]
    assert main(args) == 0
    out = capsys.readouterr().out
    pointed = int(out.split("reader, ")[1].split(" pointed at")[0])
    assert pointed >= 12, out  # of the three photos' 15 dice
    memory = open_store(data).load("den")
    assert isinstance(memory.die_size_px, float) and 18 <= memory.die_size_px <= 28
