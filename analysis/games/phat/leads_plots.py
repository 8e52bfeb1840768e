"""Figures of the Phat opening-lead comparison (`analysis.games.phat.leads`), each series a lead
policy in its house colour and order."""

from __future__ import annotations

import textwrap

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analysis import palette
from analysis.plots import style

__all__ = [
    "lead_differences_by_longest_suit",
    "lead_phat_capture",
    "lead_point_sources",
    "lead_variance_ratios",
]

PHAT_NAMES = {"big": "Big Phat", "little": "Little Phat"}


def _same_deals(n: int) -> str:
    """The caption's opening words: the deals behind the figure."""
    return f"{n:,} deals, each played under every lead policy; 95% intervals"


def _caption(figure: Figure, words: str) -> None:
    """The figure's caption, wrapped to the figure's width."""
    style.caption(figure, textwrap.fill(words, 110))


def lead_variance_ratios(ratios: pd.DataFrame) -> Figure:
    """Each pair of lead policies (`analysis.games.phat.leads.variance_ratios`) at its variance
    ratio, unpaired over paired, with its 95% interval and the two interval half-widths in
    its label, against the line of no gain at 1; a pair in the colour of its first lead."""
    ratios = _turned(ratios)
    figure, axis = plt.subplots(figsize=(7.5, 0.6 * len(ratios) + 1.9), layout="constrained")
    positions = np.arange(len(ratios))
    for position, (_, row) in zip(positions, ratios.iterrows(), strict=True):
        style.estimates(
            axis, np.array([position]), row.to_frame().T, "lead", row["a"], horizontal=True, text=""
        )
    axis.set_yticks(
        positions,
        [
            f"{style.with_n(f'{row.a} - {row.b}', row.n)}\n"
            f"±{row['paired half-width']:.3g} paired, ±{row['unpaired half-width']:.3g} unpaired"
            for _, row in ratios.iterrows()
        ],
    )
    axis.invert_yaxis()
    axis.axvline(1, color=palette.GREY, linewidth=0.8, linestyle="--")
    axis.set_xlim(0, max(2.0, float(ratios["high"].max()) * 1.1))
    axis.set_xlabel("variance ratio, unpaired over paired, 95% interval; 1: no gain")
    axis.set_title("How many times fewer deals does pairing need for the same interval?")
    _caption(
        figure,
        f"{_same_deals(int(ratios['n'].max()))}; the labels give the "
        "half-widths of the intervals of each mean difference, in points per deal",
    )
    return figure


def lead_differences_by_longest_suit(by_length: pd.DataFrame, reference: str) -> Figure:
    """Each lead policy's paired difference from `reference` in the pitcher's side's points
    (`analysis.games.phat.leads.differences_by`: policy, then the length of the pitcher's longest
    suit) with its 95% interval, by that length; lengths seen in fewer than
    `style.MIN_COUNT` deals are left out, and the caption says so."""
    kept = style.drop_thin(by_length)
    left_out = sorted(
        set(by_length.index.get_level_values(1)) - set(kept.index.get_level_values(1))
    )
    policies = style.order("lead", kept.index.get_level_values(0))
    figure, axis = plt.subplots(figsize=(7.5, 4.2), layout="constrained")
    for offset, policy in zip(style.offsets(len(policies), 0.3), policies, strict=True):
        part = kept.loc[policy]
        style.estimates(axis, part.index.to_numpy(float) + offset, part, "lead", policy)
    counts = kept["n"].groupby(level=1).max()
    axis.set_xticks(counts.index, [f"{k}\n(n = {n:,})" for k, n in counts.items()])
    style.zero_line(axis)
    axis.set_xlabel("length of the pitcher's longest suit, cards")
    axis.set_ylabel(f"pitcher's side points per deal,\npolicy minus {reference}")
    figure.suptitle(f"How much does leaving {reference} cost, by the length of the longest suit?")
    style.figure_legend(figure, axis, title="opening lead")
    words = _same_deals(int(by_length["n"].groupby(level=0).sum().max()))
    if left_out:
        lengths = ", ".join(map(str, left_out))
        words += f"; {style.thin_rule()} (left out: longest suit of {lengths} cards)"
    _caption(figure, words)
    return figure


