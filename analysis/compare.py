"""Paired comparisons: mean differences on the same deals with their standard errors, and
the matrix of them in the manner of a payoff table."""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations

import numpy as np
import pandas as pd

from analysis.stats import Estimate, mean, mean_or_rate, unpaired_se

PAIR_COLUMNS = ["a", "b", "difference", "se", "low", "high", "n", "se_unpaired"]


def _row(
    a: str,
    b: str,
    differences: np.ndarray,
    unpaired: float,
    estimate_of: Callable[[np.ndarray], Estimate] = mean,
) -> list:
    estimate = estimate_of(differences)
    return [a, b, estimate.value, estimate.se, estimate.low, estimate.high, estimate.n, unpaired]


def policy_pairs(results: pd.DataFrame) -> pd.DataFrame:
    """Every pair of columns (policies) of per-deal `results` on the same deals: the mean
    of a - b with its paired standard error and 95% interval, and the standard error
    the same difference would have from independent runs of the same size (NaN, like the
    paired one, on fewer than two deals)."""
    rows = []
    for a, b in combinations(results.columns, 2):
        x, y = results[a].to_numpy(float), results[b].to_numpy(float)
        rows.append(_row(a, b, x - y, unpaired_se(x, y)))
    return pd.DataFrame(rows, columns=PAIR_COLUMNS)


def difference_pairs(
    differences: pd.DataFrame, estimate_of: Callable[[np.ndarray], Estimate] = mean
) -> pd.DataFrame:
    """Pairs from per-deal differences in columns named `a vs b` (see
    `sims.tools.compare.role_trials`); deals without a difference (NaN) are left out of the mean
    and of `n`. No unpaired error is known there (NaN). `estimate_of` gives each pair's mean
    and interval (`analysis.stats.game_margin` for whole games' margins)."""
    rows = []
    for column in differences.columns:
        a, b = column.split(" vs ")
        values = differences[column].to_numpy(float)
        rows.append(_row(a, b, values[~np.isnan(values)], math.nan, estimate_of))
    return pd.DataFrame(rows, columns=PAIR_COLUMNS)


def policy_means(results: pd.DataFrame) -> pd.DataFrame:
    """Each policy's mean result with its 95% interval (index: policy)."""
    rows = {}
    for column in results.columns:
        estimate = mean(results[column])
        rows[column] = (estimate.value, estimate.se, estimate.low, estimate.high, estimate.n)
    frame = pd.DataFrame.from_dict(
        rows, orient="index", columns=["estimate", "se", "low", "high", "n"]
    )
    frame.index.name = "policy"
    return frame


def matrix(pairs: pd.DataFrame, value: str = "difference") -> pd.DataFrame:
    """Square table: row a, column b holds a - b (`value` = difference) or its standard
    error (`value` = se); the diagonal is 0 and the table antisymmetric for differences."""
    names = list(dict.fromkeys([*pairs["a"], *pairs["b"]]))
    table = pd.DataFrame(0.0, index=pd.Index(names, name="a"), columns=names)
    sign = -1.0 if value == "difference" else 1.0
    for row in pairs.itertuples(index=False):
        table.loc[row.a, row.b] = getattr(row, value)
        table.loc[row.b, row.a] = sign * getattr(row, value)
    return table


def pairs_changed(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Every pair of policies (the shared columns) under two ways of playing the same deals
    (the rows both tables hold, e.g. the first deals of a seed): a - b under each with
    its 95% interval, and the change of a - b from `before` to `after`, paired deal by deal
    (`means_changed` of the per-deal differences)."""
    columns = [column for column in before.columns if column in after.columns]
    pairs = list(combinations(columns, 2))

    def differences(table: pd.DataFrame) -> pd.DataFrame:
        return pd.DataFrame({pair: table[pair[0]] - table[pair[1]] for pair in pairs})

    changed = means_changed(differences(before), differences(after))
    ends = pd.DataFrame(pairs, columns=["a", "b"])
    return pd.concat([ends, changed.reset_index(drop=True)], axis=1)


def means_changed(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Each shared column (a per-deal value, NaN where it is not defined, such as 1/0 for an
    event) under two ways of playing the same deals: its mean under each with the 95%
    interval (Wilson's for an event's rate), and the change of the mean, paired deal by
    deal over the deals where both define it (n)."""
    deals = before.index.intersection(after.index)
    rows = {}
    for column in (column for column in before.columns if column in after.columns):
        was = before.loc[deals, column].to_numpy(float)
        now = after.loc[deals, column].to_numpy(float)
        both = ~np.isnan(was) & ~np.isnan(now)
        estimates = (
            mean_or_rate(was[~np.isnan(was)]),
            mean_or_rate(now[~np.isnan(now)]),
            mean(now[both] - was[both]),
        )
        rows[column] = [*(x for e in estimates for x in (e.value, e.low, e.high)), int(both.sum())]
    names = [
        "before",
        "before_low",
        "before_high",
        "after",
        "after_low",
        "after_high",
        "change",
        "change_low",
        "change_high",
        "n",
    ]
    return pd.DataFrame.from_dict(rows, orient="index", columns=names)
