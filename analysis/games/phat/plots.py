"""Phat figures: the pitcher's margin per deal, the fate of the Big and Little Phat told
apart from who was dealt them, muck ties, and the muck carry-over in whole games."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from analysis import palette
from analysis.games.phat.summary import (
    SOURCES,
    capture_given_dealt,
    capture_sources,
    carry_over,
    muck_ties,
    side_points,
    with_sides,
)
from analysis.plots import style
from analysis.stats import mean, rate_by

__all__ = [
    "partnership_overview",
    "phat_capture",
    "phat_capture_sources",
    "phat_carry_over",
    "phat_muck_margin",
    "phat_overview",
    "phat_points",
]

PITCHER = ("side", "pitcher's side")  # the series of a figure of one run: the pitcher's side
CARDS = {"big": "Big Phat", "little": "Little Phat"}


def phat_overview(deals: pd.DataFrame, title: str = "Phat") -> Figure:
    """The pitcher's margin per deal and who takes the Big Phat, told apart from who was
    dealt it (the chart of `allfours simulate phat --chart`)."""
    return partnership_overview(deals, title, 13, "Big Phat", "phat + muck bonus")


def partnership_overview(
    deals: pd.DataFrame, title: str, tricks: int, card: str, points: str
) -> Figure:
    """For a partnership game of `tricks` tricks (Phat, Nine-card Don): left, the points of
    the pitcher's side minus the defenders' per deal played to the end (`points` names what
    is counted), with the mean and its 95% interval; right, how often the pitcher's side is
    dealt `card` (the 9 of trumps) and takes it, when dealt it and when not, with n."""
    sides = with_sides(deals, tricks)
    sides = sides[sides["tricks_played"] == tricks]
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.2), layout="constrained")
    margin = sides["pitcher_points"] - sides["defender_points"]
    _distribution(left, margin, *PITCHER, _bins(margin, 8), "margin of the pitcher's side")
    if len(margin) > 1:
        average = mean(margin)
        left.axvline(
            average.value,
            color=palette.BLACK,
            linewidth=1,
            label=f"mean {average.value:+.1f} ({average.low:+.1f} to {average.high:+.1f})",
        )
    style.zero_line(left, horizontal=True)
    left.set_xlabel(f"pitcher's side minus the defenders, points in the deal ({points})")
    left.set_ylabel("share of deals per 8-point bin (%)")
    left.legend(loc="upper left")
    left.set_title("By how much does the pitcher's side win the deal?")
    rates = capture_given_dealt(deals, card="big")
    rates = rates.drop(index="the team dealt it keeps it", errors="ignore")
    shown = _percent(style.drop_thin(rates))
    positions = np.arange(len(shown))
    style.estimates(right, positions, shown, *PITCHER, horizontal=True)
    right.set_yticks(positions, [style.with_n(name, n) for name, n in shown["n"].items()])
    right.invert_yaxis()
    right.set_xlabel("share of deals where it was played (%), 95% interval")
    right.set_title(f"Who takes the {card}?")
    figure.suptitle(f"{title}: {len(deals):,} deals")
    style.caption(
        figure, f"{len(sides):,} deals played to the end; intervals are 95%; {style.thin_rule()}"
    )
    return figure


def phat_points(
    deals: pd.DataFrame, by: str = "strategy", kind: str = "player", title: str = "Phat"
) -> Figure:
    """The points of the pitcher's side minus the defenders' per deal (phat + muck bonus;
    the two sides' points sum to 88, or 80 after a tie, so one margin says both), for each
    group of `by` (series of `kind`): left, the distribution; right, the mean margin with
    its 95% interval. Deals cut short by a game's end are left out."""
    sides = with_sides(deals)
    sides = sides[sides["tricks_played"] == 13]
    names = style.order(kind, sides[by].unique())
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(11, 4.2), width_ratios=(3, 2), layout="constrained"
    )
    margin = sides["pitcher_points"] - sides["defender_points"]
    bins = _bins(margin, 8)
    for name in names:
        _distribution(left, margin[sides[by] == name], kind, name, bins)
    style.zero_line(left, horizontal=True)
    left.set_xlabel("pitcher's side minus the defenders, points in the deal")
    left.set_ylabel("share of deals per 8-point bin (%)")
    left.legend(loc="upper left")
    left.set_title("How are the margins spread?")
    means = side_points(sides, by).xs("difference", level="side")
    _points_by_group(right, means, names, kind)
    right.set_xlabel("mean margin, points per deal, 95% interval")
    right.set_title("The mean margin")
    figure.suptitle(f"{title}: by how much does the pitcher's side outscore the defenders?")
    style.caption(
        figure, f"Deals played to the 13th trick, {_deals_words(deals, by)}; intervals are 95%"
    )
    return figure


