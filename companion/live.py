"""The live table feed as the companion runs it: the vision pipeline with RYB totals drawn on,
reading through the data folder's active calibration profile when there is one."""

from __future__ import annotations

from pathlib import Path

from vision.live import LiveConfig, LivePipeline, open_live_feed


def open_table_feed(
    spec: str | None, data_dir: Path | None = None, config: LiveConfig | None = None
) -> LivePipeline:
    """The camera (or stream, file, folder) `spec` names, or the bundled demo when None."""
    from calibration.apply import reader_for
    from companion.readout import caption
    from vision.reader import load_default_reader

    reader = reader_for(data_dir, load_default_reader())
    return open_live_feed(spec, reader=reader, config=config, caption=caption)
