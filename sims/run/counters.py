"""Streaming counters: the quantities of a run's analysis, counted from each chunk's outcome
rows into small fixed-size int64 arrays, so that a run of any size keeps memory that does
not grow with its deals. Counters of chunks add up (`merge`) and travel as small long
tables (`to_frame`, `from_frame`).

Every counter is a dense array whose axes its game's descriptor declares: each axis runs
over consecutive whole numbers from its `first` value, named by `labels` where they are
categories. A few lengths follow the rules (Pitch seats, the Solo Whist unit); the first
values never do. Each game's counting kernel uses the compiled helpers here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.descriptors import game as describe

# Where a point or card went, seen from the pitcher's side (a team in Phat and Don).
PITCHERS, OTHERS, NOBODY = 0, 1, 2
RELATIVE = ("pitcher's side", "other side", "none")


@dataclass(frozen=True)
class Axis:
    """One axis of a counter: `size` consecutive values from `first`, named by `labels`
    where they are categories; `open_top`: the last value also counts every larger one."""

    name: str
    first: int
    size: int
    labels: tuple[str, ...] = ()
    open_top: bool = False


@dataclass(frozen=True)
class Counter:
    """A named dense int64 array over `axes`. Every deal adds one to one cell, or to one
    cell for each value of the axis `each` (a point, card or side); with `sums` the cells
    hold sums of values instead."""

    name: str
    axes: tuple[Axis, ...]
    description: str
    each: str = ""
    sums: bool = False

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(axis.size for axis in self.axes)


def flag(name: str) -> Axis:
    """A yes-or-no axis: 0 no, 1 yes."""
    return Axis(name, 0, 2)


def definitions(game: str, rules: dict[str, Any]) -> tuple[Counter, ...]:
    """The counters of `game` under `rules`, with the axes the rules size given their length."""
    counting = describe(game).counters
    sizes = counting.sizes(rules)
    return tuple(
        replace(c, axes=tuple(replace(a, size=sizes.get(a.name, a.size)) for a in c.axes))
        for c in counting.declared
    )


def declared(game: str) -> dict[str, Counter]:
    """The counters `game` declares, by name (axes the rules size at their declared length)."""
    return {counter.name: counter for counter in describe(game).counters.declared}


def empty(game: str, rules: dict[str, Any]) -> dict[str, np.ndarray]:
    """Zeroed counters of `game` under `rules`, by name."""
    return {c.name: np.zeros(c.shape, np.int64) for c in definitions(game, rules)}


def merge(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The counters of two sets of deals together (cell by cell sums)."""
    if a.keys() != b.keys():
        raise ValueError("counters of different games cannot be merged")
    return {name: a[name] + b[name] for name in a}


def accumulate(
    game: str, rules: dict[str, Any], table: np.ndarray, counters: dict[str, np.ndarray]
) -> None:
    """Add the outcome rows `table` (every row a deal) of `game` into `counters`, in place."""
    describe(game).counters.count(rules, table, counters)


def to_frame(game: str, counters: dict[str, np.ndarray]) -> pd.DataFrame:
    """The nonzero cells of `game`'s counters as a long table: `counter`, one column per axis
    (the cell's value on it; -1 where the counter lacks that axis), `count`; counters in
    order, cells in C order."""
    by_name = declared(game)
    chosen = [by_name[name] for name in counters]
    names = list(dict.fromkeys(axis.name for counter in chosen for axis in counter.axes))
    parts = []
    for counter in chosen:
        array = counters[counter.name]
        cells = np.nonzero(array)
        part = {"counter": np.full(len(cells[0]), counter.name, object)}
        part |= {name: np.full(len(cells[0]), -1, np.int64) for name in names}
        for axis, index in zip(counter.axes, cells, strict=True):
            part[axis.name] = index + axis.first
        part["count"] = array[cells]
        parts.append(pd.DataFrame(part))
    return pd.concat(parts, ignore_index=True)


def from_frame(game: str, rules: dict[str, Any], frame: pd.DataFrame) -> dict[str, np.ndarray]:
    """The counters of `game` under `rules` that `to_frame` wrote as `frame`."""
    counters = empty(game, rules)
    unknown = set(frame["counter"]) - set(counters)
    if unknown:
        raise ValueError(f"counters not kept for {game}: {sorted(unknown)}")
    for counter in definitions(game, rules):
        cells = frame[frame["counter"] == counter.name]
        index = tuple(cells[axis.name].to_numpy(np.int64) - axis.first for axis in counter.axes)
        if any(((k < 0) | (k >= size)).any() for k, size in zip(index, counter.shape, strict=True)):
            raise ValueError(f"{counter.name}: cells outside its axes under these rules")
        np.add.at(counters[counter.name], index, cells["count"].to_numpy(np.int64))
    return counters


@njit(cache=True, inline="always")
def at(value, first, size):
    """Index of `value` on an axis of `size` values from `first`."""
    index = np.int64(value) - first
    if index < 0 or index >= size:
        raise ValueError("an outcome value lies outside its counter's axis")
    return index


@njit(cache=True, inline="always")
def open_at(value, size):
    """Index of `value` (not negative) on an open axis of `size` values from 0."""
    if value < 0:
        raise ValueError("an outcome value lies outside its counter's axis")
    return min(np.int64(value), size - 1)


@njit(cache=True, inline="always")
def relative(side, pitchers):
    """Where a card or point went (a side, or -1 for nobody), seen from the pitcher's side."""
    if side < 0:
        return NOBODY
    return PITCHERS if side == pitchers else OTHERS
