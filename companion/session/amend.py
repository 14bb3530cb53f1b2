"""Amendments: a later event that replaces the line of one earlier event (`amend #7 Al: attempt
orange r4 r4 y3 y4`). Nothing stored is rewritten: the amendment is appended like any other event
(undo takes it back), and every fold reads the game's lines with it applied. The session checks,
before storing one, that every event after the amended one still holds."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

VERB = "amend"
_AMEND_RE = re.compile(r"amend\s+#?(\d{1,9})\s+(\S.*)", re.IGNORECASE)


class _Line(Protocol):
    @property
    def seq(self) -> int: ...

    @property
    def line(self) -> str: ...


T = TypeVar("T", bound=_Line)


@dataclasses.dataclass(frozen=True, slots=True)
class Amendment:
    seq: int  # the event it replaces
    line: str  # the line it puts there

    def text(self) -> str:
        return f"{VERB} #{self.seq} {self.line}"


def amendment(line: str) -> Amendment | None:
    """The amendment a record line writes, or None for any other line."""
    found = _AMEND_RE.fullmatch(line.strip())
    return None if found is None else Amendment(int(found.group(1)), found.group(2).strip())


def is_amendment(line: str) -> bool:
    return line.strip().lower().startswith(f"{VERB} ")


def live(events: Sequence[T]) -> list[T]:
    """The live events with every amendment applied: each amended event keeps its place with
    the new line, and the amendments themselves are left out (they are no move of the game)."""
    out: list[T] = []
    where: dict[int, int] = {}
    for event in events:
        change = amendment(event.line) if is_amendment(event.line) else None
        if change is None:
            where[event.seq] = len(out)
            out.append(event)
        elif change.seq in where:
            at = where[change.seq]
            out[at] = dataclasses.replace(out[at], line=change.line)  # type: ignore[type-var]
    return out
