"""The live table: the frame-by-frame pipeline (`pipeline`), and playing a video through it
to score its rolls against the video's truth (`playback`, `score`)."""

from vision.live.pipeline import DEMO_VIDEO, LiveConfig, LivePipeline, open_live_feed

__all__ = ["DEMO_VIDEO", "LiveConfig", "LivePipeline", "open_live_feed"]
