"""RGB rules as tables: each row is a position, a record line, and what the rules say."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion.errors import InvalidEventError, RecordError
from companion.games.rgb import GameState, Phase, Square, apply, parse_event, start, state_json
from companion.games.rgb.legal import moves_from
from tests.companion.rgb.positions import position

# A quiet middle game: each side has a fed Child, a Man, a Woman; Bo has the Golden Child.
BASE = "aL@d2 aM@e2 aS@d3 bL@d7 bM@e7 bS@d6 bG@f7"


def play(board: str, line: str, to_move: str = "Al") -> GameState:
    return apply(position(board, to_move), parse_event(line))


def stacks(state: GameState) -> dict[str, str]:
    return {s["square"]: "".join(c[0] for c in s["layers"]) for s in state_json(state)["stacks"]}


ACCEPTED = [
    # rook moves any distance along empty squares, and one diagonal step
    ("move", BASE, "Al: move e2 e6", {"e2": None, "e6": "rgb"}),
    ("move sideways", BASE, "Al: move e2 h2", {"h2": "rgb"}),
    ("diagonal step", BASE, "Al: move e2 f3", {"f3": "rgb"}),
    # attacks: same size or larger, clear line, attacker picks the layer
    ("child attacks child", BASE, "Al: attack d3 d6 green", {"d6": "rb"}),
    ("man attacks woman", "aL@e2 aS@d2 aM@d1 bM@e7 bS@d7", "Al: attack e2 e7 red", {"e7": "gb"}),
    ("attack kills a last layer", BASE + " aS@a3 bS@a6:b", "Al: attack a3 a6 blue", {"a6": None}),
    (
        "support from a stack in line with the attacker, even with stacks between",
        "aS@d3:gb aL@d1 aM@d2 bS@d6 bL@d7 aS@c3 bS@a8",
        "Al: attack d3 d6 red support d1",
        {"d1": "rg", "d6": "gb"},
    ),
    (
        "a small stack attacks a Man with support",
        "aS@e3 aM@e2 aL@a3 bL@e6 bS@d6 bS@d7",
        "Al: attack e3 e6 blue support a3",
        {"a3": "rg", "e6": "rg"},
    ),
    (
        "support by a one-layer stack kills it",
        "aS@e3:g aM@e2 aM@e1:r bS@e6 bS@d7 aS@a1",
        "Al: attack e3 e6 red support e1",
        {"e1": None, "e6": "gb"},
    ),
    ("golden child can be attacked", BASE, "Al: move d3 f3", {"f3": "rgb"}),
    (
        "attack on the Golden Child",
        "aS@f3 aM@f2 bG@f7 bS@a7 bM@a8",
        "Al: attack f3 f7 yellow",
        {"f7": "y"},
    ),
    # creation
    (
        "create beside the Woman",
        "aL@d2 aM@e2 aS@d3 bS@d7 bM@e7",
        "Al: create f2",
        {"f2": "rgb"},
    ),
    (
        "create beside the Man",
        "aL@d2 aM@e2 aS@d3 bS@d7 bM@e7",
        "Al: create c2",
        {"c2": "rgb"},
    ),
    # healing puts back the lowest missing layer
    ("heal red under", "bG@f7 bS@f6:gb bM@e6 aS@a1 aM@b1", "Bo: heal f6", {"f6": "rgb"}),
    ("heal green", "bG@f7 bL@g7:r bS@a7 aS@a1 aM@b1", "Bo: heal g7", {"g7": "rg"}),
]


@pytest.mark.parametrize(
    ("why", "board", "line", "changes"), ACCEPTED, ids=[r[0] for r in ACCEPTED]
)
def test_accepted(why: str, board: str, line: str, changes: dict[str, str | None]) -> None:
    player = line.split(":")[0]
    after = stacks(play(board, line, player))
    for square, layers in changes.items():
        assert after.get(square) == layers, (why, square)


REFUSED = [
    # moves
    ("not yours", BASE, "Al: move d6 d5", "the stack on d6 is Bo's, not Al's"),
    ("empty square", BASE, "Al: move a1 a2", "there is no stack on a1 to move"),
    ("no jumping", BASE, "Al: move d2 d5", "the stack on d3 is in the way from d2 to d5"),
    ("occupied", BASE, "Al: move d3 d6", "d6 is taken by Bo's small stack"),
    ("knight jump", BASE, "Al: move e2 f4", "e2 to f4 is neither along a rank or file"),
    ("two diagonal", BASE, "Al: move e2 g4", "e2 to g4 is neither"),
    ("stranger", BASE, "Cy: move d7 c7", "Cy is not playing"),
    # attacks
    ("own stack", BASE, "Al: attack d2 e2 red", "the stack on e2 is Al's own"),
    (
        "diagonal attack",
        "aL@c5 aS@c4 bS@d6 bS@a8",
        "Al: attack c5 d6 red",
        "not in one rank or file",
    ),
    ("blocked line", BASE, "Al: attack d2 d6 red", "the stack on d3 blocks the line from d2 to d6"),
    (
        "no such layer",
        BASE + " aS@a3 bS@a6:b",
        "Al: attack a3 a6 red",
        r"has no red layer \(it has blue\)",
    ),
    (
        "too small alone",
        "aS@e3 aM@e2 bL@e6 bS@d6 bS@d7",
        "Al: attack e3 e6 red",
        r"cannot attack alone \(it is smaller than the large stack it attacks\)",
    ),
    (
        "no red alone",
        "aS@e3:gb aM@e2 bS@e6 bS@d7",
        "Al: attack e3 e6 red",
        r"cannot attack alone \(it has no red layer\)",
    ),
    ("needless support", BASE, "Al: attack d3 d6 red support d2", "needs no support"),
    (
        "support out of line",
        "aS@e3 aM@e2 aL@a4 bL@e6 bS@d6 bS@d7",
        "Al: attack e3 e6 red support a4",
        "the supporting stack on a4 is not in the same rank or file as the attacker on e3",
    ),
    (
        "support by the opponent",
        "aS@e3 aM@e2 bL@e6 bS@a3 bS@d7",
        "Al: attack e3 e6 red support a3",
        "the stack on a3 is Bo's, not Al's",
    ),
    (
        "support by itself",
        "aS@e3 aM@e2 bL@e6 bS@d7",
        "Al: attack e3 e6 red support e3",
        "cannot support its own attack",
    ),
    # creation
    (
        "no pieces off the board",
        BASE + " aS@a1 aS@a2 bS@h8 bS@h7",
        "Al: create c2",
        "no small red piece is off the board",
    ),
    (
        "parents apart",
        "aL@d2 aM@f2 aS@d3 bS@d7 bM@e7",
        "Al: create c2",
        "Al has no fertile couple",
    ),
    (
        "a parent without blue",
        "aL@d2 aM@e2:rg aS@d3 bS@d7 bM@e7",
        "Al: create c2",
        "Al has no fertile couple",
    ),
    (
        "two Men are no couple",
        "aL@d2 aL@e2 aS@d3 bS@d7 bM@e7",
        "Al: create c2",
        "Al has no fertile couple",
    ),
    (
        "not beside a parent",
        "aL@d2 aM@e2 aS@d3 bS@d7 bM@e7",
        "Al: create d4",
        "d4 is not beside a parent: a new Child goes next to d2, e2",
    ),
    ("diagonal to a parent", "aL@d2 aM@e2 aS@d3 bS@d7 bM@e7", "Al: create f3", "f3 is not beside"),
    ("occupied square", "aL@d2 aM@e2 aS@d3 bS@d7 bM@e7", "Al: create d3", "d3 is taken"),
    # healing
    ("no golden child", BASE, "Al: heal d3", "Al has no Golden Child to heal with"),
    ("not adjacent", "bG@f7 bS@f5:gb bM@e5 aS@a1", "Bo: heal f5", "f5 is not next to Bo's Golden"),
    ("diagonal heal", "bG@f7 bS@e6:gb bM@e5 aS@a1", "Bo: heal e6", "e6 is not next to"),
    ("full stack", "bG@f7 bS@f6 aS@a1", "Bo: heal f6", "Bo's small stack on f6 has all its layers"),
    ("heal itself", "bG@f7:y bS@f6 aS@a1", "Bo: heal f7", "cannot heal itself"),
    ("heal the enemy", "bG@f7 bS@a7 aS@f6:gb", "Bo: heal f6", "the stack on f6 is Al's, not Bo's"),
    (
        "nothing to heal with",
        "bG@f7 bL@g7:gb aL@a1 aL@a2 aL@a3 bL@h1 bL@h2 bS@a8",
        "Bo: heal g7",
        "no large red piece has been discarded",
    ),
    # sustain and pass
    ("sustain when fed", BASE, "Al: sustain d3 red", "Al has no starving Child to sustain now"),
    ("pass while able", BASE, "Al: pass", r"Al can still play \(for example `Al: move"),
    ("placing after the opening", BASE, "Al: place large a1", "the opening is over"),
]


@pytest.mark.parametrize(("why", "board", "line", "reason"), REFUSED, ids=[r[0] for r in REFUSED])
def test_refused(why: str, board: str, line: str, reason: str) -> None:
    state = position(board, line.split(":")[0] if line.startswith("Bo") else "Al")
    with pytest.raises(InvalidEventError, match=reason):
        apply(state, parse_event(line))


def test_out_of_turn() -> None:
    with pytest.raises(InvalidEventError, match="it is Al's turn, not Bo's"):
        apply(position(BASE), parse_event("Bo: move d7 c7"))


OPENING = [
    ("Al: place large d2", None),
    ("Al: place golden d2", "Al has no Golden Child \\(golden stack\\) left to place"),
    ("Al: place large d5", "d5 is not on Al's half of the board \\(ranks 1 to 4\\)"),
    ("Al: move d2 d3", "Al must first place their stacks \\(8 left to place\\)"),
    ("Bo: place large d7", "it is Al's turn, not Bo's"),
    ("Al: pass", "Al must first place"),
]


@pytest.mark.parametrize(("line", "reason"), OPENING)
def test_opening(line: str, reason: str | None) -> None:
    state = start({"Players": "Al, Bo"})
    if reason is None:
        assert state_json(apply(state, parse_event(line)))["stacks"][0]["square"] == "d2"
        return
    with pytest.raises(InvalidEventError, match=reason):
        apply(state, parse_event(line))


def test_second_player_places_on_ranks_5_to_8_and_has_the_golden_child() -> None:
    state = apply(start({"Players": "Al, Bo"}), parse_event("Al: place small a1"))
    with pytest.raises(InvalidEventError, match=re.escape("(ranks 5 to 8)")):
        apply(state, parse_event("Bo: place golden a4"))
    after = apply(state, parse_event("bo: place golden a5"))
    assert state_json(after)["stacks"][1] == {
        "square": "a5",
        "owner": "Bo",
        "size": "golden",
        "layers": ["yellow", "yellow"],
    }


def test_a_starving_child_must_lose_a_layer_before_the_turn_passes() -> None:
    state = play(BASE, "Al: move d3 a3")
    assert state.phase is Phase.SUSTAIN and state.starving == (Square.parse("a3"),)
    with pytest.raises(InvalidEventError, match="the starving Child on a3 must first lose"):
        apply(state, parse_event("Al: move d2 c2"))
    with pytest.raises(InvalidEventError, match="b3 is not a starving Child of Al's"):
        apply(state, parse_event("Al: sustain b3 red"))
    fed = apply(state, parse_event("Al: sustain a3 green"))
    assert stacks(fed)["a3"] == "rb" and fed.player == "Bo" and fed.phase is Phase.PLAY


def test_a_child_with_green_still_needs_a_neighbour() -> None:
    state = play("aS@a1 aS@h1 aM@h2 bS@h8 bM@h7", "Al: move h2 g2")
    assert [s.name for s in state.starving] == ["a1", "h1"]


def test_children_feed_each_other_and_the_golden_child_never_starves() -> None:
    state = play("aS@a1 aS@a2 aM@h1 bS@h8 bM@h7 bG@a8", "Al: move h1 g1")
    assert state.phase is Phase.PLAY and state.player == "Bo"


def test_losing_the_last_child_loses_the_game() -> None:
    state = play("aS@a1 aM@b1 bS@a8:r bM@b8 bG@c8", "Al: attack a1 a8 red")
    assert state.winner == "Al" and state.phase is Phase.OVER
    assert state_json(state)["turn"]["player"] is None
    with pytest.raises(InvalidEventError, match="the game is over: Al has won"):
        apply(state, parse_event("Bo: move b8 b7"))


CORNERED = "aS@a1 bL@a2 bL@b1 bL@b2 bS@h8 bM@h7"


def test_a_player_with_no_legal_turn_passes_and_still_starves() -> None:
    state = apply(position(CORNERED), parse_event("Al: pass"))
    assert state.phase is Phase.SUSTAIN and state.passes == 1
    state = apply(state, parse_event("Al: sustain a1 red"))
    assert state.player == "Bo" and not state.draw
    with pytest.raises(InvalidEventError, match="Bo can still play"):
        apply(state, parse_event("Bo: pass"))


def test_two_passes_in_a_row_draw() -> None:
    state = apply(replace(position(CORNERED), passes=1), parse_event("Al: pass"))
    assert state.draw and state.phase is Phase.OVER and state_json(state)["winner"] is None
    with pytest.raises(InvalidEventError, match="the game is over: a draw"):
        apply(state, parse_event("Bo: move b2 c3"))


def test_moves_from_lists_rook_lines_and_diagonal_steps() -> None:
    state = position("aS@a1 aM@a2 bS@h8 bM@h7")
    targets = sorted(m.target.name for m in moves_from(state, Square.parse("a1")))
    assert targets == ["b1", "b2", "c1", "d1", "e1", "f1", "g1", "h1"]


BAD_LINES = [
    ("Al: move d2 i9", "'i9' is not a square of the board"),
    ("Al: place huge d2", "'huge' is not a stack size"),
    ("Al: attack d3 d6 purple", "'purple' is not a layer colour"),
    ("Al: attack d3 d6 red with d2", "usage: attack FROM TO LAYER"),
    ("Al: fly d2", "unknown verb 'fly'"),
    ("Al: move d2", "usage: move FROM TO"),
]


@pytest.mark.parametrize(("line", "reason"), BAD_LINES)
def test_unreadable_lines(line: str, reason: str) -> None:
    with pytest.raises(RecordError, match=re.escape(reason)):
        parse_event(line)


@pytest.mark.parametrize(
    ("players", "reason"),
    [("Al", "RGB is for 2 players, not 1"), ("Al, Bo, Cy", "not 3"), ("Al, al", "different")],
)
def test_header_players(players: str, reason: str) -> None:
    from companion.games import HeaderError

    with pytest.raises(HeaderError, match=reason):
        start({"Players": players})


def test_legal_json_gives_the_board_view_every_choice() -> None:
    from companion.games.rgb.legal import legal_json

    legal = legal_json(position("aS@e3 aM@e2 aL@a3 bL@e6 bS@d6 bS@d7"))
    assert legal is not None and legal["place"] is None and legal["pass"] is False
    e3 = legal["stacks"]["e3"]
    assert e3["attacks"] == [{"target": "e6", "needs_support": True, "support": ["a3", "e2"]}]
    assert "e4" in e3["moves"] and "f4" in e3["moves"] and "e6" not in e3["moves"]
    opening = legal_json(start({"Players": "Al, Bo"}))
    assert opening is not None and opening["place"]["kinds"] == ["large", "medium", "small"]
    assert len(opening["place"]["squares"]) == 32
    starving = legal_json(play(BASE, "Al: move d3 a3"))
    assert starving is not None and starving["sustain"] == {"a3": ["red", "green", "blue"]}
