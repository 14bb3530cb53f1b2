"""`open_source`: what a user typed (`0`, `demo.mp4`, `photos/`, `rtsp://...`) as a source."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

from vision.sources.base import FrameSource, SourceError, SourceSpecError
from vision.sources.capture import CameraSource, VideoFileSource, redact_url
from vision.sources.images import IMAGE_SUFFIXES, ImageFolderSource, list_images
from vision.sources.phone import PhoneSource

STREAM_SCHEMES = ("rtsp", "rtsps", "http", "https")
SYNTHETIC_PREFIX = "synthetic:"
PHONE_SPEC = "phone"
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")

SyntheticFactories = Mapping[str, Callable[[], FrameSource]]


def open_source(
    spec: str,
    *,
    loop: bool = False,
    realtime: bool = True,
    folder_fps: float = 5.0,
    synthetic: SyntheticFactories | None = None,
    phone: bool = False,
) -> FrameSource:
    """The source `spec` names, not yet opened; raises `SourceSpecError` naming a bad `spec`.

    `"0"` (digits) is a webcam index; `phone` (only with `phone`: a server) a phone's camera page
    sending frames to it (`vision.sources.phone`); `rtsp://`, `rtsps://`, `http://`, `https://`
    a stream; a character device such as `/dev/video0` a camera; a folder its images (sorted,
    played at `folder_fps`); any other existing file must be a video OpenCV can decode (checked
    here by reading its first frame). `synthetic:NAME` calls `synthetic[NAME]()`. `loop` and
    `realtime` apply to files and folders. A file or folder is read only when it is exactly the
    one named.
    """
    text = spec.strip()
    if not text:
        raise SourceSpecError(
            "empty source: expected a camera index, a video file, an image folder or a stream URL"
        )
    if text.isdigit():
        return CameraSource(int(text))
    if text.lower() == PHONE_SPEC:
        if not phone:
            raise SourceSpecError(
                "'phone' is a phone's camera page sending to the dashboard: only "
                "`dicetable serve --source phone` takes it (docs/phone-camera.md)"
            )
        return PhoneSource()
    if text.startswith(SYNTHETIC_PREFIX):
        return _synthetic(text[len(SYNTHETIC_PREFIX) :], synthetic or {})
    scheme = _SCHEME.match(text)
    if scheme:
        return _stream(text, scheme.group(1).lower())
    return _local(text, loop=loop, realtime=realtime, folder_fps=folder_fps)


def _synthetic(key: str, factories: SyntheticFactories) -> FrameSource:
    if key not in factories:
        known = ", ".join(sorted(factories)) or "none registered"
        raise SourceSpecError(f"unknown synthetic source {key!r} (known: {known})")
    return factories[key]()


def _stream(url: str, scheme: str) -> FrameSource:
    shown = redact_url(url)
    if scheme not in STREAM_SCHEMES:
        raise SourceSpecError(
            f"unsupported scheme {scheme!r} in {shown!r} (expected {', '.join(STREAM_SCHEMES)})"
        )
    if not urlsplit(url).hostname:
        raise SourceSpecError(f"stream URL {shown!r} names no host")
    return CameraSource(url)


def _local(text: str, *, loop: bool, realtime: bool, folder_fps: float) -> FrameSource:
    path = Path(text).expanduser()
    if not path.exists():
        raise SourceSpecError(f"no such file or folder: {text!r}")
    if path.is_dir():
        if not list_images(path):
            raise SourceSpecError(f"folder {text!r} holds no image ({', '.join(IMAGE_SUFFIXES)})")
        return ImageFolderSource(path, fps=folder_fps, loop=loop, realtime=realtime)
    if path.is_char_device():
        return CameraSource(str(path))
    if not path.is_file():
        raise SourceSpecError(f"{text!r} is neither a file, a folder nor a camera device")
    if path.suffix.lower() in IMAGE_SUFFIXES:
        raise SourceSpecError(f"{text!r} is a single image; name the folder that holds it")
    _probe_video(path, text)
    return VideoFileSource(path, loop=loop, realtime=realtime)


def _probe_video(path: Path, text: str) -> None:
    probe = VideoFileSource(path, realtime=False)
    try:
        probe.open()
        first = probe.read()
    except SourceError:
        first = None
    finally:
        probe.close()
    if first is None:
        raise SourceSpecError(f"{text!r} is not a video file OpenCV can read")
