"""The `calibrated` Cinch bidder's table, fitted by self-play (`allfours calibrate cinch`).

Each round plays `deals` deals (indexes following the previous round's, one seed) in which
seat 0 makes a call uniform over its legal calls (the bidder's EXPLORE call; as the maker
it names its best suit) while the other seats bid by the current table (by `threshold` in
the first round) and every seat plays `greedy`. The dealer moves one seat a deal, so seat
0 speaks from every position. Each deal gives one sample: seat 0's position and the high
bid it heard (the context), its hand's class (`sims.games.cinch.strategies.calibrated`),
its call, whether it became the maker, the points its side and the others took and its
margin: its side's score change less the mean of the other sides'. The call is drawn
without looking at the hand, so the samples of a call estimate what it is worth there
against the current bidders.

A bid's value is P(seat 0 makes | position, class, bid) times its margin as the maker
with that contract, plus the rest times its mean margin when it does not make
(`not_making`). A bid tops the high bid, so the seats after it see the same auction
whatever the high bid was: a bid's value is pooled over the high bids heard, and holds
where the current bidders never lead. Play does not depend on the contract, so the points
the maker's side and the others take come from the deals where the class made at that
position, pooled over high bids and calls, and are settled against each contract: what
keeps rare strong hands (both Pedros) from being judged by a few deals. A pass makes only
the dealer, when all passed (the all-pass contract); otherwise its value is its mean
margin in its context (`passing`). Every mean is shrunk towards that of a coarser class
(`LEVELS`): `(sum + PRIOR * coarser) / (count + PRIOR)`.

The next round's other seats bid by the new table. A round reports, weighted by its
samples, the share of decisions whose best legal call differs from the previous table's,
what the previous call costs there by the new table (points per decision) and the mean
change of the values; the fitting stops when that cost falls below the tolerance, or after
the rounds asked for. Everything is seeded: the same command writes the same table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from sims.games.cinch import rules as c
from sims.games.cinch.strategies.calibrated import (
    CALLS,
    CLASS_AXES,
    CLASSES,
    EXPLORE,
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
from sims.run.calibration import (
    EXPLORER,
    PRIOR,
    Counts,
    SelfPlay,
    class_levels,
    play_explored,
    shrunk,
)
from sims.run.queries import CalibrationQuery, CalibrationReport
from sims.run.runner import RunSpec
from sims.strategies import SeatStrategy, resolve
from sims.strategies.registry import MAX_PARAMS, functions

POINTS = c.TOTAL_POINTS + 1  # a side takes 0 to 14 points


def _bidding(rules: dict[str, Any], calls: np.ndarray) -> SeatStrategy:
    """`greedy` bidding by `calibrated` with `calls` (in `decision_index` order)."""
    return dataclasses.replace(
        resolve("greedy", c.NAME, rules),
        bid_fid=functions(c.NAME).index(calibrated_bid),
        bid_params=np.concatenate([np.zeros(MAX_PARAMS), packed(calls)]),
    )


def seat_plans(rules: dict[str, Any], table: np.ndarray | None) -> list[SeatStrategy]:
    """Seat 0 calls at random; the others bid by `table` (of shape `table_shape`), or by
    `threshold` when there is none yet; all play `greedy`."""
    players = rules["players"]
    explorer = _bidding(rules, np.full(int(np.prod(table_shape(players)[:3])), EXPLORE))
    if table is None:
        other = resolve("threshold+greedy", c.NAME, rules)
    else:
        other = _bidding(rules, best_calls(table, rules["min_bid"]))
    return [explorer] + [other] * (players - 1)


@dataclass
class Tally(Counts):
    """A round's samples, per cell (position and high bid heard, class, call): how many,
    how many made seat 0 the maker, and the sum of its margin where they did not; per
    position, class and the points its side took as the maker, how many deals and the sum
    of the points the other sides took."""

    calls: np.ndarray
    made: np.ndarray
    other_sum: np.ndarray
    points: np.ndarray
    others: np.ndarray


def tally(run: RunSpec, first: int, count: int, tables: tuple[np.ndarray, np.ndarray]) -> Tally:
    """Play deals `first .. first + count` with the strategy tables `(fids, params)` of
    `seat_plans` and count seat 0's samples."""
    players = run.layout.players
    rules = c.rules_array(run.rules)
    out, hands, position, heard, call = play_explored(run, first, count, tables)
    sides = int(rules[c.R_SIDES])
    classes = hand_classes(hands[:, EXPLORER], sides < players)
    cell = table_index(position, heard, classes, call)
    side = rules[c.R_SIDE_OF + EXPLORER]
    delta = out["delta"][:, :sides].astype(np.float64)
    margin = delta[:, side] - (delta.sum(1) - delta[:, side]) / (sides - 1)
    won = out["won"][:, :sides].astype(np.int64)
    made = out["pitcher"] == EXPLORER
    taken = ((position * CLASSES + classes) * POINTS + won[:, side])[made]
    size, kept = int(np.prod(table_shape(players))), players * CLASSES * POINTS
    return Tally(
        np.bincount(cell, minlength=size).astype(np.float64),
        np.bincount(cell, weights=made, minlength=size),
        np.bincount(cell, weights=margin * ~made, minlength=size),
        np.bincount(taken, minlength=kept).astype(np.float64),
        np.bincount(taken, weights=(won.sum(1) - won[:, side])[made], minlength=kept),
    )


