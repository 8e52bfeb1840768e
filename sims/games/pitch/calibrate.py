"""The `calibrated` Pitch bidder's table, fitted by self-play (`allfours calibrate pitch`).

Each round plays `deals` deals (indexes following the previous round's, one seed) in which
seat 0 makes a call uniform over its legal calls (`random_bid`) while the other seats bid
by the current table (by `threshold` in the first round) and every seat plays `greedy`.
The dealer moves one seat a deal, so seat 0 speaks from every position. Each deal where
seat 0 called gives one sample: its position and the high bid it heard (the context), its
hand's class (`sims.games.pitch.strategies.calibrated`), its call, whether it pitched, the
points its side won and its side's score change. The call is drawn without looking at the
hand, so the samples of a call estimate what it is worth there against the current
bidders.

A bid's value is P(seat 0 pitches | context, class, bid) times its side's score change
when it pitches with that contract, plus the rest times its mean score change when it
does not pitch; a pass's value is the latter alone. Play does not depend on the bid, so
the score change when pitching comes from the points the class wins as the pitcher,
pooled over contexts and bids (80 times the samples of one cell), settled against each
bid: what keeps rare strong hands (the Ace-King-Queen-Jack) from being judged by a few
deals. Every mean is shrunk towards that of a coarser class (`LEVELS`): `(sum + PRIOR *
coarser) / (count + PRIOR)`.

The next round's other seats bid by the new table. A round reports, weighted by its
samples, the share of decisions whose best legal call differs from the previous table's,
what the previous call costs there by the new table (points per decision) and the mean
change of the values; the fitting stops when that cost falls below the tolerance
(sampling noise keeps it above zero), or after the rounds asked for. Everything is
seeded: the same command writes the same table, bit for bit.
"""

from __future__ import annotations

import dataclasses
from dataclasses import astuple, dataclass
from typing import Any

import numpy as np
import pandas as pd
from tqdm import tqdm

from sims.games.pitch import rules as pitch
from sims.games.pitch.deal import no_conditions, run_pitch
from sims.games.pitch.strategies.calibrated import (
    CALLS,
    CLASS_AXES,
    CLASSES,
    HIGHS,
    MILLIPOINTS,
    TABLES,
    best_calls,
    calibrated_bid,
    hand_classes,
    packed_calls,
    table_index,
    table_key,
    table_shape,
)
from sims.run.output import write_atomically
from sims.run.queries import CalibrationQuery, CalibrationReport
from sims.run.runner import RunSpec, log_arrays, raise_first_error, strategy_tables
from sims.strategies import SeatStrategy, resolve
from sims.strategies.registry import MAX_PARAMS, functions

PRIOR = 20.0  # deals' worth of weight on the coarser estimate
# Fewest deals a round: seat 0 then calls from each position some thousands of times, and
# every round has samples to weigh its change by (with none, the change is 0 / 0).
MIN_DEALS = 10_000
CHUNK = 250_000  # deals per kernel call
EXPLORER = 0  # the seat whose calls are drawn at random
MAX_POINTS = 4  # High, Low, Jack and Game


def seat_plans(rules: dict[str, Any], table: np.ndarray | None) -> list[SeatStrategy]:
    """Seat 0 calls at random; the others bid by `table` (of shape `table_shape`), or by
    `threshold` when there is none yet; all play `greedy`."""
    explorer = resolve("random_bid+greedy", "pitch", rules)
    if table is None:
        other = resolve("threshold+greedy", "pitch", rules)
    else:
        calls = packed_calls(best_calls(table, rules["min_bid"]))
        other = dataclasses.replace(
            resolve("greedy", "pitch", rules),
            bid_fid=functions("pitch").index(calibrated_bid),
            bid_params=np.concatenate([np.zeros(MAX_PARAMS), calls]),
        )
    return [explorer] + [other] * (rules["players"] - 1)


