"""Calibration's exceptions. Every message names the field (where there is one) and the bad value.

They join the vision error tree, so a caller that already catches `VisionError` around a camera
catches a bad profile too.
"""

from __future__ import annotations

from vision.errors import VisionError


class CalibrationError(VisionError):
    """Base of every error the calibration package raises on purpose."""


class ProfileError(CalibrationError, ValueError):
    """A profile (a file, a JSON value or a value built in code) is not valid.

    `field` is the dotted path of the bad part (`table_region[2]`, `white_reference.gains_bgr[0]`)
    or "" when the whole file is at fault (unreadable, not JSON).
    """

    def __init__(self, message: str, field: str = "") -> None:
        self.field = field
        self.reason = message
        super().__init__(f"{field}: {message}" if field else message)


class ProfileNameError(ProfileError):
    """A profile name could reach outside the profiles folder or is otherwise not allowed."""


class NoSuchProfileError(CalibrationError, LookupError):
    """No stored profile has the given name."""


class FrameSizeError(CalibrationError, ValueError):
    """A frame does not have the shape the profile was recorded for and cannot be mapped onto it."""


class MeasureError(CalibrationError, ValueError):
    """The frames cannot give what was asked (a region too dark to balance, too few frames)."""
