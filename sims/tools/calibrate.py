"""A bidder calibrated by simulation: what `allfours calibrate GAME` asks of a game
(`Game.calibrate`) and what it prints. Each game fits its own tables; this module holds
the question, the answer and its text.
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from sims.descriptors import game as describe
from sims.descriptors import serving
from sims.run.runner import RunSpec
from sims.tools import jsonout


@dataclass(frozen=True)
class CalibrationQuery:
    """One fitting: the rules, seed and deals per round (`run`), at most `rounds` rounds,
    stopping once the decisions that changed cost less than `tolerance` points per
    decision by the new table; the tables go to
    `folder` (None: replace the package's own, which the bidder reads); `show` asks for a
    progress bar."""

    run: RunSpec
    rounds: int
    tolerance: float
    folder: Path | None = None
    show: bool = False


@dataclass(frozen=True)
class CalibrationReport:
    """The change from table to table per round, and where the table was written."""

    rounds: pd.DataFrame
    path: Path
    about: dict[str, Any]

    def text(self) -> str:
        """The rounds as a table, then the file written."""
        shown = self.rounds.to_string(index=False, float_format=lambda x: f"{x:.4f}")
        return f"{shown}\ntable written to {self.path}"

    def json(self) -> str:
        """The report as JSON: what was fitted, the rounds and the file."""
        rounds = json.loads(self.rounds.to_json(orient="records"))
        return jsonout.dumps({**self.about, "rounds": rounds, "path": str(self.path)}, indent=2)


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


def write_atomically(path: Path, table: np.ndarray, about: dict[str, Any]) -> None:
    """Write `table` (.npy) and `about` (.json beside it), each whole or not at all."""
    stream = io.BytesIO()
    np.save(stream, table, allow_pickle=False)
    text = json.dumps(about, indent=2, sort_keys=True) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    for target, data in ((path, stream.getvalue()), (path.with_suffix(".json"), text.encode())):
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)  # readable like the package's other files
        os.replace(temporary, target)
