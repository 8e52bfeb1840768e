"""Fitting a calibrated bidder's table by self-play, as every game with one does: rounds of
deals in which seat 0 calls at random while the other seats bid by the last round's table,
a table fitted from each round's counts, until the calls of the table before cost less
than the tolerance by the new one. The game says how a round is played and counted, how
the counts give a table, and which call a table makes (`SelfPlay`); the table is written
with what made it, the same bit for bit for the same command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import astuple, dataclass
from typing import Any, NamedTuple, Self

import numpy as np
import pandas as pd
from tqdm import tqdm

from sims.descriptors import KernelInputs
from sims.run.output import write_atomically
from sims.run.queries import CalibrationQuery, CalibrationReport
from sims.run.runner import RunSpec, log_arrays, raise_first_error, strategy_tables
from sims.strategies import SeatStrategy
from sims.strategies.calibrated_tables import TableFiles

PRIOR = 20.0  # deals' worth of weight on the coarser estimate
# Fewest deals a round: seat 0 then calls from each position some thousands of times, and
# every round has samples to weigh its change by (with none, the change is 0 / 0).
MIN_DEALS = 10_000
CHUNK = 250_000  # deals per kernel call
EXPLORER = 0  # the seat whose calls are drawn at random

Rules = dict[str, Any]


class Explored(NamedTuple):
    """Deals of a round as the explorer met them: the outcome rows, each seat's hand dealt,
    and per deal the explorer's position in the auction (0 first to speak), the high bid
    it heard (0: none) and its call (-1: the auction ended before its turn)."""

    out: np.ndarray
    hands: np.ndarray
    position: np.ndarray
    heard: np.ndarray
    call: np.ndarray


def play_explored(
    run: RunSpec, first: int, count: int, tables: tuple[np.ndarray, np.ndarray]
) -> Explored:
    """Deals `first .. first + count` of `run` played with the strategy tables `(fids,
    params)` of a round's seats, through the game's run kernel (the dealer moves a seat a
    deal, so the explorer speaks from every position)."""
    players = run.layout.players
    fids, params = tables
    out = np.zeros(count, run.layout.dtype)
    errors = np.zeros((count, 4), np.int64)
    hands = np.zeros((count, players), np.int64)
    _, calls, plays, winners = log_arrays(0, run.layout)
    inputs = KernelInputs(
        run, first, count, 1, fids, params, out, errors, hands, calls, plays, winners
    )
    run.described.kernel(*run.described.arguments(inputs))
    raise_first_error(run, first, errors)
    position = (EXPLORER - np.arange(first, first + count) % players - 1) % players
    said = out["call"][:, :players].astype(np.int64)
    heard = np.where(np.arange(players) < position[:, None], said, 0).max(1)
    return Explored(out, hands, position, heard, said[np.arange(count), position])


@dataclass
class Counts:
    """A round's counts, arrays summed chunk by chunk; a game's own name its fields, the
    first, `calls`, the samples of each cell of the table (context, class, call)."""

    calls: np.ndarray

    def __add__(self, other: Self) -> Self:
        return type(self)(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))


@dataclass(frozen=True)
class SelfPlay:
    """What a game's calibration plays and fits. `plans(rules, table)`: the seats'
    strategies for a round (the table None in the first); `tally(run, first, count,
    tables)`: deals `first .. first + count` played with the strategy tables of those
    plans, and counted; `fit(counts, rules)`: the table in int16 milli-points;
    `best_calls(table, min_bid)`: the call of every cell; `files`: the shipped tables."""

    plans: Callable[[Rules, np.ndarray | None], list[SeatStrategy]]
    tally: Callable[[RunSpec, int, int, tuple[np.ndarray, np.ndarray]], Counts]
    fit: Callable[[Counts, Rules], np.ndarray]
    best_calls: Callable[[np.ndarray, int], np.ndarray]
    millipoints: float
    files: TableFiles


def class_levels(
    classes: int, axes: tuple[int, ...], keys: list[tuple[int, ...]]
) -> list[np.ndarray]:
    """For each level of a shrinkage, coarsest first, the group of every hand class (of
    shape `axes`): the classes that agree on the axes of the level's key share a group."""
    parts = np.unravel_index(np.arange(classes), axes)
    return [
        np.unique(np.stack([parts[a] for a in key], 1), axis=0, return_inverse=True)[1].ravel()
        for key in keys
    ]


