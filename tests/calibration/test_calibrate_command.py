"""`dicetable calibrate` end to end on a tmp data folder, with an image folder or a short video
written here as the source."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from calibration import storage
from companion.cli import main
from tests.calibration.helpers import WARM_TINT, noisy, table_scene, tinted

WHITE = "120,100,200,150"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five noisy PNG frames of a warm-tinted table with a grey card (read only)."""
    path = tmp_path_factory.mktemp("frames")
    scene = tinted(table_scene(card_level=170), WARM_TINT)
    for i in range(5):
        cv2.imwrite(str(path / f"f{i}.png"), noisy(scene, 4.0, seed=i))
    return path


@pytest.fixture
def video(tmp_path: Path) -> Path:
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), 10.0, (640, 480))
    assert writer.isOpened()
    for i in range(6):
        writer.write(noisy(table_scene(), 3.0, seed=i))
    writer.release()
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["calibrate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_record_with_a_card_zones_preview_and_activate(
    tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, preview = tmp_path / "data", tmp_path / "out" / "preview.jpg"
    code, out, err = run(
        ["--source", str(folder), "--name", "kitchen", "--white", WHITE, "--zones", "2",
         "--table", "100,80,540,400", "--frames", "5", "--data", str(data),
         "--preview", str(preview), "--activate", "--notes", "by the window"],
        capsys,
    )  # fmt: skip
    assert code == 0, err
    printed = json.loads(out)
    assert printed["name"] == "kitchen" and printed["notes"] == "by the window"
    assert printed["camera"] == {"source": str(folder), "size_wh": [640, 480]}
    assert [z["name"] for z in printed["player_zones"]] == ["seat-1", "seat-2"]
    gains = printed["white_reference"]["gains_bgr"]
    assert [g * t for g, t in zip(gains, WARM_TINT, strict=True)] == pytest.approx([1, 1, 1], 0.03)
    assert storage.load_active(data) == storage.load_profile(data, "kitchen")
    image = cv2.imread(str(preview))
    assert image is not None and image.shape == (480, 640, 3)
    assert "wrote" in err and "is active" in err


def test_record_from_a_video_finding_everything(
    tmp_path: Path, video: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["--source", str(video), "--data", str(tmp_path)], capsys)
    assert code == 0, err
    profile = storage.load_profile(tmp_path, "default")
    assert json.loads(out) == profile.to_json()
    x1, y1, x2, y2 = profile.table_rect
    assert abs(x1 - 100) <= 4 and abs(y1 - 80) <= 4 and abs(x2 - 540) <= 4 and abs(y2 - 400) <= 4
    assert "warning: table found automatically" in err
    assert "warning: no --white card given" in err
    assert storage.load_active(tmp_path) is None


def test_list_show_activate_deactivate(
    tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path)
    for name in ("kitchen", "attic"):
        assert run(["--source", str(folder), "--name", name, "--white", WHITE, "--data", data],
                   capsys)[0] == 0  # fmt: skip
    code, out, _ = run(["--list", "--data", data], capsys)
    assert code == 0
    assert [line.split()[:2] for line in out.splitlines()] == [
        ["attic", '{"source":'],
        ["kitchen", '{"source":'],
    ]
    activated = run(["--activate", "kitchen", "--data", data], capsys)
    assert activated[:2] == (0, "profile 'kitchen' is active\n")
    out = run(["--list", "--data", data], capsys)[1]
    assert out.splitlines()[1].startswith("* kitchen")
    code, out, err = run(["--show", "attic", "--data", data], capsys)
    assert code == 0 and json.loads(out)["name"] == "attic"
    assert "table 'attic' remembers no dice yet" in err
    assert run(["--deactivate", "--data", data], capsys)[:2] == (0, "no profile is active\n")
    assert storage.load_active(tmp_path) is None


def test_list_marks_a_broken_profile_without_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "bad.json").write_text("{")
    code, out, _ = run(["--list", "--data", str(tmp_path)], capsys)
    assert code == 0
    assert out.startswith("  bad  (invalid: ") and "not valid JSON" in out
    assert run(["--list", "--data", str(tmp_path / "empty")], capsys)[1].startswith("no profiles")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--source", "{tmp}/missing.mp4"], "no such file or folder"),
        (["--source", "{folder}", "--table", "0,0,700,100"],
         "--table[1]: point (700, 0) lies outside the 640x480 frame"),
        (["--source", "{folder}", "--table", "0,0,100"], "--table: expected x1,y1,x2,y2"),
        (["--source", "{folder}", "--white", "0,0,50,50"], "too dark to balance"),
        (["--source", "{folder}", "--table", "100,80,540,400", "--zone", "al:0,0,50,50"],
         "zone 'al' at [0, 0, 50, 50] does not overlap"),
        (["--source", "{folder}", "--name", "../x"], "profile name must be"),
        (["--source", "{folder}", "--frames", "0"], "frames must be 1..100"),
        (["--source", "{folder}", "--preview", "{tmp}/p.gif"], "must end in .jpg"),
        (["--source", "{folder}", "--activate", "other"], "give --activate alone"),
        (["--source", "{folder}", "--list"], "cannot go with --list"),
        (["--zones", "3"], "--zones need --source"),
        (["--show", "nobody"], "no profile 'nobody'"),
        (["--activate", "nobody"], "no profile 'nobody'"),
        (["--activate"], "--activate needs a profile NAME"),
        ([], "say what to do"),
    ],
)  # fmt: skip
def test_bad_requests_exit_2_with_a_message_and_store_nothing(
    tmp_path: Path,
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    data = tmp_path / "data"
    filled = [a.format(tmp=tmp_path, folder=folder) for a in args]
    code, out, err = run([*filled, "--data", str(data)], capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("dicetable calibrate: error: ")
    assert message in err
    assert storage.list_profiles(data) == [] and storage.active_name(data) is None


def test_data_folder_from_the_environment(
    tmp_path: Path,
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DICETABLE_DATA", str(tmp_path / "env-data"))
    assert run(["--source", str(folder), "--white", WHITE], capsys)[0] == 0
    assert storage.list_profiles(tmp_path / "env-data") == ["default"]


def test_show_says_what_the_profiles_table_remembers(
    tmp_path: Path, folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.tables.store import open_store
    from vision.memory import Confirmed
    from vision.types import Colour

    data = str(tmp_path)
    assert run(["--source", str(folder), "--name", "attic", "--white", WHITE, "--data", data],
               capsys)[0] == 0  # fmt: skip
    dice = [Confirmed((1.0, 0.0), Colour.RED, 6, None, 31.0), Confirmed((0.0, 1.0), None)]
    open_store(tmp_path).add("attic", dice, "register")
    code, out, err = run(["--show", "attic", "--data", data], capsys)
    assert code == 0 and json.loads(out)["name"] == "attic"
    assert "the table's memory: attic: 2 dice: 1 red, 1 not a die; dice 31 px across" in err