def phat_muck_margin(deals: pd.DataFrame, by: str = "strategy", kind: str = "player") -> Figure:
    """How often the muck ends 40-40 (a tie: the bonus carries over), for each group of `by`
    (series of `kind`): left, the share of deals at each margin of the pitcher's muck over
    the defenders' (every margin is even, so each bar is one margin and the bar at 0 is the
    tie rate); right, the tie rate with its 95% interval."""
    sides = with_sides(deals)
    sides = sides[sides["tricks_played"] == 13]
    names = style.order(kind, sides[by].unique())
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(11, 4.2), width_ratios=(3, 2), layout="constrained"
    )
    bins = np.arange(-81, 82, 2)  # one bin per even margin, -80 to 80
    for name in names:
        _distribution(left, sides.loc[sides[by] == name, "muck_margin"], kind, name, bins)
    left.axvline(0, color=palette.GREY, linewidth=0.8, linestyle=":")
    left.set_xlabel("pitcher's side's muck minus the defenders' (0: a 40-40 tie)")
    left.set_ylabel("share of deals at each margin (%)")
    left.legend(loc="upper left")
    left.set_title("The muck margin per deal")
    _points_by_group(right, _percent(muck_ties(deals, by)), names, kind)
    right.set_xlabel("share of deals tied 40-40 (%), 95% interval")
    right.set_title("The tie rate")
    figure.suptitle("Phat: how often is the muck tied 40-40?")
    style.caption(
        figure,
        f"Deals played to the 13th trick, {_deals_words(deals, by)}; intervals are 95% (Wilson)",
    )
    return figure


def phat_capture(
    deals: pd.DataFrame, by: str = "strategy", kind: str = "player", card: str = "big"
) -> Figure:
    """Who ends up with the Big (or `card="little"`) Phat, for each group of `by` (series
    of `kind`): how often the pitcher's side is dealt it, takes it when dealt it and when
    the defenders were, takes it over all deals, and how often the team dealt it keeps it,
    each with its 95% interval and its n (`analysis.games.phat.summary.capture_given_dealt`)."""
    table = capture_given_dealt(deals, by, card)
    names = style.order(kind, table.index.get_level_values(by))
    quantities = list(dict.fromkeys(table.index.get_level_values("quantity")))
    shown = _percent(style.drop_thin(table))
    figure, axis = plt.subplots(figsize=(9, 0.75 * len(quantities) + 2), layout="constrained")
    _rows_by_group(axis, shown, names, quantities, by, kind)
    axis.set_xlabel("share of deals where it was played (%), 95% interval")
    axis.legend(loc="lower left")
    axis.set_title(
        f"Phat: does the pitcher's side end up with the {CARDS[card]} because it was dealt "
        "it,\nor by its play?"
    )
    thin = "" if len(shown) == len(table) else f"; {style.thin_rule()}"
    style.caption(
        figure,
        f"{_deals_words(deals, by).capitalize()} (n: deals where it was played; for the rates "
        f"'when', the deals that side was dealt it); intervals are 95% (Wilson){thin}",
    )
    return figure


