"""Figures from outcome tables (DataFrame in, Figure out) for notebooks and the CLI."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.phat import capture, with_sides
from analysis.pitch import bid_success, made_grid, won_shares
from analysis.solowhist import gain_by, made_by
from analysis.stats import wilson

RANKS = "23456789TJQKA"  # rank 0..12 as the outcome tables count it


def phat_overview(deals: pd.DataFrame, title: str = "Phat") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the Big
    Phat (with 95% Wilson intervals)."""
    return _partnership_overview(deals, title, 13, "Big Phat", "phat + muck bonus")


def don_overview(deals: pd.DataFrame, title: str = "Nine-card Don") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the 9 of
    trumps when it is in play (with 95% Wilson intervals)."""
    return _partnership_overview(deals, title, 9, "9 of trumps", "card points + game bonus")


def _partnership_overview(
    deals: pd.DataFrame, title: str, tricks: int, card: str, points: str
) -> Figure:
    sides = with_sides(deals, tricks)
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    bins = np.arange(0, 90, 4)
    share = np.full(len(sides), 1 / max(len(sides), 1))
    for column, label in [("pitcher_points", "pitcher's side"), ("defender_points", "defenders")]:
        left.hist(sides[column], bins=bins, weights=share, alpha=0.6, label=label)
    left.set_xlabel(f"points in the deal ({points})")
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
    right.set_ylabel("share of deals where it was played")
    right.set_title(f"{card} captured by")
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


def whist_contracts(deals: pd.DataFrame, title: str = "Solo Whist") -> Figure:
    """How often each contract played is made (95% Wilson intervals), and what it pays
    its declarer on average (95% intervals)."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.2), layout="constrained")
    for axis, table, color in [(left, made_by(deals), "C0"), (right, gain_by(deals), "C2")]:
        errors = np.array([table["estimate"] - table["low"], table["high"] - table["estimate"]])
        axis.bar([str(k) for k in table.index], table["estimate"], yerr=errors, capsize=5,
                 color=color)  # fmt: skip
    left.set_ylim(0, 1)
    left.set_ylabel("share of contracts made")
    left.set_title("Contracts made")
    right.axhline(0, color="grey", linewidth=0.8)
    right.set_ylabel("declarer's settlement (points)")
    right.set_title("What each contract pays its declarer")
    for axis in (left, right):
        axis.tick_params(axis="x", labelrotation=30)
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


def policy_comparison(
    table: pd.DataFrame, quantity: str = "estimate", title: str = "Lead policies"
) -> Figure:
    """One bar per policy (the index of `table`) at `estimate` with its interval from `low`
    to `high`; `quantity` names what was estimated on the axis."""
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(table) + 1.6), layout="constrained")
    labels = [str(policy) for policy in table.index]
    errors = np.array([table["estimate"] - table["low"], table["high"] - table["estimate"]])
    axis.barh(labels, table["estimate"], xerr=errors, capsize=5, color="C0")
    axis.invert_yaxis()  # the first policy on top
    axis.set_xlabel(quantity)
    axis.set_title(title)
    return figure


def phat_points(deals: pd.DataFrame, by: str | None = None, title: str = "Phat") -> Figure:
    """Distribution of points per deal (phat + muck bonus) of the pitcher's side and of the
    defenders, one panel per value of `by` (one panel if None); deals cut short by a
    game's end are left out."""
    sides = with_sides(deals)
    sides = sides[sides["tricks_played"] == 13]
    parts = list(sides.groupby(by, observed=True)) if by else [(None, sides)]
    figure, axes = plt.subplots(
        1, len(parts), figsize=(5 * len(parts), 4), sharey=True, layout="constrained", squeeze=False
    )
    bins = np.arange(0, sides[["pitcher_points", "defender_points"]].max().max() + 5, 4)
    for axis, (key, part) in zip(axes[0], parts, strict=True):
        share = np.full(len(part), 1 / len(part))
        for column, label in [
            ("pitcher_points", "pitcher's side"),
            ("defender_points", "defenders"),
        ]:
            axis.hist(part[column], bins=bins, weights=share, alpha=0.6, label=label)
        axis.set_xlabel("points in the deal (phat + muck bonus)")
        axis.set_title("all deals" if by is None else f"{key}")
        axis.legend()
    axes[0, 0].set_ylabel("share of deals")
    figure.suptitle(f"{title}: points per deal")
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


def capture_bars(
    deals: pd.DataFrame, by: str | None = "strategy", card: str = "big", title: str = "Phat"
) -> Figure:
    """The Big (or Little) Phat kept by the team dealt it against caught by the opponents,
    a pair of bars per value of `by` (one pair if None), with 95% Wilson intervals."""
    table = capture(deals, by, card)
    labels = [str(key) for key in table.index]
    positions = np.arange(len(table))
    kept = table["estimate"].to_numpy()
    # The Wilson interval of the complement is the mirror image of the rate's.
    kept_errors = np.array([kept - table["low"], table["high"] - kept])
    figure, axis = plt.subplots(figsize=(2 + 1.6 * len(table), 4.2), layout="constrained")
    axis.bar(positions - 0.2, kept, 0.4, yerr=kept_errors, capsize=5, label="kept")
    axis.bar(positions + 0.2, 1 - kept, 0.4, yerr=kept_errors[::-1], capsize=5, label="caught")
    axis.set_xticks(positions, labels)
    axis.set_ylim(0, 1)
    axis.set_ylabel("share of deals where it was played")
    axis.legend()
    axis.set_title(f"{title}: {card.capitalize()} Phat kept or caught")
    return figure
