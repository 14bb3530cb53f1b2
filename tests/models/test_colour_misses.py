"""The held-out colour diagnostic: tallies as tables, and a re-rendered set read end to end."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.render import render_scene
from models.render.dataset import JPEG_QUALITY, scene_seed, write_set
from models.training.colour_misses import (
    GALLERY_SIDE,
    SETS,
    DieOutcome,
    Tally,
    gallery_name,
    main,
    outcomes,
    report,
    tally,
    write_misses,
)
from models.training.synthetic import RenderedSet, scene_config
from vision.types import Colour, DiceReading, Die

SODIUM_BLUE_AS_BLACK = DieOutcome("blue", "solid", "sodium", "black")
SODIUM_BLUE = DieOutcome("blue", "solid", "sodium", "blue")
LED_MARBLE_AS_RED = DieOutcome("other", "marbled", "blue_led", "red")
LED_WOOD = DieOutcome("other", "wood", "blue_led", "other")


@pytest.mark.parametrize(
    ("found", "key", "expected"),
    [
        ([], lambda o: o.light, []),
        (
            [SODIUM_BLUE_AS_BLACK, SODIUM_BLUE, LED_MARBLE_AS_RED, LED_WOOD],
            lambda o: o.light,
            [Tally("blue_led", 1, 2), Tally("sodium", 1, 2)],
        ),
        (
            [SODIUM_BLUE_AS_BLACK, SODIUM_BLUE, LED_MARBLE_AS_RED, LED_WOOD],
            lambda o: o.colour,
            [Tally("blue", 1, 2), Tally("other", 1, 2)],
        ),
        ([SODIUM_BLUE, SODIUM_BLUE], lambda o: o.finish, [Tally("solid", 0, 2)]),
    ],
    ids=["nothing", "by-lamp", "by-colour", "all-right"],
)
def test_tally(found: list[DieOutcome], key: object, expected: list[Tally]) -> None:
    assert tally(found, key) == expected  # type: ignore[arg-type]


def test_report_lists_other_looks_among_other_dice_only() -> None:
    text = report([SODIUM_BLUE_AS_BLACK, SODIUM_BLUE, LED_MARBLE_AS_RED, LED_WOOD])
    assert text.splitlines() == [
        "2 of 4 matched dice read a wrong colour",
        "by lamp:",
        "  blue_led         1 wrong of     2   50.0% right",
        "  sodium           1 wrong of     2   50.0% right",
        "by true colour:",
        "  blue             1 wrong of     2   50.0% right",
        "  other            1 wrong of     2   50.0% right",
        "by finish, all dice:",
        "  marbled          1 wrong of     1    0.0% right",
        "  solid            1 wrong of     2   50.0% right",
        "  wood             0 wrong of     1  100.0% right",
        "by die size:",
        "  under 25 px      2 wrong of     4   50.0% right",
        "by die size, dice read surely:",
        "  under 25 px      2 wrong of     4   50.0% right",
        "by share hidden:",
        "  none             2 wrong of     4   50.0% right",
        'by look, "other" dice only:',
        "  marbled          1 wrong of     1    0.0% right",
        "  wood             0 wrong of     1  100.0% right",
    ]


@pytest.mark.parametrize(
    ("size_px", "band"),
    [
        (12.0, "under 25 px"),
        (24.9, "under 25 px"),
        (25.0, "25-39 px"),
        (69.5, "40-69 px"),
        (70.0, "70-119 px"),
        (200.0, "120 px +"),
    ],
)
def test_size_bands(size_px: float, band: str) -> None:
    assert replace(SODIUM_BLUE, size_px=size_px).size_band == band


@pytest.mark.parametrize(
    ("hidden", "band"),
    [(0.0, "none"), (0.0099, "none"), (0.01, "under 10%"), (0.1, "10-24%"), (0.4, "25% +")],
)
def test_hidden_bands(hidden: float, band: str) -> None:
    assert replace(SODIUM_BLUE, hidden=hidden).hidden_band == band


def test_hidden_shares_are_listed_least_first() -> None:
    found = [replace(SODIUM_BLUE_AS_BLACK, hidden=h) for h in (0.3, 0.0, 0.05)]
    lines = report(found).splitlines()
    first = lines.index("by share hidden:") + 1
    assert lines[first : first + 3] == [
        "  none             1 wrong of     1    0.0% right",
        "  under 10%        1 wrong of     1    0.0% right",
        "  25% +            1 wrong of     1    0.0% right",
    ]


def test_sizes_are_listed_small_to_large_not_by_name() -> None:
    found = [replace(SODIUM_BLUE_AS_BLACK, size_px=px) for px in (150.0, 30.0, 80.0, 10.0)]
    lines = report(found).splitlines()
    first = lines.index("by die size:") + 1
    assert [line[2:15].strip() for line in lines[first : first + 4]] == [
        "under 25 px",
        "25-39 px",
        "70-119 px",
        "120 px +",
    ]


def test_dice_marked_unsure_leave_the_sure_size_section() -> None:
    found = [
        replace(SODIUM_BLUE_AS_BLACK, size_px=30.0, unsure=True),
        replace(SODIUM_BLUE_AS_BLACK, size_px=30.0),
        replace(SODIUM_BLUE, size_px=30.0),
    ]
    lines = report(found).splitlines()
    first = lines.index("by die size:") + 1
    assert lines[first].endswith("2 wrong of     3   33.3% right")
    sure = lines.index("by die size, dice read surely:") + 1
    assert lines[sure].endswith("1 wrong of     2   50.0% right")


def test_report_names_the_colours_of_misread_marbles_only() -> None:
    navy_black = DieOutcome("other", "marbled", "sodium", "blue", "blue+black")
    right = replace(navy_black, read="other")
    other_pair = DieOutcome("other", "marbled", "sodium", "other", "yellow+purple")
    lines = report([navy_black, right, other_pair]).splitlines()
    first = lines.index("by colours, two-colour marbles misread:")
    assert lines[first : first + 3] == [
        "by colours, two-colour marbles misread:",
        "  blue+black       1 wrong of     2   50.0% right",
        "by tone distance, two-colour marbles:",
    ]


def test_marbles_are_tallied_by_tone_distance_one_and_two_colour_apart() -> None:
    one = DieOutcome("orange", "marbled", "neutral", "other", tone_distance=40.0)
    two = DieOutcome("other", "marbled", "neutral", "orange", "orange+yellow", tone_distance=56.1)
    near = replace(two, read="other", tone_distance=14.9)
    solid = DieOutcome("orange", "solid", "neutral", "orange", tone_distance=0.0)
    lines = report([one, two, near, solid]).splitlines()
    first = lines.index("by tone distance, one-colour marbles:")
    assert lines[first:] == [
        "by tone distance, one-colour marbles:",
        "  35-49            1 wrong of     1    0.0% right",
        "by tone distance, two-colour marbles:",
        "  under 15         0 wrong of     1  100.0% right",
        "  50 +             1 wrong of     1    0.0% right",
    ]


def test_an_empty_read_lists_no_empty_sections() -> None:
    assert report([]).splitlines() == ["0 of 0 matched dice read a wrong colour"]


@dataclass
class SceneReader:
    """Reads a set's pictures as its renderer drew them, every die named `colour` if given."""

    spec: RenderedSet
    colour: Colour | None = None
    unsure: bool = False
    calls: int = 0
    name: str = "scene"
    frames: list[np.ndarray] = field(default_factory=list)

    def read(self, frame_bgr: np.ndarray) -> DiceReading:
        self.frames.append(frame_bgr)
        scene = render_scene(scene_seed(self.spec.seed, self.calls), scene_config(self.spec))
        self.calls += 1
        return DiceReading.of(
            Die(self.colour or d.colour, d.pips, 0.9, d.box_xyxy, self.unsure)
            for d in scene.visible_dice
        )


