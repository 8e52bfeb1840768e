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
from dataclasses import dataclass
from typing import Any

import numpy as np

from sims.games.pitch import rules as pitch
from sims.games.pitch.strategies.calibrated import (
    CALLS,
    CLASS_AXES,
    CLASSES,
    FILES,
    HIGHS,
    MILLIPOINTS,
    best_calls,
    calibrated_bid,
    hand_classes,
    packed,
    table_index,
    table_shape,
)
from sims.run import calibration
from sims.run.calibration import EXPLORER, Counts, SelfPlay, class_levels, play_explored, shrunk
from sims.run.queries import CalibrationQuery, CalibrationReport
from sims.run.runner import RunSpec
from sims.strategies import SeatStrategy, resolve
from sims.strategies.registry import MAX_PARAMS, functions

MAX_POINTS = 4  # High, Low, Jack and Game


def seat_plans(rules: dict[str, Any], table: np.ndarray | None) -> list[SeatStrategy]:
    """Seat 0 calls at random; the others bid by `table` (of shape `table_shape`), or by
    `threshold` when there is none yet; all play `greedy`."""
    explorer = resolve("random_bid+greedy", "pitch", rules)
    if table is None:
        other = resolve("threshold+greedy", "pitch", rules)
    else:
        calls = packed(best_calls(table, rules["min_bid"]))
        other = dataclasses.replace(
            resolve("greedy", "pitch", rules),
            bid_fid=functions("pitch").index(calibrated_bid),
            bid_params=np.concatenate([np.zeros(MAX_PARAMS), calls]),
        )
    return [explorer] + [other] * (rules["players"] - 1)


@dataclass
class Tally(Counts):
    """A round's samples, per cell (position and high bid heard, class, call): how many,
    how many seat 0 pitched, and the sum of its side's score change where it did not;
    per class, the points its side won where it pitched (0 to 4)."""

    calls: np.ndarray
    pitched: np.ndarray
    other_sum: np.ndarray
    points: np.ndarray


def tally(run: RunSpec, first: int, count: int, tables: tuple[np.ndarray, np.ndarray]) -> Tally:
    """Play deals `first .. first + count` with the strategy tables `(fids, params)` of
    `seat_plans` and count seat 0's samples."""
    players = run.layout.players
    rules = pitch.rules_array(run.rules)
    out, hands, position, heard, call = play_explored(run, first, count, tables)
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


LENGTH, TOP, JACK, LOW, GAME = range(len(CLASS_AXES))  # a hand class's axes
# The shrinkage's levels, coarsest first: top trumps and Jack; then the lowest trump; then
# the length; then the game points (every class its own group).
LEVELS = class_levels(
    CLASSES,
    CLASS_AXES,
    [(TOP, JACK), (TOP, JACK, LOW), (LENGTH, TOP, JACK, LOW), (LENGTH, TOP, JACK, LOW, GAME)],
)


def fit(counted: Tally, rules: dict[str, Any]) -> np.ndarray:
    """The table in int16 milli-points: for a bid, P(seat 0 pitches) times its side's
    score change when it pitches with that contract (from the points its class wins
    pitching, pooled over positions and calls: play does not depend on the bid) plus the
    rest times its mean score change when it does not pitch; for a pass, the latter."""
    players = rules["players"]
    contexts = players * HIGHS
    calls = counted.calls.reshape(contexts, CLASSES, CALLS)
    wins = shrunk(counted.pitched.reshape(calls.shape), calls, LEVELS)
    other = shrunk(
        counted.other_sum.reshape(calls.shape), calls - counted.pitched.reshape(calls.shape), LEVELS
    )
    points = counted.points.reshape(1, CLASSES, MAX_POINTS + 1)
    share = shrunk(points, np.repeat(points.sum(-1, keepdims=True), MAX_POINTS + 1, -1), LEVELS)[0]
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


SELF_PLAY = SelfPlay(seat_plans, tally, fit, best_calls, MILLIPOINTS, FILES)


def calibrate(query: CalibrationQuery) -> CalibrationReport:
    """Fit the table for the rules of `query.run` and write it to `query.folder` (None:
    the package's own tables, which the bidder reads)."""
    return calibration.calibrate(query, SELF_PLAY)
