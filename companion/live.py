"""The live table feed as the companion runs it: the vision pipeline with RYB totals drawn on."""

from __future__ import annotations

from vision.live import LiveConfig, LivePipeline, open_live_feed


def open_table_feed(spec: str | None, config: LiveConfig | None = None) -> LivePipeline:
    """The camera (or stream, file, folder) `spec` names, or the bundled demo when None."""
    from companion.readout import caption

    return open_live_feed(spec, config=config, caption=caption)
