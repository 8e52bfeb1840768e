"""Nine-card Don figures."""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure

from analysis.plots.phat import partnership_overview

__all__ = ["don_overview"]


def don_overview(deals: pd.DataFrame, title: str = "Nine-card Don") -> Figure:
    """Points per deal of the pitcher's side and the defenders, and who captures the 9 of
    trumps when it is in play (with 95% Wilson intervals)."""
    return partnership_overview(deals, title, 9, "9 of trumps", "card points + game bonus")