SMALL = RenderedSet("small", (320, 240), 2, 7, holdout=True)


@pytest.fixture(scope="module")
def small_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sets") / "small"
    write_set(folder, SMALL.count, SMALL.seed, scene_config(SMALL))
    return folder


def test_outcomes_match_every_visible_die_to_its_read(small_set: Path) -> None:
    found = list(outcomes(SMALL, small_set, SceneReader(SMALL)))
    visible = [
        d
        for i in range(SMALL.count)
        for d in render_scene(scene_seed(SMALL.seed, i), scene_config(SMALL)).visible_dice
    ]
    assert len(found) == len(visible) > 0
    assert all(o.right for o in found)
    sides = [max(d.box_xyxy[2] - d.box_xyxy[0], d.box_xyxy[3] - d.box_xyxy[1]) for d in visible]
    assert sorted(o.size_px for o in found) == pytest.approx(sorted(sides))
    assert sorted(o.hidden for o in found) == pytest.approx(sorted(d.occluded for d in visible))
    assert {o.light for o in found} <= {"sodium", "blue_led"}
    assert sorted(o.colour for o in found) == sorted(d.colour.value for d in visible)


def test_a_reader_naming_everything_other_is_wrong_on_every_named_die(small_set: Path) -> None:
    found = list(outcomes(SMALL, small_set, SceneReader(SMALL, Colour.OTHER)))
    assert all(o.right == (o.colour == "other") for o in found)


