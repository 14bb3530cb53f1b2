"""RGB events back to record lines: the canonical spelling `parse_event` reads back."""

from __future__ import annotations

from companion.games.rgb.events import Attack, Create, Event, Heal, Move, Pass, Place, Sustain


def _words(event: Event) -> list[str]:
    if isinstance(event, Place):
        return ["place", event.kind.value, event.square.name]
    if isinstance(event, Move):
        return ["move", event.source.name, event.target.name]
    if isinstance(event, Create):
        return ["create", event.square.name]
    if isinstance(event, Attack):
        words = ["attack", event.source.name, event.target.name, event.layer.value]
        return words + (["support", event.support.name] if event.support is not None else [])
    if isinstance(event, Heal):
        return ["heal", event.square.name]
    if isinstance(event, Sustain):
        return ["sustain", event.square.name, event.layer.value]
    if isinstance(event, Pass):
        return ["pass"]
    raise AssertionError(f"unknown RGB event {event!r}")


def format_event(event: Event) -> str:
    return f"{event.player}: {' '.join(_words(event))}"
