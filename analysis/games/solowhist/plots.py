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
    intervals); contracts called fewer than `style.MIN_COUNT` times are left out."""
    made = style.drop_thin(made_by(deals))
    names = style.order("contract", made.index)
    made, gains = made.loc[names], gain_by(deals).loc[names]
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(12, 0.45 * len(names) + 2.4), sharey=True, layout="constrained"
    )
    positions = np.arange(len(names))
    for position, name in zip(positions, names, strict=True):
        style.estimates(
            left, np.array([position]), made.loc[[name]], "contract", name, horizontal=True
        )
        style.estimates(
            right, np.array([position]), gains.loc[[name]], "contract", name, horizontal=True
        )
    left.set_yticks(
        positions,
        [style.with_n(style.label("contract", name), made.loc[name, "n"]) for name in names],
    )
    left.set_ylim(len(names) - 0.5, -0.5)  # the lowest contract on top
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


def contracts_by_shape(
    deals: pd.DataFrame, contracts: Sequence[str] = ("prop_cop", "solo", "abundance")
) -> Figure:
    """How often each of `contracts` is made by the declarer's longest suit (left) and
    honour points (right), each with its 95% interval in the contract's house colour; cells of
    fewer than `style.MIN_COUNT` calls are left out."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.4), sharey=True, layout="constrained")
    called = made_by(deals)["n"]
    shown = style.order("contract", [name for name in contracts if name in called.index])
    nudge = dict(zip(shown, style.offsets(len(shown), 0.2), strict=True))
    by_length = style.drop_thin(made_by(deals, ["contract_name", "hand_longest"]))
    by_honours = style.drop_thin(made_by(deals, ["contract_name", "honours"]))
    bands = list(by_honours.index.levels[1]) if len(by_honours) else []
    for name in shown:
        text = style.with_n(style.label("contract", name), called[name])
        if name in by_length.index.get_level_values(0):
            part = by_length.xs(name, level="contract_name")
            _trend(left, part.index.to_numpy() + nudge[name], part, "contract", name, text)
        if name in by_honours.index.get_level_values(0):
            part = by_honours.xs(name, level="contract_name")
            where = np.array([bands.index(band) for band in part.index])
            _trend(right, where + nudge[name], part, "contract", name, text)
    style.count_ticks(left)
    left.set_xlabel("cards in the declarer's longest suit")
    left.set_ylabel("share of contracts made, 95% interval")
    left.set_title("by the longest suit")
    right.set_xticks(np.arange(len(bands)), bands)
    right.set_xlabel("the declarer's honour points (A 4, K 3, Q 2, J 1)")
    right.set_title("by honour points")
    for axis in (left, right):
        axis.set_ylim(0, 1)
        axis.legend(loc="best")
    figure.suptitle("Does a longer suit or more honours make a contract more often?")
    style.caption(
        figure,
        f"{len(deals):,} deals; intervals are 95%; n: the contract's calls; "
        f"{style.thin_rule(of='calls')}.",
    )
    return figure


def longest_suit_split(
    deals: pd.DataFrame, contracts: Sequence[str] = ("prop_cop", "solo")
) -> Figure:
    """One panel per contract of `contracts` played in the turned suit: how often it is made
    by the length of the declarer's longest suit, split by whether that suit is the turned
    suit (trumps) or another, with 95% intervals; cells of fewer than `style.MIN_COUNT` calls
    are left out."""
    table = style.drop_thin(made_by(deals, ["contract_name", "longest_suit", "hand_longest"]))
    shown = style.order(
        "contract", [name for name in contracts if name in table.index.get_level_values(0)]
    )
    figure, axes = plt.subplots(
        1,
        max(len(shown), 1),
        figsize=(5.5 * max(len(shown), 1), 4.2),
        sharex=True,
        sharey=True,
        squeeze=False,
        layout="constrained",
    )
    nudge = dict(zip(LONGEST.values(), style.offsets(len(LONGEST), 0.16), strict=True))
    for axis, name in zip(axes[0], shown, strict=False):
        part = table.xs(name, level="contract_name")
        found = part.index.get_level_values("longest_suit")
        for where in style.order(
            "longest suit", [LONGEST[k] for k in (True, False) if LONGEST[k] in found]
        ):
            cells = part.xs(where, level="longest_suit")
            _trend(
                axis,
                cells.index.to_numpy() + nudge[where],
                cells,
                "longest suit",
                where,
                style.with_n(f"longest suit is {where}", cells["n"].sum()),
            )
        axis.set_title(style.label("contract", name))
        axis.set_xlabel("cards in the declarer's longest suit")
        axis.legend(loc="lower left")
    for axis in axes[0]:
        style.count_ticks(axis)
        axis.set_ylim(0, 1)
    axes[0][0].set_ylabel("share of contracts made, 95% interval")
    figure.suptitle("Is length in the turned (trump) suit worth more than length elsewhere?")
    style.caption(
        figure,
        f"{len(deals):,} deals; intervals are 95%; a tie for the longest suit counts "
        f"as the turned suit; {style.thin_rule(of='calls')}.",
    )
    return figure
