"""Solo Whist figures: contracts made and what they pay, and how that depends on the
declarer's hand shape."""

from __future__ import annotations

from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from analysis.games.solowhist.summary import LONGEST, gain_by, made_by
from analysis.plots import style

__all__ = ["contracts_by_shape", "longest_suit_split", "whist_contracts"]


def _trend(axis: Axes, x: np.ndarray, table: pd.DataFrame, kind: str, name: str, text: str) -> None:
    """Points with 95% intervals at `x`, joined by a thin line in the same house colour."""
    axis.plot(x, table["estimate"], color=style.colour(kind, name), linewidth=1, alpha=0.6)
    style.estimates(axis, x, table, kind, name, text=text)


POINTS = "1 unit = 5 points (the default); a declarer is paid by each of the three opponents"


def whist_contracts(deals: pd.DataFrame, title: str = "Solo Whist") -> Figure:
    """Each contract played in `deals`, in rank order with its n: how often it is made
    (95% Wilson intervals) and what it pays its declarer on average, in points (95%
    intervals); contracts called fewer than `style.MIN_COUNT` times are left out. Each row
    is named on the axis, so the points are plain estimates."""
    made = style.drop_thin(made_by(deals))
    names = style.order("contract", made.index)
    made, gains = made.loc[names], gain_by(deals).loc[names]
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(12, 0.45 * len(names) + 2.4), sharey=True, layout="constrained"
    )
    positions = np.arange(len(names))
    style.estimates(left, positions, made, *style.ESTIMATE, horizontal=True, text="")
    style.estimates(right, positions, gains, *style.ESTIMATE, horizontal=True, text="")
    left.set_yticks(
        positions,
        [style.with_n(style.label("contract", name), made.loc[name, "n"]) for name in names],
    )
    left.set_ylim(max(len(names), 1) - 0.5, -0.5)  # the lowest contract on top
    left.set_xlim(0, 1)
    left.set_xlabel("share of contracts made, 95% interval")
    left.set_title("How often is it made?")
    style.zero_line(right, horizontal=True)
    right.set_xlabel("declarer's mean settlement per contract (points), 95% interval")
    right.set_title("What does it pay its declarer?")
    figure.suptitle(f"{title}: which contracts pay their declarer?")
    style.caption(
        figure,
        f"{len(deals):,} deals; intervals are 95%; {style.thin_rule(of='calls')}.\n"
        f"{POINTS} (Prop and Cop: each partner by one defender).",
    )
    return figure


IN_THE_TURNED_SUIT = ("prop_cop", "solo")  # contracts whose trump is always the turned suit


def contracts_by_shape(
    deals: pd.DataFrame, contracts: Sequence[str] = ("prop_cop", "solo", "misere", "abundance")
) -> Figure:
    """How often each of `contracts` is made by the declarer's hand shape, a column of
    panels per contract: above, by the length of its longest suit, split for the contracts
    played in the turned suit (Prop and Cop, Solo) by whether that suit is trumps or
    another (pooled, the two halves would run in opposite directions), all hands together
    for the others; below, by its honour points. 95% intervals; under each tick the n of
    each point; cells of fewer than `style.MIN_COUNT` calls are left out."""
    called = made_by(deals)["n"]
    shown = style.order("contract", [name for name in contracts if name in called.index])
    columns = max(len(shown), 1)
    figure, axes = plt.subplots(
        2, columns, figsize=(3.6 * columns + 0.6, 7.6), sharey=True, squeeze=False,
        layout="constrained",
    )  # fmt: skip
    split = style.drop_thin(made_by(deals, ["contract_name", "longest_suit", "hand_longest"]))
    pooled = style.drop_thin(made_by(deals, ["contract_name", "hand_longest"]))
    by_honours = style.drop_thin(made_by(deals, ["contract_name", "honours"]))
    for column, name in enumerate(shown):
        top, bottom = axes[0][column], axes[1][column]
        top.set_title(style.with_n(style.label("contract", name), called[name]))
        if name in IN_THE_TURNED_SUIT:
            table = split.xs(name, level="contract_name") if name in split.index else None
            _split_panel(top, table)
        elif name in pooled.index.get_level_values(0):
            part = pooled.xs(name, level="contract_name")
            _plain_panel(top, part, [str(k) for k in part.index], part.index.to_numpy())
        top.set_xlabel("cards in the declarer's longest suit;\nunder each, n")
        if name in by_honours.index.get_level_values(0):
            part = by_honours.xs(name, level="contract_name")
            bands = list(part.index)
            _plain_panel(bottom, part, [str(b) for b in bands], np.arange(len(bands)))
        bottom.set_xlabel("the declarer's honour points (A 4, K 3, Q 2, J 1);\nunder each, n")
    for axis in axes.flat:
        axis.set_ylim(0, 1.05)
    for row in axes:
        row[0].set_ylabel("share of contracts made, 95% interval")
    for axis in axes[0][len(shown) :]:
        axis.set_visible(False)
    for axis in axes[1][len(shown) :]:
        axis.set_visible(False)
    handles = [
        axis.get_legend_handles_labels() for axis in axes[0] if axis.get_legend_handles_labels()[0]
    ]
    if handles:
        axes[0][0].legend(*handles[0], loc="lower left", title="where the longest suit lies")
    figure.suptitle("Does a longer suit or more honours make a contract more often?")
    style.caption(
        figure,
        f"{len(deals):,} deals; intervals are 95%; under each tick the n of each point "
        "(for Prop and Cop and Solo: trumps, then another suit); a tie for the longest suit "
        f"counts as the turned suit; {style.thin_rule(of='calls')}.",
    )
    return figure


