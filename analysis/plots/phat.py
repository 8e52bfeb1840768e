"""Phat figures: points per deal by side, and the fate of the Big and Little Phat."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.phat import capture, with_sides
from analysis.stats import wilson

__all__ = ["capture_bars", "phat_overview", "phat_points"]


def phat_overview(deals: pd.DataFrame, title: str = "Phat") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the Big
    Phat (with 95% Wilson intervals)."""
    return partnership_overview(deals, title, 13, "Big Phat", "phat + muck bonus")


def partnership_overview(
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