@dataclass
class Tally:
    """A round's samples, per cell (position and high bid heard, class, call): how many,
    how many seat 0 pitched, and the sum of its side's score change where it did not;
    per class, the points its side won where it pitched (0 to 4)."""

    calls: np.ndarray
    pitched: np.ndarray
    other_sum: np.ndarray
    points: np.ndarray

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))


def tally(run: RunSpec, first: int, count: int, tables: tuple[np.ndarray, np.ndarray]) -> Tally:
    """Play deals `first .. first + count` with the strategy tables `(fids, params)` of
    `seat_plans` and count seat 0's samples."""
    players = run.layout.players
    rules = pitch.rules_array(run.rules)
    fids, params = tables
    out = np.zeros(count, run.layout.dtype)
    errors = np.zeros((count, 4), np.int64)
    hands = np.zeros((count, players), np.int64)
    _, calls, plays, winners = log_arrays(0, run.layout)
    run_pitch(
        run.seed,
        first,
        count,
        False,
        1,
        rules,
        fids,
        params,
        out,
        errors,
        hands,
        calls,
        plays,
        winners,
        *no_conditions(),
    )
    raise_first_error(run, first, errors)
    position = (EXPLORER - np.arange(first, first + count) % players - 1) % players
    said = out["call"][:, :players].astype(np.int64)
    heard = np.where(np.arange(players) < position[:, None], said, 0).max(1)
    call = said[np.arange(count), position]
    called = call >= 0  # a 4 before seat 0's turn ends the auction without it
    classes = hand_classes(hands[:, EXPLORER], players, rules[pitch.R_SIDES])
    cell = table_index(position, heard, classes, call)[called]
    side = rules[pitch.R_SIDE_OF + EXPLORER]
    change = out["delta"][called, side].astype(np.float64)
    pitched = (out["pitcher"] == EXPLORER)[called]
    size = int(np.prod(table_shape(players)))
    won = classes[called][pitched] * (MAX_POINTS + 1) + out["won"][called, side][pitched]
    return Tally(
        np.bincount(cell, minlength=size).astype(np.float64),
        np.bincount(cell, weights=pitched, minlength=size),
        np.bincount(cell, weights=change * ~pitched, minlength=size),
        np.bincount(won, minlength=CLASSES * (MAX_POINTS + 1)).astype(np.float64),
    )


def _levels() -> list[np.ndarray]:
    """For each level of the shrinkage, coarsest first, the group of every class: top
    trumps and Jack; then the lowest trump; then the length; then the game points (every
    class its own group)."""
    length, top, jack, low, game = np.unravel_index(np.arange(CLASSES), CLASS_AXES)
    keys = [(top, jack), (top, jack, low), (length, top, jack, low), (length, top, jack, low, game)]
    return [np.unique(np.stack(key, 1), axis=0, return_inverse=True)[1].ravel() for key in keys]


LEVELS = _levels()


