"""Frame sources: webcam, video file, image folder, network stream, a phone's page, synthetic,
and the background grabber that always hands the newest frame and survives a lost camera."""

from vision.sources.base import Frame, FrameSource, ImageBGR, SourceError, SourceSpecError, now_ms
from vision.sources.capture import CameraSource, VideoFileSource
from vision.sources.grabber import LatestFrameGrabber, RetryPolicy, SourceState, SourceStatus
from vision.sources.images import ImageFolderSource
from vision.sources.phone import FrameRefusedError, PhoneLimits, PhoneSource
from vision.sources.spec import open_source
from vision.sources.synthetic import SyntheticSource

__all__ = [
    "CameraSource",
    "Frame",
    "FrameRefusedError",
    "FrameSource",
    "ImageBGR",
    "ImageFolderSource",
    "LatestFrameGrabber",
    "PhoneLimits",
    "PhoneSource",
    "RetryPolicy",
    "SourceError",
    "SourceSpecError",
    "SourceState",
    "SourceStatus",
    "SyntheticSource",
    "VideoFileSource",
    "now_ms",
    "open_source",
]