def shrunk(sums: np.ndarray, counts: np.ndarray, levels: list[np.ndarray]) -> np.ndarray:
    """Means over the class axis (1) of `(context, class, ...)` sums and counts, each shrunk
    towards the mean of the group above it (`levels`, coarsest first), the coarsest towards
    the context's mean over all classes: `(sum + PRIOR * coarser) / (count + PRIOR)`."""
    estimate = sums.sum(1, keepdims=True) / np.maximum(counts.sum(1, keepdims=True), 1)
    for groups in levels:
        members = (groups[:, None] == np.arange(groups.max() + 1)).astype(np.float64)
        total = np.einsum("cg,xc...->xg...", members, sums)[:, groups]
        count = np.einsum("cg,xc...->xg...", members, counts)[:, groups]
        estimate = (total + PRIOR * estimate) / (count + PRIOR)
    return estimate


def change(
    game: SelfPlay, old: np.ndarray, new: np.ndarray, counts: np.ndarray, min_bid: int
) -> tuple[float, float, float]:
    """From the old table to the new, weighted by the samples: the share of decisions
    whose best call changed, what the old call costs there by the new table (points per
    decision), and the mean absolute change of the values (points)."""
    weights = counts.reshape(new.shape)
    per_cell = weights.sum(-1)
    before, after = game.best_calls(old, min_bid), game.best_calls(new, min_bid)
    values = new.astype(np.float64) / game.millipoints
    cost = np.take_along_axis(values, after[..., None], -1) - np.take_along_axis(
        values, before[..., None], -1
    )
    shift = np.abs(new.astype(np.float64) - old) / game.millipoints * weights
    total = per_cell.sum()
    moved = ((before != after) * per_cell).sum() / total
    return moved, (cost[..., 0] * per_cell).sum() / total, shift.sum() / weights.sum()


def calibrate(query: CalibrationQuery, game: SelfPlay) -> CalibrationReport:
    """Fit `game`'s table for the rules of `query.run` and write it to `query.folder`
    (None: the package's own tables, which the bidder reads)."""
    run = query.run
    if run.count < MIN_DEALS:
        raise ValueError(
            f"--deals {run.count:,} is too few to fit a table: at least {MIN_DEALS:,} a round"
        )
    min_bid = run.rules["min_bid"]
    table, rounds = None, []
    bar = tqdm(
        total=query.rounds * run.count,
        unit="deal",
        unit_scale=True,
        disable=not query.show,
        leave=False,
    )
    for number in range(1, query.rounds + 1):
        tables = strategy_tables(game.plans(run.rules, table))
        counted = None
        start = run.first + (number - 1) * run.count
        for first in range(start, start + run.count, CHUNK):
            count = min(CHUNK, start + run.count - first)
            part = game.tally(run, first, count, tables)
            counted = part if counted is None else counted + part
            bar.update(count)
        fitted = game.fit(counted, run.rules)
        samples = counted.calls
        moved, cost, shift = (
            (None,) * 3 if table is None else change(game, table, fitted, samples, min_bid)
        )
        rounds.append(
            {
                "round": number,
                "deals": run.count,
                "samples": int(samples.sum()),
                "decisions_changed": moved,
                "points_at_stake": cost,
                "mean_change": shift,
            }
        )
        table = fitted
        if cost is not None and cost < query.tolerance:
            break
    bar.close()
    about = {
        "game": game.files.game,
        "bidder": "calibrated",
        "rules": {name: run.rules[name] for name in sorted(run.rules)},
        "seed": run.seed,
        "first": run.first,
        "deals_per_round": run.count,
        "max_rounds": query.rounds,
        "tolerance": query.tolerance,
        "prior": PRIOR,
    }
    path = (query.folder or game.files.folder) / f"{game.files.key(run.rules)}.npy"
    write_atomically(path, table, {**about, "rounds": rounds})
    return CalibrationReport(pd.DataFrame(rounds), path, about)