def shrunk(sums: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Means over the class axis (1) of `(context, class, ...)` sums and counts, each shrunk
    towards the mean of the group above it (`LEVELS`), the coarsest towards the context's
    mean over all classes: `(sum + PRIOR * coarser) / (count + PRIOR)`."""
    estimate = sums.sum(1, keepdims=True) / np.maximum(counts.sum(1, keepdims=True), 1)
    for groups in LEVELS:
        members = (groups[:, None] == np.arange(groups.max() + 1)).astype(np.float64)
        total = np.einsum("cg,xc...->xg...", members, sums)[:, groups]
        count = np.einsum("cg,xc...->xg...", members, counts)[:, groups]
        estimate = (total + PRIOR * estimate) / (count + PRIOR)
    return estimate


def fit(counted: Tally, players: int) -> np.ndarray:
    """The table in int16 milli-points: for a bid, P(seat 0 pitches) times its side's
    score change when it pitches with that contract (from the points its class wins
    pitching, pooled over positions and calls: play does not depend on the bid) plus the
    rest times its mean score change when it does not pitch; for a pass, the latter."""
    contexts = players * HIGHS
    calls = counted.calls.reshape(contexts, CLASSES, CALLS)
    wins = shrunk(counted.pitched.reshape(calls.shape), calls)
    other = shrunk(
        counted.other_sum.reshape(calls.shape), calls - counted.pitched.reshape(calls.shape)
    )
    points = counted.points.reshape(1, CLASSES, MAX_POINTS + 1)
    share = shrunk(points, np.repeat(points.sum(-1, keepdims=True), MAX_POINTS + 1, -1))[0]
    k = np.arange(MAX_POINTS + 1)
    settled = np.where(
        k[None, :] >= np.arange(CALLS)[:, None], k[None, :], -np.arange(CALLS)[:, None]
    )
    pitching = share @ settled.T  # (class, call): the side's score change pitching with the call
    value = wins * pitching[None] + (1 - wins) * other
    value[..., 0] = other[..., 0]
    limit = np.iinfo(np.int16).max
    stored = np.clip(np.round(value * MILLIPOINTS), -limit, limit).astype(np.int16)
    return stored.reshape(table_shape(players))


def change(
    old: np.ndarray, new: np.ndarray, counts: np.ndarray, min_bid: int
) -> tuple[float, float, float]:
    """From the old table to the new, weighted by the samples: the share of decisions
    whose best call changed, what the old call costs there by the new table (points per
    decision), and the mean absolute change of the values (points)."""
    weights = counts.reshape(new.shape)
    per_cell = weights.sum(-1)
    before, after = best_calls(old, min_bid), best_calls(new, min_bid)
    values = new.astype(np.float64) / MILLIPOINTS
    cost = np.take_along_axis(values, after[..., None], -1) - np.take_along_axis(
        values, before[..., None], -1
    )
    shift = np.abs(new.astype(np.float64) - old) / MILLIPOINTS * weights
    total = per_cell.sum()
    moved = ((before != after) * per_cell).sum() / total
    return moved, (cost[..., 0] * per_cell).sum() / total, shift.sum() / weights.sum()


def calibrate(query: CalibrationQuery) -> CalibrationReport:
    """Fit the table for the rules of `query.run` and write it to `query.folder` (None:
    the package's own tables, which the bidder reads)."""
    run = query.run
    if run.count < MIN_DEALS:
        raise ValueError(
            f"--deals {run.count:,} is too few to fit a table: at least {MIN_DEALS:,} a round"
        )
    players, min_bid = run.layout.players, run.rules["min_bid"]
    table, rounds = None, []
    bar = tqdm(
        total=query.rounds * run.count,
        unit="deal",
        unit_scale=True,
        disable=not query.show,
        leave=False,
    )
    for number in range(1, query.rounds + 1):
        tables = strategy_tables(seat_plans(run.rules, table))
        counted = None
        start = run.first + (number - 1) * run.count
        for first in range(start, start + run.count, CHUNK):
            count = min(CHUNK, start + run.count - first)
            part = tally(run, first, count, tables)
            counted = part if counted is None else counted + part
            bar.update(count)
        fitted = fit(counted, players)
        samples = counted.calls
        moved, cost, shift = (
            (None,) * 3 if table is None else change(table, fitted, samples, min_bid)
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
        "game": "pitch",
        "bidder": "calibrated",
        "rules": {name: run.rules[name] for name in sorted(run.rules)},
        "seed": run.seed,
        "first": run.first,
        "deals_per_round": run.count,
        "max_rounds": query.rounds,
        "tolerance": query.tolerance,
        "prior": PRIOR,
    }
    path = (query.folder or TABLES) / f"{table_key(run.rules)}.npy"
    write_atomically(path, table, {**about, "rounds": rounds})
    return CalibrationReport(pd.DataFrame(rounds), path, about)
