"""Cinch figures: how often a contract is made, by the bid and by the trumps the maker's
side holds after the draw."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.games.cinch.summary import bid_success
from analysis.plots import style

__all__ = ["cinch_bids"]


def _rates(table: pd.DataFrame) -> pd.DataFrame:
    """A `bid_success` table with its rate as the `estimate` the style draws."""
    return table.rename(columns={"rate": "estimate"})


def cinch_bids(deals: pd.DataFrame, title: str = "Cinch") -> Figure:
    """How often the maker's side makes its bid: by the bid, and by the bid and the trumps
    the side holds after the draw (95% Wilson intervals; cells of fewer than
    `style.MIN_COUNT` bids left out; deals without a contract left out)."""
    bids_made = deals[deals["contract"] > 0]
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.2), layout="constrained")
    by_bid = style.drop_thin(_rates(bid_success(bids_made, "contract")))
    bids = style.order("contract", by_bid.index)
    for position, bid in enumerate(bids):
        style.bars(left, np.array([position]), by_bid.loc[[bid]], "contract", bid)
    left.set_xticks(
        range(len(bids)), [style.with_n(f"bid {bid}", by_bid.loc[bid, "n"]) for bid in bids]
    )
    left.set_ylim(0, 1.05)
    left.set_ylabel("share of bids made, 95% interval")
    left.set_title("by the bid")
    by_trumps = style.drop_thin(_rates(bid_success(bids_made, ["contract", "maker_side_trumps"])))
    shown = style.order("contract", by_trumps.index.get_level_values("contract"))
    width = 0.8 / max(len(shown), 1)
    for offset, bid in zip(style.offsets(len(shown), 0.8 - width), shown, strict=True):
        part = by_trumps.xs(bid, level="contract")
        total = int(part["n"].sum())
        x = part.index.to_numpy() + offset
        style.bars(
            right, x, part, "contract", bid, width=width, text=style.with_n(f"bid {bid}", total)
        )
        style.label_counts(right, x, part["high"], part["n"], below=False, rotation=90)
    style.count_ticks(right)
    right.set_ylim(0, 1.4)
    right.set_xlabel("trumps the maker's side holds after the draw")
    right.set_title("by the bid and the side's trumps")
    right.set_ylabel("share of bids made, 95% interval")
    style.figure_legend(figure, right, title="the bid (n: its bids)")
    figure.suptitle(f"{title}: how often is each bid made?")
    style.caption(
        figure,
        f"{len(bids_made):,} deals with a contract; 95% Wilson intervals; above each bar its n "
        "(bids); "
        f"{style.thin_rule(of='bids')}",
    )
    return figure
