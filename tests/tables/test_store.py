"""The tables' store: round trips through restarts, readers' hashes, clearing, bad names."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.cli.commands.table import describe_table
from companion.tables.names import TableNameError, check_table_name
from companion.tables.store import TableStore
from vision.memory import Confirmed
from vision.types import Colour

DICE = [
    Confirmed((1.0, 0.0), Colour.RED, 3),
    Confirmed((0.0, 1.0), Colour.BLUE, 5),
    Confirmed((0.6, 0.8), None),
]


def test_dice_kept_survive_a_restart(tmp_path: Path) -> None:
    assert TableStore(tmp_path, "r1").add("kitchen", DICE, "register") == 3
    again = TableStore(tmp_path, "r1").load("kitchen")
    assert again.counts() == {"red": 1, "blue": 1, "not a die": 1}
    assert again.matrix.shape == (3, 2)


def test_tables_are_kept_apart_and_cleared_alone(tmp_path: Path) -> None:
    store = TableStore(tmp_path, "r1")
    store.add("kitchen", DICE, "play")
    store.add("club", DICE[:1], "photos")
    assert store.clear("kitchen") == 3
    assert len(store.load("kitchen")) == 0
    assert len(store.load("club")) == 1


def test_another_readers_dice_are_stale(tmp_path: Path) -> None:
    TableStore(tmp_path, "old").add("kitchen", DICE, "play")
    store = TableStore(tmp_path, "new")
    assert len(store.load("kitchen")) == 0
    (summary,) = store.summaries()
    assert (summary.name, summary.dice, summary.stale) == ("kitchen", 0, 3)


def _faced(value: int, look: int, mark: int) -> Confirmed:
    """A confirmed die the network read as a 3: pip features of look 0 or 1, marks of mark k."""
    logp = np.log(np.asarray([[0.1, 0.1, 0.5, 0.1, 0.1, 0.1]], np.float32))
    features = np.linspace(0.1, 1.0, 36, dtype=np.float32)[None, :] ** (1 + 3 * look)
    face = np.concatenate([features, logp], axis=1)[0].tobytes()
    marks = np.eye(4, dtype=np.float32)[mark].tobytes()
    return Confirmed((1.0, 0.0), Colour.RED, value, face, 40.0, marks)


# Numerals the pip features tell apart no better than chance (each 1 looks like a 6), their
# marks at once.
NUMERALS = [_faced(1, 0, 0), _faced(1, 1, 0), _faced(6, 0, 1), _faced(6, 1, 1)]


def test_marks_survive_a_restart_and_only_for_the_marks_file_that_signed_them(
    tmp_path: Path,
) -> None:
    TableStore(tmp_path, "r1", "m1").add("kitchen", NUMERALS, "play")
    head = TableStore(tmp_path, "r1", "m1").load("kitchen").marks_head
    assert head is not None and head.values == (1, 6)
    # Another marks file: the same dice teach by their pip features alone.
    other = TableStore(tmp_path, "r1", "m2").load("kitchen")
    assert other.marks_head is None and other.faces is not None
    (summary,) = TableStore(tmp_path, "r1", "m1").summaries()
    assert summary.faces_by_marks
    assert "faces read by their marks" in describe_table(summary)


def test_a_store_never_written_lists_nothing(tmp_path: Path) -> None:
    assert TableStore(tmp_path / "none", "r1").summaries() == []


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "needs a name"),
        ("   ", "needs a name"),
        (None, "needs a name"),
        ("x" * 41, "at most 40"),
        ("../etc", "letters, digits"),
        ("a/b", "letters, digits"),
    ],
)
def test_bad_table_names_are_refused_in_words(name: object, why: str) -> None:
    with pytest.raises(TableNameError, match=why) as caught:
        check_table_name(name)
    assert caught.value.field == "table"


def test_a_bad_source_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="source"):
        TableStore(tmp_path, "r1").add("kitchen", DICE, "guess")


def test_real_names_are_taken() -> None:
    assert check_table_name("  Mary's  ".replace("'", "")) == "Marys"
    assert check_table_name("club table_2") == "club table_2"


def test_the_shipped_reader_signs_dice_as_the_one_tables_were_taught_with() -> None:
    # Folding the light cue out of the reader's first convolution changed its file, not what
    # its signatures mean: tables taught before keep their memory.
    from companion.tables.store import reader_key

    assert reader_key() == "90330ce5b5e7956d"
