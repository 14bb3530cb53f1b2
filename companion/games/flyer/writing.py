"""Flyer-game events back to record lines: the canonical spelling `parse_event` reads back."""

from __future__ import annotations

from companion.games.flyer.events import Event, MoveMarkers, Roll, Values


def format_event(event: Event) -> str:
    if isinstance(event, Values):
        words = ["values", *(str(t) for t in event.throws)]
    elif isinstance(event, Roll):
        words = ["roll", *(d.value for d in event.dice)]
    elif isinstance(event, MoveMarkers):
        words = ["move", *(m.value for m in event.markers), "to", event.space, "paying"]
        words += [d.value for d in event.paying]
    else:
        raise AssertionError(f"unknown flyer event {event!r}")
    return f"{event.player}: {' '.join(words)}" if event.player else " ".join(words)
