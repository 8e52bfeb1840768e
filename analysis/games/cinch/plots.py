"""Cinch figures: how often a contract is made, by the bid and by the trumps the maker's
side holds after the draw."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.games.cinch.summary import bid_success
from analysis.plots import style

__all__ = ["cinch_bids", "cinch_left_pedro", "cinch_leads", "cinch_rob"]


def _rates(table: pd.DataFrame) -> pd.DataFrame:
    """A `bid_success` table with its rate as the `estimate` the style draws."""
    return table.rename(columns={"rate": "estimate"})


def cinch_bids(deals: pd.DataFrame, title: str = "Cinch", panels: int = 6) -> Figure:
    """How often the maker's side makes its bid: by the bid (left), and for each of the
    `panels` most frequent bids by the trumps the side holds after the draw (one small
    panel a bid); 95% Wilson intervals; cells of fewer than `style.MIN_COUNT` bids left
    out; deals without a contract left out."""
    bids_made = deals[deals["contract"] > 0]
    by_bid = style.drop_thin(_rates(bid_success(bids_made, "contract")))
    bids = style.order("contract", by_bid.index)
    by_trumps = style.drop_thin(_rates(bid_success(bids_made, ["contract", "maker_side_trumps"])))
    charted = by_bid[by_bid.index.isin(by_trumps.index.get_level_values("contract"))]
    common = sorted(charted["n"].nlargest(panels).index)  # bids with a cell to chart
    columns = max(1, min(3, len(common)))
    rows = max(1, -(-len(common) // columns))
    figure = plt.figure(figsize=(5 + 3.3 * columns, 1.2 + 2.6 * rows), layout="constrained")
    left_fig, right_fig = figure.subfigures(1, 2, width_ratios=[5, 3.3 * columns])
    left = left_fig.subplots()
    for position, bid in enumerate(bids):
        style.bars(left, np.array([position]), by_bid.loc[[bid]], "contract", bid, horizontal=True)
    left.set_yticks(
        range(len(bids)), [style.with_n(f"bid {bid}", by_bid.loc[bid, "n"]) for bid in bids]
    )
    left.invert_yaxis()
    left.set_xlim(0, 1.05)
    left.set_xlabel("share of bids made, 95% interval")
    left.set_title("by the bid")
    axes = np.atleast_1d(right_fig.subplots(rows, columns, sharex=True, sharey=True)).ravel()
    for axis, bid in zip(axes, common, strict=False):
        part = by_trumps.xs(bid, level="contract")
        x = part.index.to_numpy()
        style.bars(axis, x, part, "contract", bid, width=0.7)
        style.label_counts(axis, x, part["high"], part["n"], below=False, rotation=90)
        axis.set_title(style.with_n(f"bid {bid}", by_bid.loc[bid, "n"]), fontsize=9)
        axis.set_ylim(0, 1.25)
        style.count_ticks(axis)
        axis.set_xlabel("trumps", fontsize=8)
    for axis in axes[max(1, len(common)) :]:  # one panel stays, to say it is empty
        axis.remove()
    for axis in axes[: len(common)]:
        axis.set_ylabel("share made, 95% interval" if axis.get_subplotspec().is_first_col()
                        else "share made")  # fmt: skip
    right_fig.supxlabel("trumps the maker's side holds after the draw", fontsize=10)
    most = f", the {len(common)} most frequent bids" if common else ""
    right_fig.suptitle(f"by the side's trumps{most}", fontsize=11)
    figure.suptitle(f"{title}: how often is each bid made?")
    style.caption(
        figure,
        f"{len(bids_made):,} deals with a contract; 95% Wilson intervals; above each bar of "
        f"the panels its n (bids); {style.thin_rule(of='bids')}",
    )
    return figure


def cinch_rob(table: pd.DataFrame, deals: str = "") -> Figure:
    """Robbing the pack against drawing blind on the same deals, for the dealer's side:
    `table` indexed by player and quantity (points won, net score) with the paired change
    (`change`, `change_low`, `change_high`, `n`), one panel per quantity."""
    table = table.rename(columns={"change": "estimate", "change_low": "low", "change_high": "high"})
    players = style.order("player", table.index.get_level_values(0))
    quantities = list(dict.fromkeys(table.index.get_level_values(1)))
    figure, axes = plt.subplots(
        1,
        len(quantities),
        figsize=(5.2 * len(quantities), 0.55 * len(players) + 1.9),
        layout="constrained",
    )
    for axis, quantity in zip(np.atleast_1d(axes), quantities, strict=True):
        part = table.xs(quantity, level=1)
        for position, player in enumerate(players):
            style.estimates(
                axis, np.array([position]), part.loc[[player]], "player", player, horizontal=True
            )
        axis.set_yticks(
            range(len(players)), [style.with_n(player, part.loc[player, "n"]) for player in players]
        )
        axis.invert_yaxis()
        style.zero_line(axis, horizontal=True)
        axis.set_xlabel("rob minus blind draw, points per deal, 95% interval")
        axis.set_title(f"the dealer's side's {quantity}")
    figure.suptitle("What is robbing the pack worth to the dealer's side?")
    style.caption(
        figure,
        f"The same deals{deals} played twice: the dealer robs the pack, or draws blind as "
        "every other player does; differences paired deal by deal; n: deals.",
    )
    return figure


def cinch_left_pedro(table: pd.DataFrame, deals: str = "") -> Figure:
    """How often the Left Pedro changes sides: `left_pedro_changes` tables of several
    players, indexed by player and by whom it was dealt to (rate with Wilson intervals)."""
    table = style.drop_thin(table)
    players = style.order("player", table.index.get_level_values(0))
    figure, axis = plt.subplots(figsize=(7.5, 3.8), layout="constrained")
    groups = list(dict.fromkeys(table.index.get_level_values(1)))
    for offset, player in zip(style.offsets(len(players), 0.5), players, strict=True):
        part = table.xs(player, level=0).reindex(groups).dropna(subset=["n"])
        x = np.array([groups.index(g) for g in part.index]) + offset
        style.estimates(axis, x, part, "player", player)
        style.label_counts(axis, x, part["high"], part["n"], below=False)
    axis.set_xticks(range(len(groups)), [f"dealt to the {g}" if g != "either side" else
                                         "dealt to either side" for g in groups])  # fmt: skip
    axis.set_ylim(0, 1.2 * float(table["high"].max()) if len(table) else 1)
    axis.set_ylabel("share taken by the other side, 95% interval")
    style.figure_legend(figure, axis, title="every seat plays")
    axis.set_title("How often does the Left Pedro change sides?")
    style.caption(
        figure,
        f"Deals where a player was dealt the Left Pedro{deals}; above each point its n "
        f"(deals); {style.thin_rule()}",
    )
    return figure


def cinch_leads(table: pd.DataFrame, reference: str, quantity: str, deals: str = "") -> Figure:
    """Opening leads against `reference` on the same deals: `table` indexed by player and
    lead policy with the paired `difference`, `low`, `high`, `n` of the maker's side's
    `quantity`, one point per player and lead."""
    table = table.rename(columns={"difference": "estimate"})
    players = style.order("player", table.index.get_level_values(0))
    leads = list(dict.fromkeys(table.index.get_level_values(1)))
    figure, axis = plt.subplots(figsize=(8, 0.7 * len(leads) + 2.2), layout="constrained")
    for offset, player in zip(style.offsets(len(players), 0.4), players, strict=True):
        part = table.xs(player, level=0).reindex(leads)
        style.estimates(
            axis,
            np.arange(len(leads)) + offset,
            part,
            "player",
            player,
            horizontal=True,
            text=style.with_n(style.label("player", player), part["n"].max()),
        )
    axis.set_yticks(range(len(leads)), [f"{lead} - {reference}" for lead in leads])
    axis.invert_yaxis()
    style.zero_line(axis, horizontal=True)
    axis.set_xlabel(f"the maker's side's {quantity}, a - b (points per deal), 95% interval")
    style.figure_legend(figure, axis, title="every seat plays (n: deals)")
    axis.set_title("Which opening lead serves the maker's side best?")
    style.caption(
        figure,
        f"The same deals{deals} under each lead policy (the maker's first card only); "
        "differences paired deal by deal.",
    )
    return figure
