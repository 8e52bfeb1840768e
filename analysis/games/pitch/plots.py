"""Auction Pitch figures: how often bids are made, by bid and by hand, what each call of a
hand is worth, where the dealer's score comes from, and how two bidders call and score."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

from analysis import palette
from analysis.games.pitch.summary import bid_success, made_cells, possible_hand, won_rates
from analysis.plots import style
from analysis.plots.common import before_after
from analysis.stats import mean_by

__all__ = [
    "bid_curves",
    "calibrated_gain",
    "calls_by_strength",
    "dealer_steal",
    "example_hands",
    "made_heatmap",
    "pitch_bids",
    "pitch_points",
    "stronger_pitcher",
]

RANKS = "23456789TJQKA"  # rank 0..12 as the outcome tables count it
CALLS = ["pass", "1", "2", "3", "4"]  # call codes 0..4


def _rates(table: pd.DataFrame) -> pd.DataFrame:
    """A `bid_success` table with its rate as the `estimate` the style draws."""
    return table.rename(columns={"rate": "estimate"})


def pitch_bids(deals: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """How often the pitcher makes its bid: by the bid, and by the bid and the trumps it was
    dealt (95% Wilson intervals; cells of fewer than `style.MIN_COUNT` bids left out)."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    by_bid = style.drop_thin(_rates(bid_success(deals, "contract")))
    bids = style.order("bid", by_bid.index)
    for position, bid in enumerate(bids):
        style.bars(left, np.array([position]), by_bid.loc[[bid]], "bid", bid)
    left.set_xticks(
        range(len(bids)), [style.with_n(f"bid {bid}", by_bid.loc[bid, "n"]) for bid in bids]
    )
    left.set_ylim(0, 1.05)
    left.set_ylabel("share of bids made, 95% interval")
    left.set_title("by the bid")
    by_trumps = style.drop_thin(_rates(bid_success(deals, ["contract", "hand_trumps"])))
    shown = style.order("bid", by_trumps.index.get_level_values("contract"))
    width = 0.8 / max(len(shown), 1)  # no cell at all in a run of a few deals
    for offset, bid in zip(style.offsets(len(shown), 0.8 - width), shown, strict=True):
        part = by_trumps.xs(bid, level="contract")
        total = int(part["n"].sum())
        x = part.index.to_numpy() + offset
        style.bars(right, x, part, "bid", bid, width=width, text=style.with_n(f"bid {bid}", total))
        style.label_counts(right, x, part["high"], part["n"], below=False, rotation=90)
    style.count_ticks(right)
    right.set_ylim(0, 1.4)
    right.set_xlabel("trumps in the pitcher's hand")
    right.set_title("by the bid and the trumps held")
    right.set_ylabel("share of bids made, 95% interval")
    style.figure_legend(figure, right, title="the bid (n: its bids)")
    figure.suptitle(f"{title}: how often is each bid made?")
    style.caption(
        figure,
        f"{len(deals):,} deals; 95% Wilson intervals; above each bar its n (bids); "
        f"{style.thin_rule(of='bids')}",
    )
    return figure


