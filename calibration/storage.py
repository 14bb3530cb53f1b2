"""Profiles on disk: `DATA/profiles/<name>.json`, and `DATA/profiles/active` holding the name of
the one the pipeline uses. Names are checked against `checks.NAME_PATTERN` before any path is
built, so nothing here reads or writes outside `DATA/profiles`. Writes go to a temporary file
that replaces the old one, so a crash leaves the old profile or the new one, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from calibration.checks import check_name
from calibration.errors import CalibrationError, NoSuchProfileError, ProfileError, ProfileNameError
from calibration.profile import Profile

PROFILES_DIR = "profiles"
ACTIVE_FILE = "active"
MAX_FILE_BYTES = 1_000_000


def profiles_dir(data_dir: Path) -> Path:
    return Path(data_dir) / PROFILES_DIR


def valid_name(name: object) -> str:
    """The name, if it may name a profile file; ProfileNameError naming it otherwise."""
    try:
        return check_name(name)
    except ProfileError as exc:
        raise ProfileNameError(exc.reason, "name") from None


def profile_path(data_dir: Path, name: str) -> Path:
    return profiles_dir(data_dir) / f"{valid_name(name)}.json"


def save_profile(data_dir: Path, profile: Profile) -> Path:
    """Write (or replace) the profile's file; returns its path. A replaced profile's picture of
    the empty table goes with it (`calibration.empty`): the table may lie elsewhere now."""
    path = profile_path(data_dir, profile.name)
    write_atomic(path, profile.to_text())
    _forget_empty(data_dir, profile.name)
    return path


def delete_profile(data_dir: Path, name: str) -> bool:
    """Remove the profile `name` and its empty table, and make it inactive if it was active;
    True when it was active. NoSuchProfileError when there is no such profile."""
    path = profile_path(data_dir, name)
    if not path.exists():
        raise NoSuchProfileError(f"no profile {name!r}: {str(path)!r} does not exist")
    was_active = active_name(data_dir) == name
    if was_active:
        deactivate(data_dir)
    try:
        path.unlink()
    except OSError as exc:
        raise CalibrationError(f"cannot remove {str(path)!r}: {exc}") from exc
    _forget_empty(data_dir, name)
    return was_active


def _forget_empty(data_dir: Path, name: str) -> None:
    from calibration.empty import forget_empty

    forget_empty(data_dir, name)


def load_profile(data_dir: Path, name: str) -> Profile:
    """The stored profile; NoSuchProfileError when absent, ProfileError when the file is bad."""
    path = profile_path(data_dir, name)
    text = _read_small(path, f"profile {name!r}")
    profile = Profile.from_text(text, origin=str(path))
    if profile.name != name:
        raise ProfileError(f"file {str(path)!r} holds profile {profile.name!r}", "name")
    return profile


def list_profiles(data_dir: Path) -> list[str]:
    """Names of the profile files, sorted (files whose names are not profile names are skipped)."""
    folder = profiles_dir(data_dir)
    if not folder.is_dir():
        return []
    names = []
    for path in folder.glob("*.json"):
        try:
            names.append(valid_name(path.stem))
        except ProfileNameError:
            continue
    return sorted(names)


def active_name(data_dir: Path) -> str | None:
    """The name in the `active` file, or None when there is none."""
    path = profiles_dir(data_dir) / ACTIVE_FILE
    if not path.is_file():
        return None
    text = _read_small(path, "the active-profile file").strip()
    if not text:
        return None
    try:
        return valid_name(text)
    except ProfileNameError as exc:
        raise ProfileError(f"{path} names a bad profile: {exc.reason}", "active") from None


def activate(data_dir: Path, name: str) -> Profile:
    """Make `name` the active profile, after checking it loads; returns it."""
    profile = load_profile(data_dir, name)
    write_atomic(profiles_dir(data_dir) / ACTIVE_FILE, name + "\n")
    return profile


def deactivate(data_dir: Path) -> bool:
    """No active profile any more; True when one was active."""
    return remove_file(profiles_dir(data_dir) / ACTIVE_FILE)


def remove_file(path: Path) -> bool:
    """Remove `path`; True when it was there. A failure names the file."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise CalibrationError(f"cannot remove {str(path)!r}: {exc}") from exc
    return True


def load_active(data_dir: Path) -> Profile | None:
    """The active profile, or None when none is active. A broken one raises ProfileError (or
    NoSuchProfileError when its file is gone) rather than being silently ignored."""
    name = active_name(data_dir)
    return None if name is None else load_profile(data_dir, name)


def _read_small(path: Path, what: str) -> str:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ProfileError(f"{path} is {size} bytes (limit {MAX_FILE_BYTES})")
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NoSuchProfileError(f"no {what}: {str(path)!r} does not exist") from None
    except UnicodeDecodeError:
        raise ProfileError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise ProfileError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write the file whole through a temporary file renamed over it (text as UTF-8)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    except OSError as exc:
        raise CalibrationError(f"cannot write in {str(path.parent)!r}: {exc}") from exc
    temp = Path(tmp)
    try:
        data = content.encode("utf-8") if isinstance(content, str) else content
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        temp.replace(path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise CalibrationError(f"cannot write {str(path)!r}: {exc}") from exc
