"""Example calls of the figure functions of `analysis.games.tenpoint.plots`, for the
house-style test (`tests/test_plot_style.py`): each draws its figure from small made-up
tables."""

from collections.abc import Callable

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import plots
from analysis.stats import estimates_frame, mean, wilson

PLAYERS = ("pimc", "greedy")  # not in house order, on purpose
DECKS = ("no jokers, no off-jack", "jokers and off-jack")


def bids_table(seed: int = 3) -> pd.DataFrame:
    """Share made by player, deck and bid 4 to 10, bids rarer and made less often higher
    up, a bid of 10 under the plain pack too thin to draw."""
    rng = np.random.default_rng(seed)
    rows = {}
    for player in PLAYERS:
        for deck in DECKS:
            for bid in range(4, 11):
                n = int(4000 / 2 ** (bid - 4)) if deck == DECKS[1] or bid < 10 else 5
                made = int(rng.binomial(n, max(0.95 - 0.08 * (bid - 4), 0.05)))
                rows[(player, deck, bid)] = wilson(made, n)
    table = estimates_frame(rows)
    table.index = pd.MultiIndex.from_tuples(table.index, names=["player", "deck", "contract"])
    return table


def moon_table(seed: int = 4) -> pd.DataFrame:
    """Moon attempts per player: made about a third of the time, worth +10 or -10."""
    rng = np.random.default_rng(seed)
    rows = []
    for player, n in zip(PLAYERS, (60, 400), strict=True):
        made = rng.random(n) < 0.35
        share, change = wilson(int(made.sum()), n), mean(np.where(made, 10, -10))
        rows.append(
            {
                "player": player,
                "made": share.value,
                "made_low": share.low,
                "made_high": share.high,
                "delta": change.value,
                "delta_low": change.low,
                "delta_high": change.high,
                "n": n,
            }
        )
    return pd.DataFrame(rows).set_index("player")


def sides_table(seed: int = 5) -> pd.DataFrame:
    """The pitcher's side's share of each point by player, the jokers rarer in play."""
    rng = np.random.default_rng(seed)
    points = ("high", "low", "jack", "off_jack", "high_joker", "low_joker", "game_point", "trey")
    rows = {}
    for player, deals in zip(PLAYERS, (300, 5000), strict=True):
        for k, point in enumerate(points):
            n = deals // (2 if "joker" in point else 1)
            rows[(player, point)] = wilson(int(rng.binomial(n, 0.9 - 0.05 * k)), n)
    table = estimates_frame(rows)
    table.index = pd.MultiIndex.from_tuples(table.index, names=["player", "point"])
    return table


def run_bids_table() -> pd.DataFrame:
    """One run's share made by bid, 4 to 10 (not in order), a bid of 9 too thin to draw."""
    rows = {bid: wilson(made, n) for bid, n, made in ((6, 900, 700), (4, 1200, 1050),
            (5, 2000, 1650), (7, 300, 210), (8, 80, 50), (9, 12, 5), (10, 40, 12))}  # fmt: skip
    return estimates_frame(rows)


EXAMPLES: dict[str, Callable[[], Figure]] = {
    "tenpoint_bids": lambda: plots.tenpoint_bids(
        bids_table(), "Ten-point Pitch: how often is each bid made?", "made-up deals"
    ),
    "tenpoint_moon": lambda: plots.tenpoint_moon(
        moon_table(), "Ten-point Pitch: is shooting the moon worth it?", "made-up attempts"
    ),
    "tenpoint_point_sides": lambda: plots.tenpoint_point_sides(
        sides_table(), "Ten-point Pitch: who takes each point?", "made-up deals"
    ),
    "tenpoint_run_bids": lambda: plots.tenpoint_run_bids(run_bids_table(), 4532),
}
