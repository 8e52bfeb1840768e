"""Phat opening leads compared on the same deals: where the pitcher's side's points come
from under each lead, the paired differences by a property of the deal, and how much
playing every lead on the same deals narrows the intervals (the variance ratio)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pandas as pd

from analysis.stats import mean, mean_by, z_value

BIG_PHAT, LITTLE_PHAT = 18, 10  # the points of the 9 and the 5 of trumps (rules 2.4)
SOURCES = ("Big Phat", "Little Phat", "other phat cards", "muck bonus")


def pitcher_side_sources(deals: pd.DataFrame) -> pd.DataFrame:
    """Per deal of an outcome table (`run_frame`), the pitcher's side's points by source:
    the Big Phat (18), the Little Phat (10), the other phat cards (trump A, K, Q, J and
    the non-trump 9s and 5s) and the muck bonus; the columns sum to its points."""
    pitching = (deals["pitcher"] % 2).to_numpy()
    phat = np.where(pitching == 0, deals["phat_0"], deals["phat_1"]).astype(np.int64)
    bonus = np.where(pitching == 0, deals["bonus_0"], deals["bonus_1"]).astype(np.int64)
    big = BIG_PHAT * (deals["big_phat_team"].to_numpy() == pitching)
    little = LITTLE_PHAT * (deals["little_phat_team"].to_numpy() == pitching)
    parts = (big, little, phat - big - little, bonus)
    return pd.DataFrame(dict(zip(SOURCES, parts, strict=True)), index=deals.index)


def sources_against(frames: dict[str, pd.DataFrame], reference: str) -> pd.DataFrame:
    """For each lead of `frames` (its outcome table on the same deals) but `reference`,
    the mean paired difference from `reference` in the pitcher's side's points, source by
    source and in total, with its 95% interval; the sources' differences sum to the total.
    Indexed by lead and source; columns a, b, difference, se, low, high, n."""
    base = frames[reference]
    parts = pitcher_side_sources(base)
    rows = {}
    for lead, frame in frames.items():
        if lead == reference:
            continue
        if not frame["deal"].reset_index(drop=True).equals(base["deal"].reset_index(drop=True)):
            raise ValueError(f"{lead} and {reference} were not played on the same deals")
        differences = pitcher_side_sources(frame).to_numpy() - parts.to_numpy()
        columns = [*zip(SOURCES, differences.T, strict=True), ("total", differences.sum(axis=1))]
        for source, values in columns:
            estimate = mean(values)
            rows[(lead, source)] = (
                lead,
                reference,
                estimate.value,
                estimate.se,
                estimate.low,
                estimate.high,
                estimate.n,
            )
    table = pd.DataFrame.from_dict(
        rows, orient="index", columns=["a", "b", "difference", "se", "low", "high", "n"]
    )
    table.index = pd.MultiIndex.from_tuples(table.index, names=["lead", "source"])
    return table


def differences_by(results: pd.DataFrame, groups: pd.Series, reference: str) -> pd.DataFrame:
    """Each policy's per-deal result (a column of `results`) minus `reference`'s on the same
    deal, averaged in each group of `groups` (a per-deal property, indexed like `results`)
    with its 95% interval and the group's share of the deals: indexed by policy and group."""
    name = groups.name or "group"
    keys = groups.rename(name).to_frame()
    table = pd.concat(
        {
            policy: mean_by(keys, results[policy] - results[reference], name)
            for policy in results.columns
            if policy != reference
        },
        names=["policy"],
    )
    table["share of deals"] = table["n"] / len(results)
    return table


def variance_ratios(results: pd.DataFrame, level: float = 0.95) -> pd.DataFrame:
    """For every pair of policies (columns of per-deal `results` on the same deals): the
    half-widths of the 95% interval of the mean difference, paired and as independent runs
    of the same size would give it, and their variance ratio (unpaired over paired: how
    many times the deals an unpaired comparison needs) with its interval (delta method)."""
    z = z_value(level)
    rows = []
    for a, b in combinations(results.columns, 2):
        x, y = results[a].to_numpy(float), results[b].to_numpy(float)
        n = x.size
        dx, dy = x - x.mean(), y - y.mean()
        both = dx**2 + dy**2
        spread = both.sum() / (n - 1)  # var(x) + var(y)
        paired = (both - 2 * dx * dy).sum() / (n - 1)  # var(x - y)
        ratio = spread / paired
        influence = ((both - spread) - ratio * (both - 2 * dx * dy - paired)) / paired
        se = float(influence.std(ddof=1) / np.sqrt(n))
        rows.append(
            (
                a,
                b,
                n,
                z * np.sqrt(paired / n),
                z * np.sqrt(spread / n),
                ratio,
                se,
                ratio - z * se,
                ratio + z * se,
            )
        )
    columns = [
        "a",
        "b",
        "n",
        "paired half-width",
        "unpaired half-width",
        "estimate",
        "se",
        "low",
        "high",
    ]
    return pd.DataFrame(rows, columns=columns)