def phat_capture_sources(
    deals: pd.DataFrame,
    by: str = "strategy",
    kind: str = "player",
    reference: str = "greedy",
    card: str = "big",
) -> Figure:
    """For each group of `by` (series of `kind`) against `reference` on the same deals: the
    difference in the Big (or Little) Phat rates (kept by the team dealt it; taken by the
    pitcher's side) and its two parts, from who was dealt the card (the choice of trump)
    and from the play, each with its paired 95% interval
    (`analysis.games.phat.summary.capture_sources`)."""
    table = _percent(capture_sources(deals, by, reference, card))
    names = style.order(kind, table.index.get_level_values(by))
    quantities = list(dict.fromkeys(table.index.get_level_values("quantity")))
    figure, axes = plt.subplots(
        1,
        len(quantities),
        figsize=(11, 0.4 * len(names) * len(SOURCES) + 2.4),
        sharey=True,
        layout="constrained",
    )
    for axis, quantity in zip(axes, quantities, strict=True):
        part = table.xs(quantity, level="quantity")
        for number, name in enumerate(names):
            rows = part.loc[name].reindex(SOURCES)
            positions = number * (len(SOURCES) + 1) + np.arange(len(SOURCES))
            style.estimates(
                axis,
                positions,
                rows,
                kind,
                name,
                horizontal=True,
                text=style.label(kind, name) if axis is axes[0] else "",
            )
        style.zero_line(axis, horizontal=True)
        axis.set_title(quantity)
        axis.set_xlabel("difference, percentage points, 95% interval")
    labels, ticks = [], []
    for number, name in enumerate(names):
        n = int(table.loc[name, "n"].iloc[0])
        for k, source in enumerate(SOURCES):
            ticks.append(number * (len(SOURCES) + 1) + k)
            words = f"{name} - {reference}" if k == 0 else source
            labels.append(style.with_n(words, n) if k == 0 else words)
    axes[0].set_yticks(ticks, labels)
    axes[0].invert_yaxis()
    figure.suptitle(
        f"Phat: how much of the difference from {reference} in the {CARDS[card]} rates comes "
        "from who was dealt it (the choice of trump),\nand how much from the play?"
    )
    style.caption(
        figure,
        f"The same deals under each {by}; a rate = d x (rate when the pitcher's side was "
        "dealt it) + (1 - d) x (rate when the defenders were), d the share dealt to the "
        "pitcher's side; the part from who was dealt it is the change of d at the mean gap "
        "between those rates, the part from the play the change of the two rates at the mean "
        "d; intervals are 95%, paired (delta method)",
    )
    return figure


def phat_carry_over(game_deals: pd.DataFrame, by: str = "target", kind: str = "target") -> Figure:
    """The muck carry-over in whole games (the deal table of a `--games` run), for each
    group of `by` (series of `kind`), in three panels of their own scale: how often a deal
    is played with one, a game ends with one lost and a bonus scored is carried; how often
    the game's end wipes one out; how often the team scoring a carried or a plain bonus
    wins the game. Each with its 95% interval and n; thin cells are left out."""
    table = carry_over(game_deals, by)
    bonus = game_deals["bonus_0"].astype("int32") + game_deals["bonus_1"]
    carried = rate_by(game_deals, (bonus > 8).where(bonus > 0), by)
    table = pd.concat(
        [
            table,
            pd.concat(
                {"bonuses scored that were carried (16 or more)": carried}, names=["quantity"]
            ).swaplevel(),
        ]
    )
    names = style.order(kind, table.index.get_level_values(by))
    panels = {
        "How often does it come up?": [
            "deals played with a carry-over",
            "bonuses scored that were carried (16 or more)",
            "games ending with a carry-over lost",
        ],
        "Does the game's end wipe it out?": ["carry-overs lost at the game's end"],
        "Does the team scoring it win the game?": [
            "carried bonus: its team wins the game",
            "plain bonus: its team wins the game",
        ],
    }
    shown = _percent(style.drop_thin(table))
    figure, axes = plt.subplots(
        3,
        1,
        figsize=(9, 8),
        height_ratios=[len(rows) + 1 for rows in panels.values()],
        layout="constrained",
    )
    for axis, (question, quantities) in zip(axes, panels.items(), strict=True):
        _rows_by_group(axis, shown, names, quantities, by, kind)
        axis.set_xlabel("share (%), 95% interval")
        axis.set_title(question)
    axes[0].legend(loc="upper left", bbox_to_anchor=(1, 1))
    twice = (bonus >= 24).groupby(game_deals[by]).sum()
    rare = ", ".join(f"{int(twice.get(name, 0)):,} {style.label(kind, name)}" for name in names)
    thin = "" if len(shown) == len(table) else f"; {style.thin_rule(of='cases')}"
    style.caption(
        figure,
        "Whole games; each rate over its own cases (its n); intervals are 95% (Wilson); "
        "deals of one game are not independent,\nso the win rates' intervals are somewhat "
        f"too narrow{thin}. Bonuses of 24 or more (two ties running): {rare}.",
    )
    figure.suptitle("Phat: what does the muck carry-over do to whole games?")
    return figure


