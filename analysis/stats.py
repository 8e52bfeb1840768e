"""Estimates with their uncertainty: Wilson intervals for rates, normal intervals for means."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np
import pandas as pd


def z_value(level: float = 0.95) -> float:
    """Two-sided standard normal quantile for a confidence level."""
    return NormalDist().inv_cdf(0.5 + level / 2)


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its standard error and confidence interval."""

    value: float
    se: float
    low: float
    high: float
    n: int
    is_rate: bool = False


def wilson(successes: int, n: int, level: float = 0.95) -> Estimate:
    """Rate `successes / n` with the Wilson score interval (sound at 0 and n successes).
    With no trial the rate is unknown: NaN, with the interval [0, 1]."""
    if n == 0 and successes == 0:
        return Estimate(math.nan, math.nan, 0.0, 1.0, 0, is_rate=True)
    if not 0 <= successes <= n:
        raise ValueError("successes must lie between 0 and n")
    z = z_value(level)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, math.sqrt(p * (1 - p) / n), low, high, n, is_rate=True)


def mean(values: np.ndarray | pd.Series, level: float = 0.95) -> Estimate:
    """Sample mean with its standard error and normal-approximation interval; with fewer
    than two values the error is unknown (NaN)."""
    data = np.asarray(values, dtype=np.float64)
    n = data.size
    if n < 2:
        return Estimate(float(data[0]) if n else math.nan, math.nan, math.nan, math.nan, n)
    centre = float(data.mean())
    se = float(data.std(ddof=1) / math.sqrt(n))
    z = z_value(level)
    return Estimate(centre, se, centre - z * se, centre + z * se, n)


def interval_text(low: float, high: float, spec: str) -> str:
    """An interval as the commands print it, `[low, high]` in the format `spec`; where it
    is unknown (a mean of one value) the words that say so, never "nan"."""
    if math.isnan(low) or math.isnan(high):
        return "(n = 1: no interval)"
    return f"[{low:{spec}}, {high:{spec}}]"


def game_margin(values: np.ndarray | pd.Series, level: float = 0.95) -> Estimate:
    """Mean of per-game margins in [-1, 1] (a's sides' win minus b's over the two seatings
    of one game) with the Agresti-Min interval for matched pairs: the normal interval of
    the margins after adding half a game at each bound and one at 0. A plain normal
    interval has no width when every game ends alike (a side that wins all of them)."""
    data = np.asarray(values, dtype=np.float64)
    n = data.size
    if n < 2:
        return mean(data, level)
    total = n + 2
    centre = float(data.sum()) / total
    second = (float(np.square(data).sum()) + 1.0) / total
    se = math.sqrt(max(second - centre * centre, 0.0) / total)
    z = z_value(level)
    low, high = max(-1.0, centre - z * se), min(1.0, centre + z * se)
    return Estimate(float(data.mean()), se, low, high, n)


def unpaired_se(x: np.ndarray, y: np.ndarray) -> float:
    """Standard error of the difference of the means of two independent samples; unknown
    (NaN, without a warning) when either has fewer than two values."""
    if min(np.size(x), np.size(y)) < 2:
        return math.nan
    return math.sqrt(np.var(x, ddof=1) / np.size(x) + np.var(y, ddof=1) / np.size(y))


def is_event(values: np.ndarray | pd.Series) -> bool:
    """Whether every value, missing ones aside, is 0 or 1 (True or False): an event's
    indicator, whose mean is a rate."""
    return bool(pd.Series(values).dropna().isin([0, 1]).all())


def mean_or_rate(values: np.ndarray, level: float = 0.95) -> Estimate:
    """The mean of `values` with its interval: a rate with the Wilson interval where every
    value is 0 or 1 (an event; a normal interval there can pass 0% or 100%, and has no
    width at either), else `mean`."""
    data = np.asarray(values, dtype=np.float64)
    if data.size and is_event(data):
        return wilson(int(data.sum()), data.size, level)
    return mean(data, level)


def estimates_frame(rows: dict[str, Estimate]) -> pd.DataFrame:
    """A table of named estimates: estimate, se, low, high, n, and whether it is a rate."""
    return pd.DataFrame(
        [(name, e.value, e.se, e.low, e.high, e.n, e.is_rate) for name, e in rows.items()],
        columns=["quantity", "estimate", "se", "low", "high", "n", "is_rate"],
    ).set_index("quantity")


GroupKeys = str | Sequence[str] | None


def rate_by(
    frame: pd.DataFrame, condition: str | pd.Series, by: GroupKeys = None, level: float = 0.95
) -> pd.DataFrame:
    """How often `condition` (a boolean column of `frame`, or a boolean Series aligned with
    it) holds in each group of `by`, with Wilson intervals: n, successes, estimate, se,
    low, high, indexed by the group keys (one row "all" when `by` is None). Rows where the
    condition is missing (NA) are left out, so it can be defined on a subset of rows; a
    group left with no rows is left out too."""
    values = _aligned(frame, condition)
    if not is_event(values):
        raise ValueError("a rate needs a condition of True/False values")
    counts = _grouped(frame, values.astype("Float64"), by).agg(["count", "sum"])
    counts = counts[counts["count"] > 0]
    rows = [wilson(int(row["sum"]), int(row["count"]), level) for _, row in counts.iterrows()]
    return pd.DataFrame(
        {
            "n": counts["count"].astype("int64").to_numpy(),
            "successes": counts["sum"].astype("int64").to_numpy(),
            "estimate": [e.value for e in rows],
            "se": [e.se for e in rows],
            "low": [e.low for e in rows],
            "high": [e.high for e in rows],
        },
        index=counts.index,
    )


def mean_by(
    frame: pd.DataFrame, column: str | pd.Series, by: GroupKeys = None, level: float = 0.95
) -> pd.DataFrame:
    """Mean of `column` (a column of `frame`, or a Series aligned with it) in each group of
    `by` with its standard error and normal interval: n, estimate, se, low, high, indexed by
    the group keys (one row "all" when `by` is None). Missing values are left out, and so is
    a group with none left; a group of one value has no error (se, low and high are NaN)."""
    values = _aligned(frame, column).astype("float64")
    stats = _grouped(frame, values, by).agg(["count", "mean", "std"])
    stats = stats[stats["count"] > 0]
    se = stats["std"] / np.sqrt(stats["count"])
    z = z_value(level)
    return pd.DataFrame(
        {
            "n": stats["count"].astype("int64"),
            "estimate": stats["mean"],
            "se": se,
            "low": stats["mean"] - z * se,
            "high": stats["mean"] + z * se,
        }
    )


def _aligned(frame: pd.DataFrame, values: str | pd.Series) -> pd.Series:
    """A column of `frame` by name, or a Series checked to share `frame`'s index."""
    if isinstance(values, str):
        return frame[values]
    if not values.index.equals(frame.index):
        raise ValueError("the values must be indexed like the frame")
    return values


def key_columns(by: GroupKeys) -> list[str]:
    """The column names a `by` argument stands for: none, one or several."""
    return [] if by is None else [by] if isinstance(by, str) else list(by)


def _grouped(frame: pd.DataFrame, values: pd.Series, by: GroupKeys):
    """`values` grouped by the columns `by` of `frame` (all in one group "all" if None)."""
    keys = [frame[name] for name in key_columns(by)] or [pd.Series("all", index=frame.index)]
    return values.groupby(keys if len(keys) > 1 else keys[0], observed=True, sort=True)
