"""`allfours calibrate`: which games fit a calibrated bidder (`Game.calibrate`) and where
fitted tables go unless told; the question and answer are `sims.run.queries`'."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from sims.descriptors import game as describe
from sims.descriptors import serving
from sims.run.queries import CalibrationQuery, CalibrationReport


def calibration_of(game: str) -> Callable[[CalibrationQuery], CalibrationReport]:
    """The fitting `game` declares; ValueError naming the games that have one if none."""
    declared = describe(game).calibrate
    if declared is None:
        raise ValueError(
            f"{game} has no calibrated bidder; games that do: {', '.join(serving('calibrate'))}"
        )
    return declared


def user_tables(game: str) -> Path:
    """Where fitted tables go unless told: `$XDG_DATA_HOME/allfours/calibrated/GAME`, else
    `~/.local/share/allfours/calibrated/GAME` (never the installed package)."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data).expanduser() / "allfours" / "calibrated" / game
