"""Ten-point Pitch figures: how often each bid is made with and without the extra trumps,
what shooting the moon is worth, and which side takes each point, one panel or series per
card player; how often each bid is made in one run."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis.palette import GREY
from analysis.plots import style

__all__ = ["tenpoint_bids", "tenpoint_moon", "tenpoint_point_sides", "tenpoint_run_bids"]

# The points of a deal as the figures name them, in the order of the rule book (8.7).
POINT_NAMES = {
    "high": "High",
    "low": "Low",
    "jack": "Jack",
    "off_jack": "Off-Jack",
    "high_joker": "High Joker",
    "low_joker": "Low Joker",
    "game_point": "Game",
    "trey": "Trey (3)",
}


def tenpoint_bids(table: pd.DataFrame, title: str, caption: str) -> Figure:
    """How often each bid is made, one panel per card player (kind "player"), one series
    per deck (kind "ten-point deck"): `table` is indexed by player, deck and contract, with
    the share made as `estimate`, its 95% interval (`low`, `high`) and its `n` (bids);
    rows of fewer than `style.MIN_COUNT` bids are not drawn."""
    table = style.drop_thin(table)
    players = style.order("player", table.index.get_level_values(0))
    figure, axes = plt.subplots(
        1,
        len(players),
        figsize=(6 * len(players), 4.4),
        layout="constrained",
        squeeze=False,
        sharex=True,
    )
    for axis, player in zip(axes[0], players, strict=True):
        part = table.xs(player, level=0)
        decks = style.order("ten-point deck", part.index.get_level_values(0))
        for offset, deck in zip(style.offsets(len(decks), 0.3), decks, strict=True):
            rows = part.xs(deck, level=0)
            x = rows.index.to_numpy(float) + offset
            style.estimates(axis, x, rows, "ten-point deck", deck)
            style.label_counts(axis, x, rows["low"], rows["n"], rotation=90)
        axis.set_ylim(-0.25, 1.05)  # room under the points for their n
        axis.set_yticks(np.linspace(0, 1, 6))
        axis.set_xlabel("the bid (10: shooting the moon)")
        axis.set_ylabel("share of bids made, 95% interval")
        axis.set_title(f"card play: {style.label('player', player)}")
        style.count_ticks(axis)
    style.figure_legend(figure, axes[0][-1], title="the deck")
    figure.suptitle(title)
    rule = style.thin_rule(of="bids")
    style.caption(figure, f"{caption}; under each point its n (bids); {rule}.")
    return figure


def tenpoint_moon(table: pd.DataFrame, title: str, caption: str) -> Figure:
    """Shooting the moon per attempt, one row per card player (kind "player"): the share of
    attempts made (`made`, `made_low`, `made_high`) and the pitcher's side's score change
    (`delta`, `delta_low`, `delta_high`), each over its `n` attempts (95% intervals); rows
    of fewer than `style.MIN_COUNT` attempts are not drawn."""
    table = style.drop_thin(table)
    players = style.order("player", table.index)
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(10, 1.6 + 0.6 * len(players)), layout="constrained", sharey=True
    )
    positions = np.arange(len(players))
    for position, player in zip(positions, players, strict=True):
        row = table.loc[[player]]
        for axis, column in ((left, "made"), (right, "delta")):
            style.estimates(
                axis, np.array([position]), row, "player", player, horizontal=True,
                estimate=column, low=f"{column}_low", high=f"{column}_high",
            )  # fmt: skip
    left.set_yticks(
        positions, [style.with_n(style.label("player", p), table.loc[p, "n"]) for p in players]
    )
    left.set_ylim(len(players) - 0.5, -0.5)
    left.set_xlim(0, 1)
    left.set_xlabel("share of attempts made, 95% interval")
    left.set_title("is it made?")
    style.zero_line(right, horizontal=True)
    right.set_xlabel("score change per attempt (points), 95% interval")
    right.set_title("what is it worth to the shooting side?")
    figure.suptitle(title)
    style.caption(figure, f"{caption}; n: attempts; {style.thin_rule(of='attempts')}.")
    return figure


def tenpoint_point_sides(table: pd.DataFrame, title: str, caption: str) -> Figure:
    """The share of each point the pitcher's side takes, one series per card player (kind
    "player"): `table` is indexed by player and point (a column name of `POINT_NAMES`),
    with the share as `estimate`, its 95% interval and its `n` (deals in which a side
    scored the point; the defenders take the rest); rows of fewer than `style.MIN_COUNT`
    deals are not drawn."""
    table = style.drop_thin(table)
    players = style.order("player", table.index.get_level_values(0))
    points = [p for p in POINT_NAMES if p in set(table.index.get_level_values(1))]
    figure, axis = plt.subplots(figsize=(11, 4.6), layout="constrained")
    spots = {point: k for k, point in enumerate(points)}
    counts = {point: [] for point in points}
    for offset, player in zip(style.offsets(len(players), 0.3), players, strict=True):
        rows = table.xs(player, level=0)
        rows = rows.loc[[p for p in points if p in rows.index]]
        x = np.array([spots[p] for p in rows.index], float) + offset
        text = style.with_n(style.label("player", player), rows["n"].max())
        style.estimates(axis, x, rows, "player", player, text=text)
        for point in points:
            counts[point].append(rows.loc[point, "n"] if point in rows.index else None)
    axis.axhline(0.5, color=GREY, linewidth=0.8, linestyle="--")
    style.ticks_with_counts(axis, range(len(points)), [POINT_NAMES[p] for p in points],
                            [counts[p] for p in points])  # fmt: skip
    bottom = max(0.0, min(0.45, float(table["low"].min()) - 0.03))
    axis.set_ylim(bottom, min(1.02, max(0.9, float(table["high"].max()) + 0.03)))
    axis.set_ylabel("share taken by the pitcher's side, 95% interval")
    style.figure_legend(figure, axis, title="card play (n: most deals of a point)")
    figure.suptitle(title)
    style.caption(
        figure,
        f"{caption}; under each point its n (deals in which a side scored it), one line per "
        f"card player in the legend's order; the defenders take the rest; dashed: half; "
        f"{style.thin_rule()}.",
    )
    return figure


def tenpoint_run_bids(table: pd.DataFrame, deals: int) -> Figure:
    """How often each bid is made in one run of `deals` deals with a bid, a bar a bid (kind
    "ten-point bid") with its 95% interval and n: `table` is indexed by bid, with the share
    made as `estimate`, `low`, `high` and `n` (bids), as `summary.bid_success` makes it;
    bids made fewer than `style.MIN_COUNT` times are not drawn."""
    shown = style.drop_thin(table)
    bids = style.order("ten-point bid", shown.index)
    figure, axis = plt.subplots(figsize=(7, 0.45 * len(bids) + 2.2), layout="constrained")
    for position, bid in enumerate(bids):
        style.bars(axis, np.array([position]), shown.loc[[bid]], "ten-point bid", bid,
                   horizontal=True)  # fmt: skip
    names = [style.with_n(style.label("ten-point bid", bid), shown.loc[bid, "n"]) for bid in bids]
    axis.set_yticks(range(len(bids)), names)
    axis.set_ylim(max(len(bids), 1) - 0.5, -0.5)  # the lowest bid on top
    axis.set_xlim(0, 1.05)
    axis.set_xlabel("share of bids made, 95% interval")
    figure.suptitle("Ten-point Pitch: how often is each bid made?")
    style.caption(
        figure, f"{deals:,} deals with a bid; 95% Wilson intervals; {style.thin_rule(of='bids')}"
    )
    return figure