def pitch_points(deals: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """The distribution of the points won by the pitcher's side per deal (0 to 4), one bar
    per bid, each share with its 95% Wilson interval (bids of fewer than `style.MIN_COUNT`
    deals left out)."""
    table = won_rates(deals)
    totals = table["n"].groupby(level="contract").first()
    bids = style.order("bid", totals[totals >= style.MIN_COUNT].index)
    figure, axis = plt.subplots(figsize=(7, 4.2), layout="constrained")
    width = 0.8 / max(len(bids), 1)  # no bid at all in a run of a few deals
    for offset, bid in zip(style.offsets(len(bids), 0.8 - width), bids, strict=True):
        part = table.xs(bid, level="contract")
        style.bars(
            axis,
            part.index.to_numpy() + offset,
            part,
            "bid",
            bid,
            width=width,
            text=style.with_n(f"bid {bid}", totals[bid]),
        )
    style.count_ticks(axis)
    axis.set_xlabel("points won by the pitcher's side")
    axis.set_ylabel("share of the deals at the bid, 95% interval")
    style.figure_legend(figure, axis, title="the bid (n: its deals)")
    figure.suptitle(f"{title}: how many points does the pitcher's side win, bid by bid?")
    style.caption(figure, f"{len(deals):,} deals; 95% Wilson intervals; {style.thin_rule()}")
    return figure


def bid_curves(deals: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """Share of bids made by bid, one series per player count (`players`), each point with
    its 95% Wilson interval and its own n (the contracts at that bid and count) written
    under it; a bid made fewer than `style.MIN_COUNT` times at a player count is left out."""
    table = style.drop_thin(_rates(bid_success(deals, ["players", "contract"])))
    counts = style.order("players", table.index.get_level_values("players"))
    figure, axis = plt.subplots(figsize=(8, 4.8), layout="constrained")
    for offset, players in zip(style.offsets(len(counts), 0.5), counts, strict=True):
        part = table.xs(players, level="players")
        x = part.index.to_numpy() + offset
        style.estimates(axis, x, part, "players", players, text=style.label("players", players))
        style.label_counts(axis, x, part["low"], part["n"], rotation=90)
    axis.set_xticks(sorted(table.index.get_level_values("contract").unique()))
    axis.set_xlabel("the bid (points the pitcher must take)")
    axis.set_ylabel("share of bids made, 95% interval")
    bottom = float(table["low"].min()) if len(table) else 0.0
    axis.set_ylim(bottom - 0.06, None)  # room under the lowest point for its n
    figure.suptitle(f"{title}: how often is each bid made, by the number of players?")
    style.figure_legend(figure, axis, title="players at the table")
    style.caption(
        figure,
        "Under each point its n: the contracts at that bid and player count; 95% Wilson "
        f"intervals; {style.thin_rule(of='contracts')}",
    )
    return figure


def made_heatmap(
    deals: pd.DataFrame, bids: tuple[int, ...] = (1, 2, 3), title: str = "Auction Pitch"
) -> Figure:
    """Share of bids made over the trumps the pitcher held and its highest trump, one panel
    per bid, n in each cell; a cell of fewer than `style.MIN_COUNT` bids shows its count
    only, a hand never bid is blank and one that cannot exist grey."""
    figure, axes = plt.subplots(
        len(bids), 1, figsize=(11, 3.0 * len(bids) + 1.2), sharex=True, layout="constrained"
    )
    trumps, ranks = np.arange(1, 7), np.arange(len(RANKS))
    impossible = np.array([[not possible_hand(k, r) for r in ranks] for k in trumps])
    widest = 0.0
    for axis, bid in zip(np.atleast_1d(axes), bids, strict=True):
        cells = made_cells(deals, bid)
        counts = cells["n"].reindex(pd.MultiIndex.from_product([trumps, ranks]), fill_value=0)
        counts = counts.to_numpy().reshape(len(trumps), len(ranks))
        shown = style.drop_thin(cells)
        widest = max(widest, float((shown["high"] - shown["low"]).max() / 2) if len(shown) else 0)
        rates = np.full(counts.shape, np.nan)
        for (k, r), rate in shown["estimate"].items():
            rates[k - 1, r] = rate
        image = axis.imshow(rates, vmin=0, vmax=1, cmap="viridis", aspect="auto")
        axis.imshow(
            np.where(impossible, 1.0, np.nan), cmap=ListedColormap(["#d9d9d9"]), aspect="auto"
        )
        for (row, column), count in np.ndenumerate(counts):
            if impossible[row, column] or count == 0:
                continue
            rate = rates[row, column]
            if np.isnan(rate):
                axis.text(
                    column,
                    row,
                    f"{count:,}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=palette.GREY,
                )
                continue
            tone = "black" if rate > 0.6 else "white"
            axis.text(
                column,
                row,
                f"{rate:.0%}\n{count:,}",
                ha="center",
                va="center",
                fontsize=8,
                color=tone,
            )
        axis.set_yticks(range(len(trumps)), [str(k) for k in trumps])
        axis.grid(False)
        axis.set_ylabel("trumps held")
        axis.set_title(f"bids of {bid}: n = {int(counts.sum()):,}", fontsize=9)
    np.atleast_1d(axes)[-1].set_xticks(ranks, list(RANKS))
    np.atleast_1d(axes)[-1].set_xlabel("the pitcher's highest trump")
    figure.colorbar(image, ax=axes, label="share of bids made", shrink=0.8)
    figure.suptitle(f"{title}: how often is a bid made, by the trumps held and the highest?")
    style.caption(
        figure,
        f"Each cell: the share made over n = the bids of that hand (below it). Blank: never "
        f"bid. Grey: no such hand.\n{style.thin_rule(of='bids').capitalize()}: their cells "
        f"show n alone. Every share drawn has a 95% Wilson interval within ±{widest:.0%}.",
    )
    return figure


WAYS = ("stole", "outbid", "forced", "defended")  # how the dealer came to play a deal


def dealer_steal(breakdown: pd.DataFrame) -> Figure:
    """From `analysis.games.pitch.summary.dealer_breakdown` by player count: left, the share
    of deals the dealer steals; right, each way it came to play a deal (stole, outbid,
    forced, defended: the rows) and that way's contribution to its score per deal, one
    point per player count (series of `players`); 95% intervals."""
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(11, 4.4), width_ratios=(2, 3), layout="constrained"
    )
    stole = breakdown.xs("stole", level="how")
    counts = style.order("players", stole.index)
    for players in counts:
        style.estimates(
            left,
            np.array([players]),
            stole.loc[[players]],
            "players",
            players,
            estimate="share",
            low="share_low",
            high="share_high",
            text=style.label("players", players),
        )
    left.set_xlabel("players at the table")
    left.set_ylabel("share of deals, 95% interval")
    left.set_ylim(0, None)
    left.set_title("How often does the dealer steal the contract?")
    style.count_ticks(left)
    ways = [way for way in WAYS if way in breakdown.index.get_level_values("how")]
    positions = np.arange(len(ways))
    for offset, players in zip(style.offsets(len(counts), 0.6), counts, strict=True):
        part = breakdown.xs(players, level="players").reindex(ways)
        style.estimates(
            right,
            positions + offset,
            part,
            "players",
            players,
            horizontal=True,
            text=style.label("players", players),
        )
    right.set_yticks(positions, ways)
    right.invert_yaxis()
    style.zero_line(right, horizontal=True)
    right.set_xlabel("points per deal to the dealer, 95% interval")
    right.set_title(
        "Each way's contribution to the dealer's score per deal\n"
        "(the four sum to its mean score per deal)"
    )
    style.figure_legend(figure, right, title="players at the table")
    sizes = stole["n"].astype(int)
    n = (
        f"n = {sizes.iloc[0]:,} deals per player count"
        if sizes.nunique() == 1
        else "n = " + ", ".join(f"{v:,} deals with {k} players" for k, v in sizes.items())
    )
    figure.suptitle("How much of the dealer's score comes from the steal?")
    style.caption(
        figure,
        f"{n}; 95% intervals; stole: matched the high bid; outbid: bid above it; forced: "
        "everyone passed; defended: another seat pitched",
    )
    return figure


def example_hands(calls: pd.DataFrame) -> Figure:
    """Each example hand (a panel) and each call: its expected score change in the auction
    and if the hand always pitched (`analysis.games.pitch.summary.example_calls`), 95% intervals."""
    hands = list(dict.fromkeys(calls["hand"]))
    columns = 2 if len(hands) > 1 else 1
    rows = -(-len(hands) // columns)
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(10, 3.1 * rows + 0.8),
        sharex=True,
        squeeze=False,
        layout="constrained",
    )
    kinds = style.order("call odds", calls["kind"])
    for axis, hand in zip(axes.flat, hands, strict=False):
        for offset, kind in zip(style.offsets(len(kinds), 0.3), kinds, strict=True):
            part = calls[(calls["hand"] == hand) & (calls["kind"] == kind)]
            n = int(part["n"].max())
            style.estimates(
                axis,
                part["call"].to_numpy() + offset,
                part,
                "call odds",
                kind,
                text=style.with_n(kind, n),
            )
        style.zero_line(axis)
        axis.set_title(hand, fontsize=9)
        axis.legend(loc="best")
        axis.set_xticks(range(len(CALLS)), CALLS)
    for axis in axes.flat[len(hands) :]:
        axis.set_visible(False)
    for axis in axes.flat[: len(hands)]:
        axis.set_ylabel("expected score change, points")
    for axis in axes[-1]:
        axis.set_xlabel("call")
    figure.suptitle(
        "What is each call worth to the example hands, in the auction and "
        "if the hand always pitched?"
    )
    style.caption(
        figure,
        "n: deals per call; 95% intervals; always pitching: the hand "
        "pitches whatever it bids, as if never outbid (no pass)",
    )
    return figure


def stronger_pitcher(table: pd.DataFrame, before: str = "greedy", after: str = "pimc") -> Figure:
    """Each example hand (the rows of `analysis.compare.means_changed`, per-deal points won
    on the same conditional deals) with the hand's own seat playing `before` and then
    `after` (the other seats unchanged), and the change paired deal by deal."""
    figure = before_after(
        table,
        "player",
        before,
        after,
        f"Does the hand win more points when its own seat plays {after} instead of {before}?",
        "points won by the pitcher's side per deal (of 4)",
        unit="points won per deal",
    )
    for text, name in zip(figure.axes[0].get_legend().get_texts(), (before, after), strict=True):
        text.set_text(f"the hand's seat plays {name}")
    style.caption(
        figure,
        "the hand at seat 1 of 4 pitches its best suit without an auction; "
        "the others play greedy; n: deals; 95% intervals",
    )
    return figure


STRENGTH_BINS = np.arange(0.0, 5.01, 0.5)  # hand strength, in points, binned by half a point


def calls_by_strength(calls: pd.DataFrame, title: str = "Auction Pitch") -> Figure:
    """The mean call (pass 0, a bid of k) by hand strength, one panel per position in the
    auction and one series per bidder (`bidder`), each point with its 95% interval; under
    each strength its n, the calls of that strength at that position (one number where
    the bidders' counts agree, else one line per bidder in house order); a strength bin of
    fewer than `style.MIN_COUNT` calls is left out."""
    bins = pd.cut(calls["strength"].clip(upper=4.99), STRENGTH_BINS, right=False)
    middle = bins.map(lambda interval: interval.mid).astype(float)
    table = style.drop_thin(
        mean_by(calls.assign(middle=middle), "call", ["bidder", "position", "middle"])
    )
    totals = calls["bidder"].value_counts()
    positions = sorted(calls["position"].unique())
    columns = 2 if len(positions) > 1 else 1
    rows = -(-len(positions) // columns)
    figure, axes = plt.subplots(
        rows,
        columns,
        figsize=(6 * columns, 3.4 * rows + 0.9),
        sharey=True,
        squeeze=False,
        layout="constrained",
    )
    for axis, position in zip(axes.flat, positions, strict=False):
        part = table.xs(position, level="position")
        bidders = style.order("bidder", part.index.get_level_values("bidder"))
        for offset, bidder in zip(style.offsets(len(bidders), 0.15), bidders, strict=True):
            line = part.xs(bidder, level="bidder")
            style.estimates(
                axis,
                line.index.to_numpy() + offset,
                line,
                "bidder",
                bidder,
                text=style.with_n(bidder, totals[bidder]),
            )
        strengths = sorted(part.index.get_level_values("middle").unique())
        counts = [
            [
                int(part.loc[(bidder, strength), "n"]) if (bidder, strength) in part.index else None
                for bidder in bidders
            ]
            for strength in strengths
        ]
        if all(len(set(found)) == 1 for found in counts):  # the same hands for every bidder
            counts = [found[:1] for found in counts]
        style.ticks_with_counts(axis, strengths, [f"{k:g}" for k in strengths], counts)
        last = position == positions[-1]
        axis.set_title("the dealer (last)" if last else f"position {position}")
        axis.set_xlabel("hand strength (points); under it, n")
        axis.set_yticks(range(5), CALLS)
        axis.set_ylabel("mean call, 95% interval")
    for axis in axes.flat[len(positions) :]:
        axis.set_visible(False)
    axes.flat[0].legend(title="bidder (n: its calls)", loc="upper left")
    figure.suptitle(f"{title}: what does each bidder call, by hand strength and position?")
    style.caption(
        figure,
        "95% intervals; under each strength its n, the calls of that strength at that "
        "position (one line per bidder, in the legend's order, where they differ); "
        f"{style.thin_rule(of='calls')}",
    )
    return figure


def calibrated_gain(by_deal: pd.DataFrame, by_game: pd.DataFrame) -> Figure:
    """`calibrated` minus `threshold` per configuration (the rows: `difference`, `low`,
    `high`, `n`), sides swapped on the same deals: left, the score per deal and side; right,
    the share of whole games won (percentage points); 95% intervals against 0."""
    figure, axes = plt.subplots(
        1, 2, figsize=(11, 0.4 * len(by_deal) + 2), sharey=True, layout="constrained"
    )
    positions = np.arange(len(by_deal))
    panels = [
        (by_deal, 1, "points per deal and side", "deals"),
        (by_game, 100, "games won, percentage points", "games"),
    ]
    for axis, (table, scale, quantity, unit) in zip(axes, panels, strict=True):
        scaled = table[["difference", "low", "high"]] * scale
        style.estimates(
            axis,
            positions,
            scaled,
            "bidder",
            "calibrated",
            horizontal=True,
            estimate="difference",
            text="calibrated minus threshold",
            counts=table["n"],
        )
        style.zero_line(axis, horizontal=True)
        axis.set_xlabel(f"{quantity}, 95% interval")
        n = int(table["n"].min())
        axis.set_title(f"calibrated minus threshold (n = {n:,} {unit} per row)", fontsize=9)
        axis.set_xlim(min(0, axis.get_xlim()[0]), None)
    axes[0].set_yticks(positions, list(by_deal.index))
    axes[0].invert_yaxis()
    figure.suptitle("Does calibrated bidding score more, and win more games, than threshold?")
    style.caption(
        figure,
        "Paired: the same deals (games) with the sides swapped; 95% intervals; both bidders "
        "play greedy. Points: per deal and side. Games: the share won by a bidder's sides "
        "together; with an odd number of sides one bidder holds one more than the other in "
        "each seating (the seatings swap it), so those rows are not per side.",
    )
    return figure
