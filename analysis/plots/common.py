"""Figures of any game."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

__all__ = ["policy_comparison"]


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
