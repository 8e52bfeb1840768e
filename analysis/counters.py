"""Streaming counters on the pandas side: the counters of `sims.run.counters` computed from a
run's deal table (to check the kernels, or to count a table already loaded), and each
game's summary computed from counters alone, equal to the summary of the deal rows.

Each game's analysis module (`analysis.<game>`, or the one its descriptor names) gives
what is its own: `counter_cells` (the deals as the cells of its counters), `counter_sums`
where a counter holds sums, `counters_summary`, and `STOPPED_LABEL` where games can stop
at the deal cap."""

from __future__ import annotations

import importlib
import math
from types import ModuleType
from typing import Any

import numpy as np
import pandas as pd

from analysis.stats import Estimate, estimates_frame, wilson, z_value
from sims.descriptors import game as describe
from sims.run.counters import NOBODY, OTHERS, PITCHERS, Counter, declared, definitions, empty


def from_deals(game: str, rules: dict[str, Any], deals: pd.DataFrame) -> dict[str, np.ndarray]:
    """The counters of `game` under `rules` for the deal table `deals` (one row per deal, as
    `sims.run.outcomes.run_frame` gives it), counted with pandas."""
    module = _analysis(game)
    cells = module.counter_cells(deals)
    counters = empty(game, rules)
    for counter in definitions(game, rules):
        if counter.sums:
            module.counter_sums(counter.name, counters, cells)
        else:
            _count(counters[counter.name], counter, cells[counter.name])
    return counters


def summary(game: str, counters: dict[str, np.ndarray]) -> pd.DataFrame:
    """The headline estimates of `analysis.<game>.summary` on the deals, from their counters."""
    return estimates_frame(_analysis(game).counters_summary(counters))


def _analysis(game: str) -> ModuleType:
    """The game's analysis module (`analysis.<game>` unless its descriptor names another)."""
    return importlib.import_module(describe(game).analysis_module)


def histogram_mean(
    values: np.ndarray, counts: np.ndarray, sums: tuple[int, int] = (0, 0), level: float = 0.95
) -> Estimate:
    """The mean of `values` seen `counts[i]` times each, with `stats.mean`'s error and
    interval; `sums` adds the sums of the values and of their squares of deals counted
    apart. Exact: the sums are whole numbers (Python integers, which never overflow)."""
    pairs = [(int(count), int(value)) for count, value in zip(counts, values, strict=True)]
    n = sum(count for count, _ in pairs)
    total = sum(count * value for count, value in pairs) + int(sums[0])
    if n < 2:  # as stats.mean: the error of fewer than two values is unknown
        return Estimate(total / n if n else math.nan, math.nan, math.nan, math.nan, n)
    squares = sum(count * value * value for count, value in pairs) + int(sums[1])
    centre = total / n
    se = math.sqrt((n * squares - total * total) / (n * (n - 1)) / n)
    z = z_value(level)
    return Estimate(centre, se, centre - z * se, centre + z * se, n)


def lengths_summary(game: str, lengths: pd.DataFrame) -> pd.DataFrame:
    """The estimates of `analysis.<game>.games_summary` that game lengths (`deals`,
    `stopped`, `games` per length) give: deals per game, and games stopped at the cap."""
    rows = {"deals per game": histogram_mean(lengths["deals"], lengths["games"])}
    label = getattr(_analysis(game), "STOPPED_LABEL", None)  # Phat ends within its cap
    if label is not None:
        stopped = int(lengths.loc[lengths["stopped"], "games"].sum())
        rows[label] = wilson(stopped, int(lengths["games"].sum()))
    return estimates_frame(rows)


def _count(array: np.ndarray, counter: Counter, cells: pd.DataFrame) -> None:
    """Add to `array` one count per row of `cells` (the values on the counter's axes)."""
    index = []
    for axis, size in zip(counter.axes, array.shape, strict=True):
        offsets = cells[axis.name].to_numpy(np.int64) - axis.first
        if axis.open_top:
            offsets = np.minimum(offsets, size - 1)
        if (offsets < 0).any() or (offsets >= size).any():
            raise ValueError(f"{counter.name}: a value lies outside the axis {axis.name}")
        index.append(offsets)
    counts = pd.DataFrame(np.column_stack(index)).value_counts(sort=False)
    cell = tuple(counts.index.get_level_values(k).to_numpy() for k in range(array.ndim))
    np.add.at(array, cell, counts.to_numpy())


def relative(captor: pd.Series, pitchers: pd.Series) -> np.ndarray:
    """Where a card or point went (side or -1 for nobody), seen from the pitcher's side."""
    return np.select([captor < 0, captor == pitchers], [NOBODY, PITCHERS], OTHERS)


def stacked(parts: list[dict[str, Any]]) -> pd.DataFrame:
    """One table from several column sets of the deals (one per card, point, side, ..)."""
    return pd.concat([pd.DataFrame(part) for part in parts], ignore_index=True)


def axis_values(game: str, counter: str, axis: int, array: np.ndarray) -> np.ndarray:
    """The values along axis `axis` of `game`'s counter `counter` held in `array`."""
    return declared(game)[counter].axes[axis].first + np.arange(array.shape[axis])
