"""Who picks first in the deck-selecting phase, and who wins: tokens, then roll-offs (ruling 9).

Players with equal tokens are tied; they roll a die each. In the deck-selecting order the lowest
throw goes first; at the end the highest throw wins. Players who throw the same again stay tied
and roll again.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import InvalidEventError
from companion.games.modifier.state import Purpose, Standing


def _grouped(
    names: Sequence[str], keys: Sequence[int], descending: bool
) -> tuple[tuple[str, ...], ...]:
    """Names grouped by equal key, groups sorted by key; each group keeps the seat order."""
    ranked = sorted(set(keys), reverse=descending)
    return tuple(tuple(n for n, k in zip(names, keys, strict=True) if k == key) for key in ranked)


def standing(players: Sequence[str], tokens: Sequence[int], purpose: Purpose) -> Standing:
    return Standing(purpose, _grouped(players, tokens, descending=purpose is Purpose.END))


def roll_off(current: Standing, throws: Sequence[tuple[str, int]]) -> Standing:
    """The standing once the tied players' throws are in; InvalidEventError when no tie is open
    or the throws are not one each by exactly the tied players."""
    tie = current.tie
    if tie is None:
        shown = ", ".join(current.order)
        raise InvalidEventError(f"nobody is tied, so there is nothing to roll off (order: {shown})")
    names = [name for name, _ in throws]
    if sorted(names) != sorted(tie):
        raise InvalidEventError(
            f"the roll-off is between {' and '.join(tie)}; "
            f"each of them throws once, not {', '.join(names) or 'nobody'}"
        )
    by_name = dict(throws)
    keys = [by_name[name] for name in tie]
    split = _grouped(tie, keys, descending=current.purpose is Purpose.END)
    at = current.groups.index(tie)
    groups = (*current.groups[:at], *split, *current.groups[at + 1 :])
    return Standing(current.purpose, groups, (*current.throws, tuple(throws)))