LENGTH, PEDRO, TOP, SMALL = range(len(CLASS_AXES))  # a hand class's axes
# The shrinkage's levels, coarsest first: the Pedros; then the top trumps; then the length;
# then Jack, Game and Low (every class its own group).
LEVELS = class_levels(
    CLASSES, CLASS_AXES, [(PEDRO,), (PEDRO, TOP), (PEDRO, TOP, LENGTH), (PEDRO, TOP, LENGTH, SMALL)]
)


def not_making(sums: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Seat 0's mean margin where it does not make, per (context, class, call) from its
    sums and counts: the class's mean over every call (`shrunk`) plus the call's departure
    from the context's mean over every class, shrunk towards none. A call changes little
    of a deal seat 0 does not make (the contract another seat must top), so each part
    pools what the other leaves apart, and a cell's few deals set neither."""
    by_class = shrunk(sums.sum(-1), counts.sum(-1), LEVELS)
    context = sums.sum((1, 2)) / np.maximum(counts.sum((1, 2)), 1)
    calls, deals = sums.sum(1), counts.sum(1)
    departure = (calls - context[:, None] * deals) / (deals + PRIOR)
    return by_class[..., None] + departure[:, None, :]


def contracts(rules: dict[str, Any]) -> np.ndarray:
    """The maker's contract after each call: the bid, or for a pass the dealer's when all
    pass (0 with no contract, else the least bid; a deal thrown in has no maker)."""
    all_pass = rules["min_bid"] if rules["all_pass"] == "dealer_forced_min_bid" else 0
    return np.concatenate([[all_pass], np.arange(1, CALLS)])


def maker_margin(
    points: np.ndarray, others: np.ndarray, contract: np.ndarray, rules: dict[str, Any]
) -> np.ndarray:
    """The maker's side's margin (its score change less the mean of the other sides') when
    it takes `points` and the other sides `others` with `contract` (CIN-8)."""
    sides = len(c.sides(rules))
    made = points >= contract
    if sides == 2 and rules["scoring"] == "difference":
        if rules["failed_award"] == "fourteen_plus_shortfall":
            lost = -(c.TOTAL_POINTS + contract - points)
        else:
            lost = -(others + contract)
        return np.where(made, points - others, lost)
    return np.where(made, points, -contract) - others / (sides - 1)


def fit(counted: Tally, rules: dict[str, Any]) -> np.ndarray:
    """The table in int16 milli-points: a bid's value, the same after every high bid
    heard, and a pass's (see the module's docstring)."""
    players = rules["players"]
    calls = counted.calls.reshape(table_shape(players))
    made = counted.made.reshape(calls.shape)
    other_sum = counted.other_sum.reshape(calls.shape)
    wins = shrunk(made.sum(1), calls.sum(1), LEVELS)  # (position, class, call)
    other = not_making(other_sum.sum(1), (calls - made).sum(1))
    taken = counted.points.reshape(players, CLASSES, POINTS)
    share = shrunk(taken, np.repeat(taken.sum(-1, keepdims=True), POINTS, -1), LEVELS)
    others = shrunk(counted.others.reshape(taken.shape), taken, LEVELS)
    points = np.arange(POINTS)
    margins = maker_margin(
        points[:, None], others[..., None], contracts(rules)[None, :], rules
    )  # (position, class, points, call)
    making = np.einsum("pkb,pkbc->pkc", share, margins)
    value = np.repeat((wins * making + (1 - wins) * other)[:, None], HIGHS, 1)
    value[..., 0] = passing(other_sum[..., 0], (calls - made)[..., 0])
    if rules["all_pass"] != "redeal_next_dealer":  # the dealer's pass after all passed
        value[-1, 0, :, 0] = making[-1, :, 0]
    limit = np.iinfo(np.int16).max
    return np.clip(np.round(value * MILLIPOINTS), -limit, limit).astype(np.int16)


def passing(sums: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Seat 0's mean margin after a pass that does not make it the maker, per (position,
    high bid, class) from its sums and counts: shrunk towards the class's mean at that
    position over every high bid (itself `shrunk`), which stands where the high bid was
    never heard."""
    pooled = shrunk(sums.sum(1), counts.sum(1), LEVELS)[:, None]
    return (sums + PRIOR * pooled) / (counts + PRIOR)


SELF_PLAY = SelfPlay(seat_plans, tally, fit, best_calls, MILLIPOINTS, FILES)


def calibrate(query: CalibrationQuery) -> CalibrationReport:
    """Fit the table for the rules of `query.run` and write it to `query.folder` (None:
    the package's own tables, which the bidder reads)."""
    return calibration.calibrate(query, SELF_PLAY)
