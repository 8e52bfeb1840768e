"""Figures from outcome tables (DataFrame in, Figure out) for notebooks and the CLI."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from analysis.phat import with_sides  # noqa: E402
from analysis.pitch import bid_success  # noqa: E402
from analysis.stats import wilson  # noqa: E402


def phat_overview(deals: pd.DataFrame, title: str = "Phat") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the Big
    Phat (with 95% Wilson intervals)."""
    sides = with_sides(deals)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    bins = np.arange(0, 90, 4)
    share = np.full(len(sides), 1 / max(len(sides), 1))
    for column, label in [("pitcher_points", "pitcher's side"), ("defender_points", "defenders")]:
        left.hist(sides[column], bins=bins, weights=share, alpha=0.6, label=label)
    left.set_xlabel("points in the deal (phat + muck bonus)")
    left.set_ylabel("share of deals")
    left.legend()
    left.set_title("Points per deal")
    played = sides[sides["big_phat_team"] >= 0]
    labels, rates, errors = [], [], []
    for label, hits in [
        ("pitcher's side", played["big_phat_to_pitcher"]),
        ("defenders", ~played["big_phat_to_pitcher"]),
        ("kept by the\nteam dealt it", played["big_phat_kept"]),
    ]:
        estimate = wilson(int(hits.sum()), len(played))
        labels.append(label)
        rates.append(estimate.value)
        errors.append([estimate.value - estimate.low, estimate.high - estimate.value])
    right.bar(labels, rates, yerr=np.array(errors).T, capsize=6, color=["C0", "C1", "C2"])
    right.set_ylim(0, 1)
    right.set_ylabel("share of deals")
    right.set_title("Big Phat captured by")
    figure.suptitle(f"{title}: {len(deals):,} deals")
    return figure


def _rate_bars(axis, table: pd.DataFrame, color: str) -> None:
    """Bars of `table.rate` with Wilson error bars from `low` and `high`."""
    errors = np.array([table["rate"] - table["low"], table["high"] - table["rate"]])
    labels = [str(key) for key in table.index]
    axis.bar(labels, table["rate"], yerr=errors, capsize=5, color=color)
    axis.set_ylim(0, 1)


def pitch_bids(deals: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """How often the pitcher makes its bid: by the bid, and by the trumps it was dealt
    (95% Wilson intervals)."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    _rate_bars(left, bid_success(deals, "contract"), "C0")
    left.set_xlabel("bid")
    left.set_ylabel("share of bids made")
    left.set_title("Bids made, by bid")
    _rate_bars(right, bid_success(deals, "hand_trumps"), "C2")
    right.set_xlabel("trumps in the pitcher's hand")
    right.set_title("Bids made, by trumps held")
    figure.suptitle(f"{title}: {len(deals):,} deals")
    return figure
