"""Five-dice record lines to events and back (docs/rules-fivedice.md):

Ann: roll 3 4 4 2 6
Ann: keep 4 4
Ann: roll 4 4 4 1 5
Ann: score fours 12
"""

from __future__ import annotations

from companion.errors import RecordError
from companion.games.fivedice.events import Event, Keep, Roll, Score
from companion.games.fivedice.scoring import DICE, Box
from companion.games.notation import split_line

ROLL_USAGE = "roll D D D D D  (the five dice as they lie, kept ones too)"
KEEP_USAGE = "keep K ...  (the faces set aside before the next throw; none: throw all five)"
SCORE_USAGE = "score BOX [POINTS]  (boxes: " + ", ".join(Box) + ")"
EXPECTED = "expected `NAME: roll D D D D D`, `NAME: keep K ...` or `NAME: score BOX`"
# Other spellings players type for a box (any case; spaces, hyphens and underscores ignored).
ALIASES = {
    "1s": Box.ONES,
    "2s": Box.TWOS,
    "3s": Box.THREES,
    "4s": Box.FOURS,
    "5s": Box.FIVES,
    "6s": Box.SIXES,
    "3k": Box.THREE_KIND,
    "threeofakind": Box.THREE_KIND,
    "4k": Box.FOUR_KIND,
    "fourofakind": Box.FOUR_KIND,
    "fh": Box.FULL_HOUSE,
    "ss": Box.SMALL_STRAIGHT,
    "smstraight": Box.SMALL_STRAIGHT,
    "ls": Box.LARGE_STRAIGHT,
    "lgstraight": Box.LARGE_STRAIGHT,
    "fiveofakind": Box.FIVE_KIND,
    "5k": Box.FIVE_KIND,
    "yacht": Box.FIVE_KIND,
    "yahtzee": Box.FIVE_KIND,
    "generala": Box.FIVE_KIND,
}
_SQUASHED = {b.value.replace("-", ""): b for b in Box} | ALIASES


def box(word: str) -> Box:
    found = _SQUASHED.get("".join(word.lower().replace("-", "").replace("_", "").split()))
    if found is None:
        raise RecordError(f"{word!r} is not a box (boxes: {', '.join(Box)})")
    return found


def face(word: str, what: str) -> int:
    if not (word.isascii() and word.isdigit() and 1 <= int(word) <= 6):
        raise RecordError(f"{what} shows {word!r}: a die shows 1 to 6")
    return int(word)


def _faces(args: list[str]) -> list[str]:
    """Dice written together (`44415`) as one word each, as players type them."""
    out: list[str] = []
    for word in args:
        together = len(word) > 1 and all(c in "123456" for c in word)
        out.extend(word if together else [word])
    return out


def _roll(player: str, args: list[str]) -> Roll:
    if "keep" in (a.lower() for a in args):
        raise RecordError(
            f"dice kept aside go on a line of their own before the throw: `{player}: keep 4 4`, "
            f"then `{player}: roll 4 4 D D D`"
        )
    dice = tuple(face(w, f"die {k}") for k, w in enumerate(_faces(args), start=1))
    if len(dice) != DICE:
        raise RecordError(f"a throw lists all {DICE} dice, got {len(dice)}; usage: {ROLL_USAGE}")
    return Roll(player, dice)


def _keep(player: str, args: list[str]) -> Keep:
    faces = _faces(args)
    if len(faces) >= DICE:
        raise RecordError(f"keep names at most {DICE - 1} dice; usage: {KEEP_USAGE}")
    return Keep(player, tuple(face(w, "a kept die") for w in faces))


def _score(player: str, args: list[str]) -> Score:
    """`score BOX [POINTS]`; a box may be written in words too (`score full house 25`)."""
    words, points = list(args), None
    if len(words) > 1 and words[-1][:1] in "-0123456789":
        last = words.pop()
        if not (last.isascii() and last.isdigit()):
            raise RecordError(f"the points of a box are a whole number, not {last!r}")
        points = int(last)
    if not words:
        raise RecordError(f"usage: {SCORE_USAGE}")
    return Score(player, box(" ".join(words)), points)


def parse_event(line: str) -> Event:
    """One record line to an event (syntax only; `rules.apply` judges it)."""
    player, verb, args = split_line(line, expected=EXPECTED)
    if verb == "roll":
        return _roll(player, args)
    if verb == "keep":
        return _keep(player, args)
    if verb == "score":
        return _score(player, args)
    raise RecordError(f"unknown verb {verb!r} (verbs: roll, keep, score)")


def format_event(event: Event) -> str:
    """The canonical record line of `event` (`parse_event` reads it back to the same event)."""
    if isinstance(event, Roll):
        return f"{event.player}: roll {' '.join(map(str, event.dice))}"
    if isinstance(event, Keep):
        return " ".join([f"{event.player}: keep", *map(str, event.faces)])
    points = "" if event.points is None else f" {event.points}"
    return f"{event.player}: score {event.box.value}{points}"
