"""Auction Pitch figures: how often bids are made, by bid and by hand, and the points won."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.pitch import bid_success, made_grid, won_shares

__all__ = ["bid_curves", "made_heatmap", "pitch_bids", "pitch_points"]

RANKS = "23456789TJQKA"  # rank 0..12 as the outcome tables count it


def rate_bars(axis, table: pd.DataFrame, color: str) -> None:
    """Bars of `table.rate` with Wilson error bars from `low` and `high`."""
    errors = np.array([table["rate"] - table["low"], table["high"] - table["rate"]])
    labels = [str(key) for key in table.index]
    axis.bar(labels, table["rate"], yerr=errors, capsize=5, color=color)
    axis.set_ylim(0, 1)


def pitch_bids(deals: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """How often the pitcher makes its bid: by the bid, and by the trumps it was dealt
    (95% Wilson intervals)."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    rate_bars(left, bid_success(deals, "contract"), "C0")
    left.set_xlabel("bid")
    left.set_ylabel("share of bids made")
    left.set_title("Bids made, by bid")
    rate_bars(right, bid_success(deals, "hand_trumps"), "C2")
    right.set_xlabel("trumps in the pitcher's hand")
    right.set_title("Bids made, by trumps held")
    figure.suptitle(f"{title}: {len(deals):,} deals")
    return figure


def bid_curves(
    deals: pd.DataFrame, group: str | None = "players", title: str = "Auction Pitch"
) -> Figure:
    """Share of bids made by bid, one line per value of `group` (one line if None), each
    with its 95% Wilson band."""
    figure, axis = plt.subplots(figsize=(6.5, 4.2), layout="constrained")
    table = bid_success(deals, [group, "contract"] if group else "contract")
    parts = table.groupby(level=group, observed=True) if group else [(None, table)]
    for key, part in parts:
        contracts = part.index.get_level_values("contract")
        label = None if group is None else f"{group} {key}"
        (line,) = axis.plot(contracts, part["rate"], marker="o", label=label)
        axis.fill_between(contracts, part["low"], part["high"], color=line.get_color(), alpha=0.2)
    axis.set_xticks(sorted(table.index.get_level_values("contract").unique()))
    axis.set_ylim(0, 1)
    axis.set_xlabel("bid")
    axis.set_ylabel("share of bids made")
    if group:
        axis.legend()
    axis.set_title(f"{title}: bids made, by bid")
    return figure


def made_heatmap(
    deals: pd.DataFrame, contract: int | None = None, min_n: int = 30, title: str = "Auction Pitch"
) -> Figure:
    """Heat map of P(bid made) over the pitcher's trumps and highest trump (`made_grid`),
    for bids of `contract` (all if None); cells under `min_n` deals are left blank."""
    grid = made_grid(deals, contract, min_n)
    figure, axis = plt.subplots(figsize=(7.5, 4.2), layout="constrained")
    image = axis.imshow(grid.to_numpy(dtype=float), vmin=0, vmax=1, cmap="viridis", aspect="auto")
    axis.set_xticks(range(grid.shape[1]), [RANKS[int(rank)] for rank in grid.columns])
    axis.set_yticks(range(grid.shape[0]), [str(count) for count in grid.index])
    for (row, column), rate in np.ndenumerate(grid.to_numpy(dtype=float)):
        if not np.isnan(rate):
            colour = "black" if rate > 0.6 else "white"
            axis.text(column, row, f"{rate:.0%}", ha="center", va="center", color=colour)
    axis.set_xlabel("pitcher's highest trump")
    axis.set_ylabel("trumps in the pitcher's hand")
    figure.colorbar(image, ax=axis, label="share of bids made")
    which = "all bids" if contract is None else f"bids of {contract}"
    axis.set_title(f"{title}: bids made by hand ({which})")
    return figure


def pitch_points(deals: pd.DataFrame, by: str = "contract", title: str = "Auction Pitch") -> Figure:
    """Distribution of points won by the pitcher's side per deal (0 to 4), one bar colour
    per value of `by` (the bid by default)."""
    shares = won_shares(deals, by)
    figure, axis = plt.subplots(figsize=(7, 4.2), layout="constrained")
    width = 0.8 / len(shares)
    for offset, (key, row) in enumerate(shares.iterrows()):
        axis.bar(np.arange(5) + (offset + 0.5) * width - 0.4, row, width, label=f"{by} {key}")
    axis.set_xticks(range(5))
    axis.set_xlabel("points won by the pitcher's side")
    axis.set_ylabel("share of deals")
    axis.legend()
    axis.set_title(f"{title}: points won per deal")
    return figure
