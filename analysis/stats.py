"""Estimates with their uncertainty: Wilson intervals for rates, normal intervals for means."""

from __future__ import annotations

import math
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
    """Rate `successes / n` with the Wilson score interval (sound at 0 and n successes)."""
    if n <= 0:
        raise ValueError("a rate needs at least one trial")
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
    """Sample mean with its standard error and normal-approximation interval."""
    data = np.asarray(values, dtype=np.float64)
    n = data.size
    if n < 2:
        raise ValueError("a mean with an error needs at least two values")
    centre = float(data.mean())
    se = float(data.std(ddof=1) / math.sqrt(n))
    z = z_value(level)
    return Estimate(centre, se, centre - z * se, centre + z * se, n)


def estimates_frame(rows: dict[str, Estimate]) -> pd.DataFrame:
    """A table of named estimates: estimate, se, low, high, n, and whether it is a rate."""
    return pd.DataFrame(
        [(name, e.value, e.se, e.low, e.high, e.n, e.is_rate) for name, e in rows.items()],
        columns=["quantity", "estimate", "se", "low", "high", "n", "is_rate"],
    ).set_index("quantity")
