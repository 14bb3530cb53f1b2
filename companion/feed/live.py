"""The live table feed as the companion runs it: the vision pipeline with RYB totals drawn on,
reading RYB's dice colours through the data folder's active calibration profile if it has one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from vision.live import LiveConfig, LivePipeline, open_live_feed
from vision.reading_protocol import Reader

if TYPE_CHECKING:
    from vision.reader import ReaderConfig

RYB_COLOUR_BAR = 0.75


def game_config() -> ReaderConfig:
    """The reader's settings at an RYB table: colours read against its dice (red, yellow, blue)."""
    from companion.games.ryb.dice import DIE_COLOURS
    from vision.reader import ReaderConfig

    # The free-naming colour bar (0.9) would only ask players to confirm dice already right
    # here: the reader never takes red, yellow and blue for one another, and a die whose belief
    # lies mostly outside them is flagged by the palette. On the demo recording 0.9 turned 2 of
    # its 6 rolls, all read right, from sure into flagged.
    return ReaderConfig(palette=DIE_COLOURS, colour_unsure_below=RYB_COLOUR_BAR)


def flyer_config() -> ReaderConfig:
    """The reader's settings at a flyer table: its six dice show colours, not pips
    (`vision.colour_face`); the normal die is read as a pip die."""
    from vision.reader import ReaderConfig

    return ReaderConfig(colour_faces=True)


def game_reader(threads: int = 2) -> Reader:
    """The shipped model reading colours against RYB's dice (red, yellow, blue)."""
    from vision.reader import load_default_reader

    return load_default_reader(game_config(), threads=threads)


def table_reader(data_dir: Path | None, game: str | None = "ryb") -> Reader:
    """`game_reader` (or, with `game` None, the reader naming any of its nine colours; with
    "flyer", reading colour-face dice too: `flyer_config`) through
    the data folder's active calibration profile, if there is one, reading with the memory of
    that table's dice (`companion.tables`)."""
    from calibration.apply import reader_for
    from vision.reader import load_default_reader

    if game == "ryb":
        reader = game_reader()
    else:
        reader = load_default_reader(flyer_config() if game == "flyer" else None)
    if data_dir is not None:
        from companion.tables.desk import TableDesk

        TableDesk.open(data_dir, reader)  # loads the table's memory into the reader
    return reader_for(data_dir, reader)


def open_table_feed(
    spec: str | None,
    data_dir: Path | None = None,
    config: LiveConfig | None = None,
    game: str | None = "ryb",
) -> LivePipeline:
    """The camera (or stream, file, folder) `spec` names, or the bundled demo when None, read
    as at `game`'s table (`table_reader`)."""
    from companion.feed.readout import caption

    reader = table_reader(data_dir, game)
    return open_live_feed(spec, reader=reader, config=config, caption=caption)