@pytest.mark.parametrize("unsure", [False, True])
def test_outcomes_keep_the_reader_s_unsure_mark(small_set: Path, unsure: bool) -> None:
    found = list(outcomes(SMALL, small_set, SceneReader(SMALL, unsure=unsure)))
    assert found and all(o.unsure is unsure for o in found)


def test_missing_set_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="holds no rendered set"):
        main(["holdout", "--rendered", str(tmp_path)])


def test_lamp_removed_reads_the_same_scenes_white_balanced(small_set: Path) -> None:
    reader = SceneReader(SMALL)
    found = list(outcomes(SMALL, small_set, reader, lamp_removed=True))
    assert found and all(o.right for o in found)
    plain_cfg = replace(scene_config(SMALL), lamp_colour=False)
    for i, frame in enumerate(reader.frames):
        plain = render_scene(scene_seed(SMALL.seed, i), plain_cfg).image_bgr
        _, data = cv2.imencode(".jpg", plain, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        assert np.array_equal(frame, np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR)))
        stored = np.asarray(cv2.imread(str(small_set / "images" / f"{i:06d}.jpg")))
        assert not np.array_equal(frame, stored)


@pytest.mark.parametrize(
    ("outcome", "name"),
    [
        (
            DieOutcome(
                "blue",
                "solid",
                "sodium",
                "black",
                size_px=32.6,
                scene=42,
                box_xyxy=(120, 88, 150, 121),
            ),
            "0042_blue_as_black_solid_sodium_33px_at_120_88.png",
        ),
        (
            DieOutcome("other", "marbled", "blue_led", "red", "red+black", 120.0, True, 7),
            "0007_other_as_red_marbled_blue_led_120px_at_0_0.png",
        ),
    ],
)
def test_gallery_names_say_what_the_die_is_and_how_it_was_read(
    outcome: DieOutcome, name: str
) -> None:
    assert gallery_name(outcome) == name


def test_the_gallery_holds_the_misread_dice_only(tmp_path: Path) -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    image[20:40, 20:40] = (200, 0, 0)
    wrong = DieOutcome("blue", "solid", "sodium", "black", size_px=20.0, box_xyxy=(20, 20, 40, 40))
    right = replace(wrong, read="blue", scene=1)
    twin = replace(wrong, box_xyxy=(60, 60, 80, 80))  # the same misread, elsewhere in the scene
    assert write_misses(tmp_path, image, [wrong, right, twin]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(map(gallery_name, [wrong, twin]))
    only = tmp_path / gallery_name(wrong)
    crop = np.asarray(cv2.imread(str(only)))
    assert crop.shape == (GALLERY_SIDE, GALLERY_SIDE, 3)
    # The die fills the middle half of a crop twice its box; the table is round it.
    mid, edge = GALLERY_SIDE // 2, GALLERY_SIDE // 8
    assert crop[mid, mid].tolist() == [200, 0, 0]
    assert crop[edge, edge].tolist() == [0, 0, 0]


@pytest.fixture(scope="module")
def one_training_scene(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("rendered")
    spec = SETS["s960"]
    write_set(root / spec.name, 1, spec.seed, scene_config(spec))
    return root


def test_a_training_set_is_read_with_its_gallery(
    one_training_scene: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gallery = tmp_path / "misses"
    main(["s960", "--rendered", str(one_training_scene), "--limit", "1", "--gallery", str(gallery)])
    first = capsys.readouterr().out.splitlines()[0]
    wrong, _, total = first.split()[:3]
    assert int(total) > 0
    assert len(list(gallery.iterdir())) == int(wrong)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["s960", "--limit", "0"], "--limit: must be 1 or more, got 0"),
        (["s961"], "invalid choice: 's961'"),
    ],
)
def test_bad_arguments_are_named(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err
