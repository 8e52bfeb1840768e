"""Example calls of the figure functions of `analysis.games.cinch.plots`, for the
house-style test (`tests/test_plot_style.py`): each draws its figure from small made-up
tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots


def cinch_deals(rows: int = 3_000, seed: int = 7) -> pd.DataFrame:
    """Deals with contracts 5 to 9, the maker's side holding 5 to 10 trumps after the draw,
    made more often with more trumps and lower bids."""
    rng = np.random.default_rng(seed)
    contract = rng.integers(5, 10, rows)
    trumps = rng.integers(5, 11, rows)
    chance = np.clip(0.5 + 0.1 * (trumps - 7) - 0.05 * (contract - 7), 0.05, 0.95)
    return pd.DataFrame(
        {
            "contract": contract,
            "maker_side_trumps": trumps,
            "made": (rng.random(rows) < chance).astype(np.int8),
        }
    )


def rob_table() -> pd.DataFrame:
    """Robbing against drawing blind, for two players and two quantities."""
    index = pd.MultiIndex.from_product(
        [["greedy", "pimc"], ["points won", "net score"]], names=["player", "quantity"]
    )
    change = np.array([1.5, 3.1, 1.2, 2.4])
    return pd.DataFrame(
        {
            "change": change,
            "change_low": change - 0.2,
            "change_high": change + 0.2,
            "n": [20_000, 20_000, 400, 400],
        },
        index=index,
    )


def left_pedro_table() -> pd.DataFrame:
    """Left Pedro changes by player and by whom it was dealt to."""
    index = pd.MultiIndex.from_product(
        [["greedy", "pimc"], ["defenders", "either side", "maker's side"]],
        names=["player", "dealt to"],
    )
    rate = np.array([0.4, 0.3, 0.2, 0.45, 0.32, 0.22])
    return pd.DataFrame(
        {
            "n": [900, 2000, 1100, 90, 200, 110],
            "estimate": rate,
            "low": rate - 0.03,
            "high": rate + 0.03,
        },
        index=index,
    )


def leads_table() -> pd.DataFrame:
    """Three lead policies against a reference, for two players."""
    index = pd.MultiIndex.from_product(
        [["greedy", "pimc"], ["lead_top", "lead_low", "lead_plain"]], names=["player", "lead"]
    )
    difference = np.array([-0.5, -1.0, 0.2, -0.3, -0.8, 0.1])
    return pd.DataFrame(
        {
            "difference": difference,
            "low": difference - 0.1,
            "high": difference + 0.1,
            "n": [20_000] * 3 + [400] * 3,
        },
        index=index,
    )


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "cinch_bids": lambda: plots.cinch_bids(cinch_deals()),
    "cinch_rob": lambda: plots.cinch_rob(rob_table()),
    "cinch_left_pedro": lambda: plots.cinch_left_pedro(left_pedro_table()),
    "cinch_leads": lambda: plots.cinch_leads(leads_table(), "lead_sure", "net score"),
}
