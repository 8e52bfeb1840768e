"""All Fours figures: what begging (and the dealer's gift) is worth against the other call
on the same deals, by the hand; what the dealer scores by the trumps the turn-up names;
how often the Jack of trumps is in play against the chance it was dealt; which side takes
each point in a run. Each takes a tidy table (the keys, n, estimate, low, high) as the
notebook builds it from `analysis.games.allfours.calls`, or as `summary` does."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from analysis.plots import style

__all__ = [
    "allfours_beg_value",
    "allfours_give_value",
    "allfours_dealer_margin",
    "allfours_jack",
    "allfours_point_takers",
]


def _points(axis, table: pd.DataFrame, x: str, width: float = 0.5) -> int:
    """Each player's estimates along `x` side by side, each with its n under it; returns
    the deals drawn (the n of all points)."""
    players = style.order("player", table["player"])
    total = 0
    for offset, player in zip(style.offsets(len(players), width), players, strict=True):
        part = style.drop_thin(table[table["player"] == player]).sort_values(x)
        if part.empty:
            continue
        positions = part[x].to_numpy(float) + offset
        style.estimates(axis, positions, part, "player", player)
        style.label_counts(axis, positions, part["low"], part["n"], fontsize=6)
        total += int(part["n"].sum())
    values = style.drop_thin(table)[x].astype(int)
    if values.empty:
        return total
    axis.set_xticks(range(values.min(), values.max() + 1))
    axis.set_xlim(values.min() - 0.5, values.max() + 0.5)
    return total


def _contrast(
    table: pd.DataFrame, panel: str, x: str, xlabel: str, ylabel: str, title: str, note: str
) -> Figure:
    """One panel per value of `panel` (in the order met), the contrast by `x` in each,
    each panel as wide as the hands it draws."""
    shown = table[table[x] != "all"].astype({x: int})
    panels = list(dict.fromkeys(shown[panel]))
    spans = [max(1, style.drop_thin(shown[shown[panel] == name])[x].nunique()) for name in panels]
    figure, axes = plt.subplots(
        1,
        len(panels),
        figsize=(4.0 + 1.1 * sum(spans), 4.4),
        sharey=True,
        layout="constrained",
        gridspec_kw={"width_ratios": spans},
    )
    axes = np.atleast_1d(axes)
    for axis, name in zip(axes, panels, strict=True):
        _points(axis, shown[shown[panel] == name], x)
        style.zero_line(axis)
        axis.set_title(name)
        axis.set_xlabel(xlabel)
    axes[0].set_ylabel(ylabel)
    style.figure_legend(figure, axes[0], title="every seat")
    low, high = axes[0].get_ylim()
    axes[0].set_ylim(low - 0.06 * (high - low), high)  # room for the lowest point's n
    figure.suptitle(title)
    style.caption(
        figure,
        f"{note}; under each point its n (deals); 95% normal intervals of the paired "
        f"differences; {style.thin_rule()}",
    )
    return figure


def allfours_beg_value(table: pd.DataFrame) -> Figure:
    """What begging is worth to eldest against standing, on the same deals: eldest's
    points minus the dealer's per deal when made to beg, minus the same when made to
    stand, by eldest's trumps in the turned suit, one panel for each of greedy's own calls
    with that hand (`table`: player, call, trumps, n, estimate, low, high)."""
    return _contrast(
        table,
        "call",
        "trumps",
        "eldest's cards of the turned suit",
        "beg minus stand: eldest's net points per deal",
        "When should eldest beg? What begging gains over standing, on the same deals",
        "Each deal played twice, eldest made to beg and made to stand, the dealer answering a "
        "beg as greedy would; net points: eldest's minus the dealer's",
    )


def allfours_give_value(table: pd.DataFrame) -> Figure:
    """What giving one is worth to the dealer against running the cards, on the same
    begged deals: the dealer's points minus eldest's per deal when made to give, minus the
    same when made to run, by the dealer's cards of the turned suit, one panel for each of
    greedy's own answers with that hand (`table`: player, call, trumps, n, estimate, low,
    high)."""
    return _contrast(
        table,
        "call",
        "trumps",
        "the dealer's cards of the turned suit",
        "give minus run: the dealer's net points per deal",
        "When should the dealer give? What giving gains over running, on the same deals",
        "Each deal played twice with eldest made to beg, the dealer made to give and made to "
        "run; net points: the dealer's minus eldest's",
    )


def allfours_dealer_margin(table: pd.DataFrame) -> Figure:
    """The dealer's points minus eldest's per deal with the turned suit trump (eldest
    made to stand), by the dealer's cards of that suit (`table`: player, trumps, n,
    estimate, low, high; a row "all" is left out)."""
    shown = table[table["trumps"] != "all"].astype({"trumps": int})
    figure, axis = plt.subplots(figsize=(7.6, 4.4), layout="constrained")
    _points(axis, shown, "trumps")
    low, high = axis.get_ylim()
    axis.set_ylim(low - 0.06 * (high - low), high)  # room for the lowest point's n
    style.zero_line(axis)
    axis.set_xlabel("the dealer's cards of the turned suit")
    axis.set_ylabel("the dealer's points minus eldest's per deal")
    style.figure_legend(figure, axis, title="every seat")
    figure.suptitle("What is the trump the turn-up names worth to the dealer?")
    style.caption(
        figure,
        "Eldest made to stand, so the turned suit is trump in every deal; the dealer's "
        "points include the kick (a Jack turned); under each point its n (deals); 95% normal "
        f"intervals; {style.thin_rule()}",
    )
    return figure


def allfours_jack(table: pd.DataFrame, who: str = "greedy") -> Figure:
    """How often the Jack of trumps is held when play begins, by the times the cards were
    run, under each kind of `calls` (the players' own, or eldest made to stand), against
    the chance it was dealt (black crosses: before any call or discard could choose;
    `table`: calls, runs, n, estimate, low, high, dealt chance; `who` calls and discards)."""
    figure, axis = plt.subplots(figsize=(7.6, 4.4), layout="constrained")
    shown = style.drop_thin(table)
    kinds = style.order("calls", shown["calls"])
    for offset, calls in zip(style.offsets(len(kinds), 0.3), kinds, strict=True):
        part = shown[shown["calls"] == calls].sort_values("runs")
        positions = part["runs"].to_numpy(float) + offset
        style.estimates(axis, positions, part, "calls", calls)
        style.label_counts(axis, positions, part["low"], part["n"], fontsize=6)
    chances = shown.drop_duplicates("runs").sort_values("runs")
    axis.plot(
        chances["runs"], chances["dealt chance"], "x", color="black", markersize=9,
        label="chance it was dealt",
    )  # fmt: skip
    axis.set_xticks(chances["runs"].to_numpy())
    axis.set_ylim(0, None)
    axis.yaxis.set_major_formatter(PercentFormatter(1.0))
    axis.set_xlabel("times the cards were run")
    axis.set_ylabel("share of deals played with the Jack of trumps held")
    style.figure_legend(figure, axis, title="calls")
    figure.suptitle("How often is the Jack of trumps in play, against the chance it was dealt?")
    style.caption(
        figure,
        f"Deals played, every seat calling and discarding as {who}; under each point its n "
        "(deals); 95% Wilson intervals; crosses: the exact hypergeometric chance that the "
        f"hands hold it; {style.thin_rule()}",
    )
    return figure


def allfours_point_takers(table: pd.DataFrame) -> Figure:
    """How often eldest's side and the dealer's side take each of High, Low, Jack and Game
    (kind "taker"), side by side at each point: `table` is indexed by point and taker, with
    the share as `estimate`, its 95% interval and its `n` (deals played), as
    `summary.point_takers` makes it; fewer than `style.MIN_COUNT` deals are not drawn."""
    shown = style.drop_thin(table)
    points = list(dict.fromkeys(table.index.get_level_values(0)))
    takers = style.order("taker", table.index.get_level_values(1))
    figure, axis = plt.subplots(figsize=(7.6, 4.4), layout="constrained")
    for offset, taker in zip(style.offsets(len(takers), 0.3), takers, strict=True):
        rows = shown[shown.index.get_level_values(1) == taker].droplevel(1)
        if rows.empty:
            continue
        positions = np.array([points.index(p) for p in rows.index], float) + offset
        style.estimates(axis, positions, rows, "taker", taker)
    axis.set_xticks(range(len(points)), points)
    axis.set_xlim(-0.5, len(points) - 0.5)
    axis.set_ylim(0, 1)
    axis.yaxis.set_major_formatter(PercentFormatter(1.0))
    axis.set_ylabel("share of deals played, 95% interval")
    style.figure_legend(figure, axis, title="who takes it")
    figure.suptitle("Who takes High, Low, Jack and Game: eldest's side or the dealer's?")
    played = int(table["n"].max()) if len(table) else 0
    style.caption(
        figure,
        f"n = {style.count_text(played)} deals played (bunched deals left out); 95% Wilson "
        "intervals; the rest of each point went to nobody (no trump or no Jack in play, a "
        f"tied Game under game_tie=none) or, with three players, to the third; "
        f"{style.thin_rule()}",
    )
    return figure
