"""Figures of any game."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

__all__ = ["policy_comparison", "strength_against_cost"]


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


def strength_against_cost(table: pd.DataFrame, game: str, reference: str, margin: float) -> Figure:
    """Each search strategy (the index of `table`) at its cost per card (log scale) and its
    mean difference from `reference` per side and deal, with the 95% interval from `low`
    to `high` (`analysis.search_curve.curve`); a strategy costing under 1% of the
    reference's (no search, such as `greedy`) is a dotted level instead. The title names
    the cheapest strategy whose interval lies above -`margin` (as strong, to within the
    margin) and its relative cost."""
    figure, axis = plt.subplots(figsize=(7, 4.2), layout="constrained")
    searched = table[table["relative_cost"] >= 0.01]
    for k, (label, row) in enumerate(searched.iterrows()):
        if label == reference:
            axis.plot(row["ms_per_card"], 0, "s", color="grey", label=f"{label} (reference)")
            continue
        error = [[row["difference"] - row["low"]], [row["high"] - row["difference"]]]
        axis.errorbar(
            row["ms_per_card"], row["difference"], yerr=error, fmt="o", capsize=4,
            color=f"C{k}", label=str(label),
        )  # fmt: skip
    for label, row in table[table["relative_cost"] < 0.01].iterrows():
        axis.axhline(row["difference"], color="black", linewidth=0.8, linestyle=":")
        axis.annotate(
            f"{label}: {row['difference']:+.3g} [{row['low']:+.3g}, {row['high']:+.3g}]",
            (0.01, row["difference"]), xycoords=("axes fraction", "data"), xytext=(0, 4),
            textcoords="offset points", fontsize=8,
        )  # fmt: skip
    axis.axhline(0, color="grey", linewidth=0.8)
    axis.axhline(-margin, color="grey", linewidth=0.8, linestyle="--")
    axis.set_xscale("log")
    axis.set_xlabel("cost per card, ms (one thread, log scale)")
    axis.set_ylabel(f"points per side and deal minus {reference}'s")
    axis.legend(fontsize=8, loc="lower right")
    level = table[(table["low"] > -margin) & (table.index != reference)]
    if len(level):
        cheapest = level["ms_per_card"].idxmin()
        answer = f"{cheapest}, at {level.loc[cheapest, 'relative_cost']:.2f} of its cost"
    else:
        answer = "none of these"
    n = int(table["n"].max())
    axis.set_title(
        f"{game}: the cheapest player within {margin:g} of {reference} (interval above the "
        f"dashed line)\nis {answer}; n = {n:,} deals, sides swapped",
        fontsize=10,
    )
    return figure
