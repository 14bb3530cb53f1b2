"""How a camera reads each game's dice is the game's rules' to say (`RuleSet.camera_dice`, its
palette): the feed and the session ask the registry and never branch on a game's name (DESIGN
principle 10), and each game reads its dice as it did when they did."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.feed.live import reader_config
from companion.games import CameraDice, camera_dice, find_game, game_names, palette
from companion.session.agents import camera_game_of
from vision.reader import ReaderConfig
from vision.types import Colour

ROOT = Path(__file__).parents[3]
RYB = (Colour.RED, Colour.YELLOW, Colour.BLUE)


@pytest.mark.parametrize(
    ("game", "how", "colours", "camera_game"),
    [
        ("ryb", CameraDice.PIP_COLOURS, RYB, "ryb"),
        ("modifier", CameraDice.PIP_COLOURS, (), "ryb"),
        ("flyer", CameraDice.COLOUR_FACES, (), "flyer"),
        ("rgb", CameraDice.NONE, (), "none"),
    ],
)
def test_each_game_says_how_its_dice_are_read(
    game: str, how: CameraDice, colours: tuple[Colour, ...], camera_game: str
) -> None:
    rules = find_game(game)
    assert camera_dice(rules) is how
    assert palette(rules) == colours
    assert camera_game_of(game) == camera_game


@pytest.mark.parametrize(
    ("game", "config"),
    [
        (None, None),
        ("ryb", ReaderConfig(palette=RYB, colour_unsure_below=0.75)),
        ("flyer", ReaderConfig(colour_faces=True, find_threshold=0.3)),
        ("modifier", None),
        ("rgb", None),
    ],
)
def test_the_feed_reads_each_game_as_before(game: str | None, config: ReaderConfig | None) -> None:
    assert reader_config(game) == config


def test_every_registered_game_answers() -> None:
    for game in game_names():
        assert camera_game_of(game) in {how.value for how in CameraDice}


def name_branches(folder: Path) -> list[str]:
    """Comparisons with a game's name (`kind == "flyer"`, `game in ("ryb", ...)`)."""
    names = set(game_names())
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            for side in (node.left, *node.comparators):
                items = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                if any(isinstance(k, ast.Constant) and k.value in names for k in items):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("folder", ["companion/feed", "companion/session"])
def test_the_feed_and_the_session_never_branch_on_a_games_name(folder: str) -> None:
    assert name_branches(ROOT / folder) == []
