"""Solo Whist figures: contracts made and what they pay."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.solowhist import gain_by, made_by

__all__ = ["whist_contracts"]


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