def _deals_words(deals: pd.DataFrame, by: str) -> str:
    """The caption's words for the deals behind a comparison of the groups of `by`: "the
    same 1,000 deals under each strategy" where every group played the same deal numbers,
    else "each strategy on its own deals"."""
    if "deal" in deals.columns and by in deals.columns:
        played = [frozenset(part) for _, part in deals.groupby(by, observed=True)["deal"]]
        if played and all(group == played[0] for group in played):
            return f"the same {len(played[0]):,} deals under each {by}"
    return f"each {by} on its own deals"


def _distribution(
    axis: Axes, values: pd.Series, kind: str, name: Any, bins: np.ndarray, text: str | None = None
) -> None:
    """The share of `values` in each bin (%), as a step line in the colour of `name`, with
    its n in the legend."""
    share = np.full(len(values), 100 / max(len(values), 1))
    words = style.with_n(style.label(kind, name) if text is None else text, len(values))
    tops, _, drawn = axis.hist(
        values,
        bins=bins,
        weights=share,
        histtype="step",
        linewidth=1.5,
        color=style.colour(kind, name),
        label=words,
    )
    style.tag(drawn, kind, name)
    highest = 1.3 * float(np.max(tops, initial=0))  # room above for the legend
    axis.set_ylim(0, max(axis.get_ylim()[1], highest))


def _bins(values: pd.Series, width: int) -> np.ndarray:
    """Bins of `width` that cover `values`, one edge half a point below 0 (margins are
    whole)."""
    low = np.floor((values.min() if len(values) else 0) / width) * width
    high = np.ceil((values.max() if len(values) else 0) / width) * width + width
    return np.arange(low, high + 1, width) - 0.5


def _points_by_group(axis: Axes, table: pd.DataFrame, names: list[Any], kind: str) -> None:
    """One estimate per group (the index of `table`) with its interval, in house order,
    each labelled with its n."""
    names = [name for name in names if name in table.index]
    style.estimates_by_name(axis, table, names, kind)
    axis.set_ylim(len(names) - 0.5, -0.5)


def _rows_by_group(
    axis: Axes, table: pd.DataFrame, names: list[Any], quantities: list[str], by: str, kind: str
) -> None:
    """One row per quantity (the last index level of `table`), one point per group of `by`
    in it (series of `kind`, side by side in house order), each with its interval; the
    tick says the n of each group in that order."""
    positions = np.arange(len(quantities))
    spread = style.offsets(len(names), 0.45)
    for offset, name in zip(spread, names, strict=True):
        if name not in table.index.get_level_values(by):
            continue
        rows = table.xs(name, level=by).reindex(quantities)
        drawn = rows["n"].notna().to_numpy()
        style.estimates(axis, positions[drawn] + offset, rows[drawn], kind, name, horizontal=True)
    labels = []
    for quantity in quantities:
        counts = [table["n"].get((name, quantity)) for name in names]
        words = " / ".join("-" if n is None else f"{int(n):,}" for n in counts)
        labels.append(f"{quantity}\nn = {words}")
    axis.set_yticks(positions, labels)
    axis.set_ylim(len(quantities) - 0.5, -0.5)


def _percent(table: pd.DataFrame) -> pd.DataFrame:
    """The estimates and interval ends of `table` in percent."""
    return table.assign(**{column: table[column] * 100 for column in ("estimate", "low", "high")})
