"""The live table feed as the companion runs it: the vision pipeline with RYB totals drawn on,
reading a game's dice as its rules say (`companion.games.camera_dice`, its palette) through the
data folder's active calibration profile if it has one. Nothing here knows a game by name."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from companion.games import DEFAULT_GAME, CameraDice, camera_dice, find_game, palette
from vision.live import LiveConfig, LivePipeline, open_live_feed
from vision.reading_protocol import Reader

if TYPE_CHECKING:
    from vision.reader import ReaderConfig
    from vision.sources import FrameSource
    from vision.types import Colour

RYB_COLOUR_BAR = 0.75


def game_config() -> ReaderConfig:
    """The reader's settings at an RYB table: colours read against its dice (red, yellow, blue)."""
    return palette_config(palette(find_game(DEFAULT_GAME)))


def palette_config(colours: tuple[Colour, ...]) -> ReaderConfig:
    """The reader's settings at a table whose pip dice come in `colours`."""
    from vision.reader import ReaderConfig

    # The free-naming colour bar (0.9) would only ask players to confirm dice already right
    # here: the reader never takes red, yellow and blue for one another, and a die whose belief
    # lies mostly outside them is flagged by the palette. On the demo recording 0.9 turned 2 of
    # its 6 rolls, all read right, from sure into flagged.
    return ReaderConfig(palette=colours, colour_unsure_below=RYB_COLOUR_BAR)


def flyer_config() -> ReaderConfig:
    """The reader's settings at a flyer table: its six dice show colours, not pips
    (`vision.colour_face`); the normal die is read as a pip die."""
    from vision.reader import ReaderConfig

    # Its finder's candidates from 0.3 up, as `flyer_check` measured it (faint finds, which the
    # pip table keeps where the reader is sure of them, were never measured here).
    return ReaderConfig(colour_faces=True, find_threshold=0.3)


def reader_config(game: str | None) -> ReaderConfig | None:
    """The reader's settings at `game`'s table, as its rules say its dice are read; None (the
    reader naming any of its nine colours) with no game, or one whose dice have no palette."""
    if game is None:
        return None
    rules = find_game(game)
    how = camera_dice(rules)
    if how is CameraDice.COLOUR_FACES:
        return flyer_config()
    colours = palette(rules)
    if how is CameraDice.PIP_COLOURS and colours:
        return palette_config(colours)
    return None


def game_reader(threads: int = 2) -> Reader:
    """The shipped model reading colours against RYB's dice (red, yellow, blue)."""
    from vision.reader import load_default_reader

    return load_default_reader(game_config(), threads=threads)


def table_reader(data_dir: Path | None, game: str | None = DEFAULT_GAME) -> Reader:
    """The shipped model with `game`'s settings (`reader_config`: RYB's palette, the flyer's
    colour-face dice, or with `game` None the reader naming any of its nine colours) through
    the data folder's active calibration profile, if there is one, reading with the memory of
    that table's dice (`companion.tables`)."""
    from calibration.apply import reader_for
    from vision.reader import load_default_reader

    reader = load_default_reader(reader_config(game))
    if data_dir is not None:
        from companion.tables.desk import TableDesk

        TableDesk.open(data_dir, reader)  # loads the table's memory into the reader
    return reader_for(data_dir, reader)


def open_table_feed(
    spec: str | None,
    data_dir: Path | None = None,
    config: LiveConfig | None = None,
    game: str | None = DEFAULT_GAME,
) -> LivePipeline:
    """The camera (or stream, file, folder) `spec` names, or the bundled demo when None, read
    as at `game`'s table (`table_reader`)."""
    from companion.feed.readout import caption

    reader = table_reader(data_dir, game)
    return open_live_feed(spec, reader=reader, config=config, caption=caption)


def open_phone_feed(source: FrameSource, game: str | None) -> LivePipeline:
    """A game's phone camera (`vision.sources.phone`) read as at `game`'s table: the shipped
    model with the game's settings, as `dicetable agent` reads a club table's camera. No
    calibration profile: the server's own is its own camera's, not this phone's view."""
    from companion.feed.readout import caption
    from vision.reader import load_default_reader

    return LivePipeline(source, load_default_reader(reader_config(game)), caption=caption)
