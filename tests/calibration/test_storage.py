"""Profiles in the data folder: names that cannot escape it, the active profile, bad files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from calibration import storage
from calibration.errors import CalibrationError, NoSuchProfileError, ProfileError, ProfileNameError
from tests.calibration.helpers import make_profile


@pytest.mark.parametrize(
    "name",
    ["../x", "a/b", "", "x" * 41, "Kitchen", "-x", "_x", "a b", "a.json", "..", "a\\b", None, 7],
)
def test_bad_names_are_refused_before_any_path_is_built(tmp_path: Path, name: object) -> None:
    with pytest.raises(ProfileNameError) as caught:
        storage.valid_name(name)
    assert repr(name) in str(caught.value)
    with pytest.raises(ProfileNameError):
        storage.profile_path(tmp_path, name)  # type: ignore[arg-type]
    with pytest.raises(ProfileNameError):
        storage.activate(tmp_path, name)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["a", "kitchen", "table-2", "x" * 40, "0_club"])
def test_good_names(name: str) -> None:
    assert storage.valid_name(name) == name


def test_save_load_list(tmp_path: Path) -> None:
    profile = make_profile()
    path = storage.save_profile(tmp_path, profile)
    assert path == tmp_path / "profiles" / "kitchen.json"
    assert storage.load_profile(tmp_path, "kitchen") == profile
    storage.save_profile(tmp_path, replace(profile, name="attic"))
    (tmp_path / "profiles" / "Not A Name.json").write_text("{}")
    assert storage.list_profiles(tmp_path) == ["attic", "kitchen"]
    assert [p.name for p in (tmp_path / "profiles").iterdir() if p.name.startswith(".")] == []


def test_no_active_profile_means_none(tmp_path: Path) -> None:
    assert storage.load_active(tmp_path) is None
    assert storage.list_profiles(tmp_path) == []
    storage.save_profile(tmp_path, make_profile())
    assert storage.load_active(tmp_path) is None


def test_activate_and_deactivate(tmp_path: Path) -> None:
    storage.save_profile(tmp_path, make_profile())
    assert storage.activate(tmp_path, "kitchen").name == "kitchen"
    assert (tmp_path / "profiles" / "active").read_text() == "kitchen\n"
    assert storage.load_active(tmp_path) == make_profile()
    assert storage.deactivate(tmp_path) is True
    assert storage.deactivate(tmp_path) is False
    assert storage.load_active(tmp_path) is None


def test_activating_a_missing_or_bad_profile_changes_nothing(tmp_path: Path) -> None:
    storage.save_profile(tmp_path, make_profile())
    storage.activate(tmp_path, "kitchen")
    with pytest.raises(NoSuchProfileError, match="attic"):
        storage.activate(tmp_path, "attic")
    (tmp_path / "profiles" / "broken.json").write_text('{"version": 1')
    with pytest.raises(ProfileError, match=r"broken\.json is not valid JSON"):
        storage.activate(tmp_path, "broken")
    assert storage.active_name(tmp_path) == "kitchen"


@pytest.mark.parametrize(
    ("content", "error", "text"),
    [
        ("not json", ProfileError, "not valid JSON"),
        ('{"version": 9}', ProfileError, "unknown version 9"),
        (b"\xff\xfe", ProfileError, "not UTF-8"),
        ("x" * 1_000_001, ProfileError, "limit 1000000"),
    ],
)
def test_a_bad_active_file_raises_a_clear_error(
    tmp_path: Path, content: str | bytes, error: type[Exception], text: str
) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    path = folder / "kitchen.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    (folder / "active").write_text("kitchen\n")
    with pytest.raises(error, match=text):
        storage.load_active(tmp_path)


def test_active_naming_a_missing_profile_or_a_bad_name(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    (folder / "active").write_text("gone\n")
    with pytest.raises(NoSuchProfileError, match="gone"):
        storage.load_active(tmp_path)
    (folder / "active").write_text("../../etc/passwd\n")
    with pytest.raises(ProfileError, match=r"'\.\./\.\./etc/passwd'"):
        storage.load_active(tmp_path)


def test_a_file_holding_another_name_is_refused(tmp_path: Path) -> None:
    storage.save_profile(tmp_path, make_profile())
    (tmp_path / "profiles" / "kitchen.json").rename(tmp_path / "profiles" / "attic.json")
    with pytest.raises(ProfileError, match="holds profile 'kitchen'"):
        storage.load_profile(tmp_path, "attic")


def test_a_data_path_that_is_a_file_gives_a_calibration_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    with pytest.raises(CalibrationError, match="cannot write"):
        storage.save_profile(blocker, make_profile())
