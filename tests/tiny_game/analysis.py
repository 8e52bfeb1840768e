"""Three-card Jick's summaries: each seat's mean points and how often the joker is played,
from the deals or from their counters (the same estimates)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.counters import histogram_mean
from analysis.stats import Estimate, estimates_frame, mean, wilson
from tests.tiny_game import PLAYERS


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Each seat's mean points (the dealer moves round: deal i, seat i % 3), and how often
    the joker is played (it may be discarded, drawn or left in the stock)."""
    rows = {f"points, seat {s}": mean(deals[f"points_{s}"]) for s in range(PLAYERS)}
    rows["joker played"] = wilson(int((deals["joker_taker"] >= 0).sum()), len(deals))
    return estimates_frame(rows)


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the counters, counter by counter."""
    seats = [pd.DataFrame({"seat": s, "points": deals[f"points_{s}"]}) for s in range(PLAYERS)]
    return {"points": pd.concat(seats, ignore_index=True), "joker": deals[["joker_taker"]]}


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    points, joker = counters["points"], counters["joker"]
    values = np.arange(points.shape[1])
    rows = {f"points, seat {s}": histogram_mean(values, points[s]) for s in range(PLAYERS)}
    rows["joker played"] = wilson(int(joker[1:].sum()), int(joker.sum()))
    return rows
