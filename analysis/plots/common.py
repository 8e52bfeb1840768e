"""Figures of any game."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from analysis import palette
from analysis.plots import style

__all__ = ["before_after", "paired_differences", "policy_comparison", "strength_against_cost"]


def policy_comparison(
    table: pd.DataFrame,
    quantity: str = "estimate",
    title: str = "Lead policies",
    kind: str = "lead",
) -> Figure:
    """Each policy (the index of `table`, series of `kind`) at `estimate` with its 95%
    interval from `low` to `high` and its n, in house order; `quantity` names what was
    estimated. Points, not bars from 0, so that close means stay apart."""
    names = style.order(kind, table.index)
    table = table.loc[names]
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(table) + 1.6), layout="constrained")
    style.estimates_by_name(axis, table, names, kind)
    axis.invert_yaxis()  # the first policy on top
    axis.set_xlabel(f"{quantity}, 95% interval")
    axis.set_title(title)
    return figure


def strength_against_cost(
    table: pd.DataFrame, game: str, reference: str, margin: float, rules: str = ""
) -> Figure:
    """Each search strategy (the index of `table`: a player, then its settings) at its cost
    per card (log scale) and its mean difference from `reference` per side and deal, with
    the 95% interval from `low` to `high` (`analysis.search_curve.curve`), in its player's
    house colour and marked with its settings; a strategy costing under 1% of the
    reference's (no search, such as `greedy`) is a level named in the legend. The value
    axis spans the searched strategies and the margin. The title names the game (and
    `rules`, the options that differ from its defaults) and the cheapest strategy whose
    interval lies above -`margin` (as strong, to within the margin) with its relative
    cost."""
    figure, axis = plt.subplots(figsize=(7, 4.2), layout="constrained")
    searched = table[table["relative_cost"] >= 0.01]
    shown: set[str] = set()
    for label, row in searched.iterrows():
        player, _, settings = str(label).partition(":")
        if label == reference:
            axis.plot(row["ms_per_card"], 0, "s", color=palette.GREY, label=f"{label} (reference)")
            continue
        error = [[row["difference"] - row["low"]], [row["high"] - row["difference"]]]
        drawn = axis.errorbar(
            row["ms_per_card"],
            row["difference"],
            yerr=error,
            fmt="o",
            capsize=4,
            color=style.colour("player", player),
            label=None if player in shown else player,
        )
        style.tag([drawn[0]], "player", player)
        style.count(drawn[0], [row["n"]])
        shown.add(player)
        # Of two strategies at about the same cost, the upper one's words go above it.
        near = searched[(searched["ms_per_card"] / row["ms_per_card"] - 1).abs() < 0.15]
        above = (near["difference"] < row["difference"]).any()
        axis.annotate(
            settings.replace(":", ", ") or "its defaults",
            (row["ms_per_card"], row["difference"]),
            xytext=(5, 4 if above else -9),
            textcoords="offset points",
            fontsize=7,
        )
    # The axis spans the searched players and the margin; a level far below them is named
    # in the legend only, so that it does not squeeze the contrast the chart is about.
    bottom = min(searched["low"].min(), -margin)
    top = max(searched["high"].max(), 0.0)
    pad = 0.15 * (top - bottom)
    axis.set_ylim(bottom - pad, top + pad)
    levels = table[table["relative_cost"] < 0.01]
    for k, (label, row) in enumerate(levels.iterrows()):
        below = " (below the chart)" if row["difference"] < bottom - pad else ""
        axis.axhline(
            row["difference"],
            color=palette.BLACK,
            linewidth=0.8,
            linestyle=(":", "-.")[k % 2],
            label=f"{label}: {row['difference']:+.3g} [{row['low']:+.3g}, {row['high']:+.3g}]"
            f"{below}",
        )
    style.zero_line(axis)
    axis.axhline(-margin, color=palette.GREY, linewidth=0.8, linestyle="--")
    axis.set_xscale("log")
    axis.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    axis.xaxis.set_minor_formatter(FuncFormatter(_sparse_tick))
    axis.set_xlabel("cost per card, ms (one thread, log scale)")
    axis.set_ylabel(f"points per side and deal minus {reference}'s, 95% interval")
    axis.legend(loc="center right", fontsize=8)
    level = table[(table["low"] > -margin) & (table.index != reference)]
    if len(level):
        cheapest = level["ms_per_card"].idxmin()
        answer = f"{cheapest}, at {level.loc[cheapest, 'relative_cost']:.2g} of its cost"
    else:
        answer = "none of these"
    n = int(table["n"].max())
    game_name, sample = style.label("game", game), f"n = {n:,} deals, sides swapped"
    question = (
        f"the cheapest player within {margin:g} of {reference} (interval above the dashed line)"
    )
    title = (
        f"{game_name} ({rules}), {sample}\n{question}\nis {answer}"
        if rules
        else f"{game_name}: {question}\nis {answer}; {sample}"
    )
    axis.set_title(title, fontsize=10)
    return figure


def _sparse_tick(value: float, _: int) -> str:
    """A log axis's minor tick is labelled at 2, 3 and 5 times a power of ten, so that the
    labels between two powers do not run into each other."""
    return f"{value:g}" if f"{value:.0e}"[0] in "235" else ""


def before_after(
    table: pd.DataFrame,
    kind: str,
    before: str,
    after: str,
    question: str,
    quantity: str,
    percent: bool = False,
    unit: str | None = None,
    differences: bool = False,
    caption: str | None = None,
) -> Figure:
    """Each row of `table` (`analysis.compare.means_changed`: a quantity measured on the
    same deals under two ways of playing) with its n: left, its value under `before` and
    `after` (series of `kind`) with 95% intervals; right, the change paired deal by deal
    with its interval against 0. `percent` shows shares as percentages and the change in
    percentage points; otherwise `unit` names the unit of the change (points per deal, ...).
    `differences` marks a quantity that is itself a difference (a - b), drawn against its
    zero line. The title is the `question` the figure answers; the legend sits above the
    left panel, clear of every interval, and `caption` (if given) under the figure."""
    if not percent and not unit:
        raise ValueError("before_after needs the unit of the change (unit=...) or percent=True")
    scale = 100 if percent else 1
    unit = "percentage points" if percent else unit
    figure, (left, right) = plt.subplots(
        1,
        2,
        figsize=(11, 0.45 * len(table) + 2.2),
        sharey=True,
        width_ratios=(3, 2),
        layout="constrained",
    )
    positions = np.arange(len(table))
    counts = table["n"].to_numpy()
    scaled = table.drop(columns="n") * scale
    for offset, (column, name) in zip(
        style.offsets(2, 0.3), [("before", before), ("after", after)], strict=True
    ):
        style.estimates(
            left,
            positions + offset,
            scaled,
            kind,
            name,
            horizontal=True,
            estimate=column,
            low=f"{column}_low",
            high=f"{column}_high",
            text=f"every seat {style.label(kind, name)}",
            counts=counts,
        )
    left.set_yticks(positions, [style.with_n(str(row), n) for row, n in table["n"].items()])
    left.invert_yaxis()
    left.set_xlabel(f"{quantity}{' (%)' if percent else ''}, 95% interval")
    if differences:
        style.zero_line(left, horizontal=True)
    left.legend(loc="lower left", bbox_to_anchor=(0, 1.0), ncols=2, borderaxespad=0.3)
    style.estimates(
        right,
        positions,
        scaled,
        kind,
        after,
        horizontal=True,
        estimate="change",
        low="change_low",
        high="change_high",
        text=None,
        counts=counts,
    )
    style.zero_line(right, horizontal=True)
    right.set_xlabel(f"{style.label(kind, after)} minus {style.label(kind, before)}, {unit}")
    right.set_title("the change, paired deal by deal", fontsize=9)
    figure.suptitle(question)
    if caption:
        style.caption(figure, caption)
    return figure


def paired_differences(table: pd.DataFrame, kind: str, question: str, quantity: str) -> Figure:
    """Paired differences (`difference`, `low`, `high`, `n` per row) as points with 95%
    intervals against 0. Rows of pairs (columns `a` and `b`, series of `kind`) are turned so
    that `a` comes first in the house order, then sorted by it; other rows are labelled by
    their index. Each row names its estimate, so all are drawn as plain estimates (black),
    spending no colour. The title is the `question` the figure answers."""
    if "b" in table.columns:
        table = _in_house_order(table, kind)
        labels = [f"{row.a} - {row.b}" for row in table.itertuples()]
    else:
        labels = [str(index) for index in table.index]
    figure, axis = plt.subplots(figsize=(7.5, 0.5 * len(table) + 1.8), layout="constrained")
    positions = np.arange(len(table))
    style.estimates(
        axis,
        positions,
        table[["difference", "low", "high", "n"]].astype(float),
        *style.ESTIMATE,
        horizontal=True,
        estimate="difference",
        text="",
    )
    counts = table["n"].to_numpy()
    axis.set_yticks(
        positions, [style.with_n(text, n) for text, n in zip(labels, counts, strict=True)]
    )
    axis.invert_yaxis()
    style.zero_line(axis, horizontal=True)
    axis.set_xlabel(f"{quantity}, 95% interval")
    axis.set_title(question)
    return figure


def _in_house_order(pairs: pd.DataFrame, kind: str) -> pd.DataFrame:
    """Pairs turned so that `a` precedes `b` in the house order of `kind` (a - b and its
    interval negated where turned), sorted by `a`, then `b`."""
    rank = {name: k for k, name in enumerate(style.order(kind, [*pairs["a"], *pairs["b"]]))}
    pairs = pairs.copy()
    turn = pairs["a"].map(rank) > pairs["b"].map(rank)
    pairs.loc[turn, ["a", "b"]] = pairs.loc[turn, ["b", "a"]].to_numpy()
    low = pairs["low"].copy()
    pairs.loc[turn, "difference"] = -pairs.loc[turn, "difference"]
    pairs.loc[turn, "low"] = -pairs.loc[turn, "high"]
    pairs.loc[turn, "high"] = -low[turn]
    order = pairs["a"].map(rank) * len(rank) + pairs["b"].map(rank)
    return pairs.iloc[np.argsort(order.to_numpy(), kind="stable")]
