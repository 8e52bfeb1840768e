"""Auction Pitch figures: how often bids are made, by bid and by hand, and the points won."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.pitch import bid_success, made_grid, won_shares
from analysis.stats import mean_by

__all__ = ["bid_curves", "calls_by_strength", "made_heatmap", "paired_gains", "pitch_bids",
           "pitch_points"]  # fmt: skip

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


STRENGTH_BINS = np.arange(0.0, 5.01, 0.5)  # hand strength, in points, binned by half a point


def calls_by_strength(
    calls: pd.DataFrame, by: str = "bidder", min_n: int = 30, title: str = "Auction Pitch"
) -> Figure:
    """The mean call (pass 0, a bid of k) by hand strength, one panel per position in the
    auction and one line per value of `by`, each with its 95% band; a strength bin with
    fewer than `min_n` calls is left out."""
    bins = pd.cut(calls["strength"].clip(upper=4.99), STRENGTH_BINS, right=False)
    middle = bins.map(lambda interval: interval.mid).astype(float)
    table = mean_by(calls.assign(middle=middle), "call", [by, "position", "middle"])
    table = table[table["n"] >= min_n]
    positions = sorted(calls["position"].unique())
    figure, axes = plt.subplots(
        1, len(positions), figsize=(3.2 * len(positions), 3.8), sharey=True, layout="constrained"
    )
    for axis, position in zip(np.atleast_1d(axes), positions, strict=True):
        for key, part in table.xs(position, level="position").groupby(level=by, observed=True):
            part = part.droplevel(by)
            (line,) = axis.plot(part.index, part["estimate"], marker="o", markersize=3, label=key)
            axis.fill_between(part.index, part["low"], part["high"], color=line.get_color(),
                              alpha=0.25)  # fmt: skip
        last = position == positions[-1]
        axis.set_title("the dealer" if last else f"position {position}")
        axis.set_xlabel("hand strength (points)")
        axis.set_yticks(range(5), ["pass", "1", "2", "3", "4"])
    np.atleast_1d(axes)[0].set_ylabel("mean call")
    np.atleast_1d(axes)[0].legend()
    figure.suptitle(f"{title}: what each bidder calls, by hand strength and position "
                    f"({len(calls):,} calls; bins under {min_n} left out)")  # fmt: skip
    return figure


def paired_gains(pairs: pd.DataFrame, title: str, ylabel: str) -> Figure:
    """Paired differences (`difference`, `low`, `high`, `n` per row, the row's name its
    label) as points with 95% intervals against zero."""
    figure, axis = plt.subplots(figsize=(7, 4), layout="constrained")
    labels = [f"{name}\nn={row.n:,}" for name, row in pairs.iterrows()]
    errors = [pairs["difference"] - pairs["low"], pairs["high"] - pairs["difference"]]
    axis.errorbar(labels, pairs["difference"], yerr=errors, fmt="o", capsize=5)
    axis.axhline(0, color="grey", linewidth=0.8)
    axis.set_ylabel(ylabel)
    axis.set_title(title)
    return figure