def lead_point_sources(sources: pd.DataFrame) -> Figure:
    """Each lead policy's paired difference from the reference (`b`) in the pitcher's
    side's points, source by source and in total (`analysis.games.phat.leads.sources_against`),
    with 95% intervals: where the points a lead gives up go."""
    policies = style.order("lead", sources.index.get_level_values(0))
    names = list(dict.fromkeys(sources.index.get_level_values(1)))
    reference = sources["b"].iloc[0]
    figure, axis = plt.subplots(figsize=(7.5, 0.55 * len(names) + 1.9), layout="constrained")
    positions = np.arange(len(names))
    for offset, policy in zip(style.offsets(len(policies), 0.3), policies, strict=True):
        part = sources.loc[policy].loc[names]
        style.estimates(
            axis,
            positions + offset,
            part,
            "lead",
            policy,
            horizontal=True,
            estimate="difference",
            text=style.with_n(style.label("lead", policy), part["n"].max()),
        )
    axis.set_yticks(positions, names)
    if "total" in names:
        axis.axhline(names.index("total") - 0.5, color=palette.GREY, linewidth=0.8)
    axis.invert_yaxis()
    style.zero_line(axis, horizontal=True)
    axis.set_xlabel(f"pitcher's side points per deal, policy minus {reference}, 95% interval")
    axis.set_title(f"Where do the points given up against {reference} come from?")
    axis.legend(loc="best")
    _caption(
        figure,
        f"{_same_deals(int(sources['n'].max()))}; the sources above the line sum to the total",
    )
    return figure


def lead_phat_capture(captured: pd.DataFrame) -> Figure:
    """How often the pitcher's side captures the Big and the Little Phat under each lead
    policy (`analysis.games.phat.summary.capture` seen from the pitcher, stacked by card
    "big"/"little", then policy), in percent with 95% intervals."""
    cards = [card for card in PHAT_NAMES if card in captured.index.get_level_values(0)]
    policies = style.order("lead", captured.index.get_level_values(1))
    percent = captured[["estimate", "low", "high", "n"]].mul([100, 100, 100, 1])
    figure, axis = plt.subplots(figsize=(7.5, 3.6), layout="constrained")
    positions = np.arange(len(cards))
    for offset, policy in zip(style.offsets(len(policies), 0.3), policies, strict=True):
        part = percent.xs(policy, level=1).loc[cards]
        style.estimates(
            axis,
            positions + offset,
            part,
            "lead",
            policy,
            horizontal=True,
            text=style.with_n(style.label("lead", policy), part["n"].max()),
        )
    axis.set_yticks(positions, [PHAT_NAMES[card] for card in cards])
    axis.invert_yaxis()
    axis.set_xlabel("share of deals in which the pitcher's side captures it (%), 95% interval")
    axis.set_title("How often does the pitcher's side capture each Phat, under each lead?")
    axis.legend(loc="best")
    _caption(figure, _same_deals(int(percent["n"].max())))
    return figure


def _turned(pairs: pd.DataFrame) -> pd.DataFrame:
    """Pairs of leads (a symmetric quantity per pair) turned so that `a` precedes `b` in the
    house order, sorted by `a`, then `b`."""
    rank = {name: k for k, name in enumerate(style.order("lead", [*pairs["a"], *pairs["b"]]))}
    first = pairs["a"].map(rank) < pairs["b"].map(rank)
    pairs = pairs.assign(
        a=pairs["a"].where(first, pairs["b"]), b=pairs["b"].where(first, pairs["a"])
    )
    place = pairs["a"].map(rank) * len(rank) + pairs["b"].map(rank)
    return pairs.iloc[np.argsort(place.to_numpy(), kind="stable")]
