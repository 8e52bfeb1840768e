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


EXAMPLES: dict[str, Callable[[], Figure]] = {"cinch_bids": lambda: plots.cinch_bids(cinch_deals())}
