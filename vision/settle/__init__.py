"""When is a throw over: the settle detector (`detector`), what it is configured with and says
(`events`), and the still run it follows dice in (`run`)."""

from vision.settle.detector import SettleDetector
from vision.settle.events import (
    RollCorrected,
    SceneChanged,
    SettleConfig,
    SettledRoll,
    SettleEvent,
    SettleState,
    TableCleared,
)

__all__ = [
    "RollCorrected",
    "SceneChanged",
    "SettleConfig",
    "SettleDetector",
    "SettleEvent",
    "SettleState",
    "SettledRoll",
    "TableCleared",
]