def _split_panel(axis: Axes, table: pd.DataFrame | None) -> None:
    """A contract played in the turned suit by the length of the longest suit, one series
    for each place that suit lies (`table`: indexed by longest suit and length); n of each
    series under each length."""
    if table is None or not len(table):
        return
    lengths = sorted(table.index.get_level_values("hand_longest").unique())
    found = table.index.get_level_values("longest_suit")
    sides = style.order("longest suit", [w for w in LONGEST.values() if w in found])
    nudge = dict(zip(sides, style.offsets(len(sides), 0.16), strict=True))
    for where in sides:
        cells = table.xs(where, level="longest_suit")
        text = f"longest suit is {where}"
        _trend(axis, cells.index.to_numpy() + nudge[where], cells, "longest suit", where, text)
    counts = [
        [table["n"].get((where, k)) if (where, k) in table.index else None for where in sides]
        for k in lengths
    ]
    style.ticks_with_counts(axis, lengths, [str(k) for k in lengths], counts)


def _plain_panel(axis: Axes, table: pd.DataFrame, labels: list[str], x: np.ndarray) -> None:
    """One series of shares made at `x` (plain estimates, joined by a thin line), each tick
    its label with the n under it."""
    axis.plot(x, table["estimate"], color=style.colour(*style.ESTIMATE), linewidth=1, alpha=0.4)
    style.estimates(axis, x, table, *style.ESTIMATE, text="")
    style.ticks_with_counts(axis, x, labels, [[n] for n in table["n"]])


def longest_suit_split(
    deals: pd.DataFrame, contracts: Sequence[str] = IN_THE_TURNED_SUIT
) -> Figure:
    """One panel per contract of `contracts` played in the turned suit: how often it is made
    by the length of the declarer's longest suit, split by whether that suit is the turned
    suit (trumps) or another, with 95% intervals and the n of each point under each length;
    cells of fewer than `style.MIN_COUNT` calls are left out."""
    table = style.drop_thin(made_by(deals, ["contract_name", "longest_suit", "hand_longest"]))
    shown = style.order(
        "contract", [name for name in contracts if name in table.index.get_level_values(0)]
    )
    figure, axes = plt.subplots(
        1,
        max(len(shown), 1),
        figsize=(5.5 * max(len(shown), 1), 4.6),
        sharey=True,
        squeeze=False,
        layout="constrained",
    )
    for axis, name in zip(axes[0], shown, strict=False):
        _split_panel(axis, table.xs(name, level="contract_name"))
        axis.set_title(style.label("contract", name))
        axis.set_xlabel("cards in the declarer's longest suit; under each, n")
        axis.legend(loc="lower left")
    for axis in axes[0]:
        axis.set_ylim(0, 1.05)
    axes[0][0].set_ylabel("share of contracts made, 95% interval")
    figure.suptitle("Is length in the turned (trump) suit worth more than length elsewhere?")
    style.caption(
        figure,
        f"{len(deals):,} deals; intervals are 95%; under each length the n of each point "
        "(the turned suit, then another suit); a tie for the longest suit counts as the "
        f"turned suit; {style.thin_rule(of='calls')}.",
    )
    return figure
