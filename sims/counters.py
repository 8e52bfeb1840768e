"""Streaming counters: the quantities of a run's analysis, counted from each chunk's outcome
rows into small fixed-size int64 arrays, so that a run of any size keeps memory that does
not grow with its deals. Counters of chunks add up (`merge`) and travel as small long
tables (`to_frame`, `from_frame`).

Every counter is a dense array whose axes are declared below (`COUNTERS`): each axis runs
over consecutive whole numbers from its `first` value, named by `labels` where they are
categories. A few lengths follow the rules (Pitch seats, the Solo Whist unit); the first
values never do. The kernels here call nothing compiled elsewhere: numba keys their cache
on this file alone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd
from numba import njit

from sims.games import don, phat, pitch, solowhist

# Where a point or card went, seen from the pitcher's side (a team in Phat and Don).
PITCHERS, OTHERS, NOBODY = 0, 1, 2
RELATIVE = ("pitcher's side", "other side", "none")
# Open axes: the last value also counts every larger one.
POINTS_TOP = 255  # Phat and Don points per deal; `points_excess` keeps what lies beyond
BONUS_TOP = 127
MIN_CONTRACT = 1  # Pitch bids 1..4
MIN_POSITION = 1  # Pitch: the dealer's left is position 1
MIN_DELTA = -4
MIN_WHIST_TRUMPS = -1  # Solo Whist: -1 without trumps
MAX_HAND_GAME_POINTS = 48  # six Pitch cards: four tens and two aces
MAX_HONOUR_POINTS = 37  # thirteen cards: four aces, four kings, four queens and a jack


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


def _flag(name: str) -> Axis:
    return Axis(name, 0, 2)


_CONTRACT = Axis("contract", MIN_CONTRACT, 4)
_MADE = _flag("made")
_CAPTOR = Axis("captor", 0, 3, RELATIVE)
_PITCHER_TRUMPS = Axis("pitcher_trumps", 0, 14)
_TEAM = Axis("team", 0, 2, RELATIVE[:2])


def _bids_by(feature: Axis) -> Counter:
    name = feature.name.removeprefix("hand_")
    return Counter(
        f"bids_by_{name}", (_CONTRACT, feature, _MADE), f"bids made or set by contract and {name}"
    )


PITCH = (
    Counter(
        "bids",
        (
            _CONTRACT,
            Axis("pitcher_position", MIN_POSITION, pitch.MAX_PLAYERS),
            Axis("hand_trumps", 0, pitch.HAND_SIZE + 1),
            Axis("hand_high_trump", 0, 13),
            _flag("hand_jack"),
            _MADE,
        ),
        "bids made or set by contract, the pitcher's position and its trumps: how many, the "
        "rank of the highest, whether it held the Jack",
    ),
    _bids_by(Axis("hand_low_trump", 0, 13)),
    Counter(
        "bids_by_ace_deuce",
        (_CONTRACT, _flag("hand_ace"), _flag("hand_deuce"), _MADE),
        "bids made or set by contract and whether the pitcher held the Ace and the Deuce",
    ),
    _bids_by(Axis("hand_game_points", 0, MAX_HAND_GAME_POINTS + 1)),
    _bids_by(Axis("trumps_in_play", 0, 14)),
    Counter(
        "steals",
        (_CONTRACT, _flag("stolen"), _MADE),
        "bids made or set by contract and whether the dealer took them by a steal",
    ),
    Counter(
        "captures",
        (_CONTRACT, Axis("point", 0, 4, ("high", "low", "jack", "game")), _CAPTOR),
        "who won High, Low, Jack and Game, by contract (none: Jack not dealt, Game tied)",
        each="point",
    ),
    Counter(
        "pitcher_won",
        (_CONTRACT, Axis("won", 0, 5)),
        "points the pitcher's side won in the deal, by contract",
    ),
    Counter(
        "pitcher_delta",
        (_CONTRACT, Axis("delta", MIN_DELTA, 9)),
        "the pitcher's side's score change, by contract",
    ),
)

PHAT = (
    Counter(
        "trump_cards",
        (
            Axis("card", 0, 2, ("9 of trumps", "5 of trumps")),
            _PITCHER_TRUMPS,
            Axis("holder", 0, 3, RELATIVE),
            _CAPTOR,
        ),
        "the Big Phat (9 of trumps) and Little Phat (5): the side dealt it and the side that "
        "captured it (none: not dealt, not played), by the pitcher's trumps",
        each="card",
    ),
    Counter(
        "honours",
        (Axis("honour", 0, 3, ("high", "low", "jack")), _PITCHER_TRUMPS, _CAPTOR),
        "the side that captured the highest and lowest trump in play and the Jack of trumps, "
        "by the pitcher's trumps",
        each="honour",
    ),
    Counter(
        "points",
        (_TEAM, _PITCHER_TRUMPS, Axis("points", 0, POINTS_TOP + 1, open_top=True)),
        "points per deal (card points and bonus) of the pitcher's side and the defenders",
        each="team",
    ),
    Counter(
        "points_excess",
        (_TEAM, _PITCHER_TRUMPS, Axis("power", 1, 2)),
        "over the deals in the open last bin of `points`: sums of (points - top) and of "
        "(points^2 - top^2), so that means stay exact",
        sums=True,
    ),
    Counter(
        "muck",
        (
            _flag("complete"),
            Axis("pitcher_muck", 0, 81),
            Axis("muck_result", 0, 3, ("pitcher's side ahead", "tie", "defenders ahead")),
        ),
        "muck (Don: game value) the pitcher's side captured and how it compared, by whether "
        "all tricks were played",
    ),
    Counter(
        "bonuses",
        (_flag("carried"), Axis("bonus", 0, BONUS_TOP + 1, open_top=True)),
        "end-of-deal bonus of both sides together, by whether a carry-over came in",
    ),
)

_WHIST_CONTRACT = Axis("contract", 0, len(solowhist.CONTRACT_NAMES), solowhist.CONTRACT_NAMES)
SOLOWHIST = (
    Counter("contracts", (_WHIST_CONTRACT, _MADE), "contracts played, made or not"),
    Counter(
        "declarer_tricks",
        (_WHIST_CONTRACT, Axis("declarer_tricks", 0, solowhist.HAND_SIZE + 1)),
        "tricks of the declaring side (both partners in Prop and Cop), by contract",
    ),
    Counter(
        "declarer_gain",
        (_WHIST_CONTRACT, _MADE, Axis("amount", 0, 1)),
        "the declarer's settlement by contract: gained when made, paid when not",
    ),
    Counter(
        "contracts_by_trumps",
        (_WHIST_CONTRACT, Axis("hand_trumps", MIN_WHIST_TRUMPS, solowhist.HAND_SIZE + 2), _MADE),
        "contracts made or not by the declarer's trumps (-1: no trumps)",
    ),
    Counter(
        "contracts_by_honours",
        (_WHIST_CONTRACT, Axis("hand_honour_points", 0, MAX_HONOUR_POINTS + 1), _MADE),
        "contracts made or not by the declarer's honour points (A 4, K 3, Q 2, J 1)",
    ),
)

COUNTERS = {"pitch": PITCH, "phat": PHAT, "don": PHAT, "solowhist": SOLOWHIST}
# Every declared counter by name (axes the rules size at their declared length).
BY_NAME = {counter.name: counter for group in COUNTERS.values() for counter in group}


def largest_whist_amount(unit: int) -> int:
    """A bound on what a Solo Whist declarer gains or pays in one deal: three defenders
    paying the largest contract value plus the most per trick for all thirteen tricks."""
    per_seat = unit * int(solowhist.UNIT_VALUE.max()) + int(solowhist.PER_TRICK.max()) * 13
    return 3 * per_seat


def definitions(game: str, rules: dict[str, Any]) -> tuple[Counter, ...]:
    """The counters of `game` under `rules`, with the axes the rules size given their length."""
    if game == "pitch":
        sizes = {"pitcher_position": rules["players"]}
    elif game == "solowhist":
        sizes = {"amount": largest_whist_amount(rules["unit"]) + 1}
    else:
        sizes = {}
    return tuple(
        replace(c, axes=tuple(replace(a, size=sizes.get(a.name, a.size)) for a in c.axes))
        for c in COUNTERS[game]
    )


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
    c = counters
    if game == "pitch":
        _pitch_nb(
            table, c["bids"], c["bids_by_low_trump"], c["bids_by_ace_deuce"],
            c["bids_by_game_points"], c["bids_by_trumps_in_play"], c["steals"], c["captures"],
            c["pitcher_won"], c["pitcher_delta"],
        )  # fmt: skip
    elif game in ("phat", "don"):
        module = phat if game == "phat" else don
        tricks = int(module.rules_array(rules)[phat.R_HAND_SIZE])
        _phat_nb(
            table, tricks, c["trump_cards"], c["honours"], c["points"], c["points_excess"],
            c["muck"], c["bonuses"],
        )  # fmt: skip
    elif game == "solowhist":
        _whist_nb(
            table, c["contracts"], c["declarer_tricks"], c["declarer_gain"],
            c["contracts_by_trumps"], c["contracts_by_honours"],
        )  # fmt: skip
    else:
        raise ValueError(f"unknown game {game!r}")


def to_frame(counters: dict[str, np.ndarray]) -> pd.DataFrame:
    """The nonzero cells as a long table: `counter`, one column per axis (the cell's value on
    it; -1 where the counter lacks that axis), `count`; counters in order, cells in C order."""
    declared = [BY_NAME[name] for name in counters]
    names = list(dict.fromkeys(axis.name for counter in declared for axis in counter.axes))
    parts = []
    for counter in declared:
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
def _at(value, first, size):
    """Index of `value` on an axis of `size` values from `first`."""
    index = np.int64(value) - first
    if index < 0 or index >= size:
        raise ValueError("an outcome value lies outside its counter's axis")
    return index


@njit(cache=True, inline="always")
def _open_at(value, size):
    """Index of `value` (not negative) on an open axis of `size` values from 0."""
    if value < 0:
        raise ValueError("an outcome value lies outside its counter's axis")
    return min(np.int64(value), size - 1)


@njit(cache=True, inline="always")
def _relative(side, pitchers):
    """Where a card or point went (a side, or -1 for nobody), seen from the pitcher's side."""
    if side < 0:
        return NOBODY
    return PITCHERS if side == pitchers else OTHERS


@njit(cache=True)
def _pitch_nb(
    table, bids, by_low, by_ace_deuce, by_game_points, by_trumps_in_play, steals, captures,
    won_counts, delta_counts,
):  # fmt: skip
    """Pitch rows into the counters of `PITCH`."""
    won = table.won
    delta = table.delta
    for i in range(table.shape[0]):
        r = table[i]
        contract = _at(r.contract, MIN_CONTRACT, bids.shape[0])
        made = np.int64(r.made)
        side = r.pitcher_side
        position = _at(r.pitcher_position, MIN_POSITION, bids.shape[1])
        trumps = _at(r.hand_trumps, 0, bids.shape[2])
        high = _at(r.hand_high_trump, 0, bids.shape[3])
        bids[contract, position, trumps, high, np.int64(r.hand_jack), made] += 1
        by_low[contract, _at(r.hand_low_trump, 0, by_low.shape[1]), made] += 1
        by_ace_deuce[contract, np.int64(r.hand_ace), np.int64(r.hand_deuce), made] += 1
        by_game_points[contract, _at(r.hand_game_points, 0, by_game_points.shape[1]), made] += 1
        in_play = _at(r.trumps_in_play, 0, by_trumps_in_play.shape[1])
        by_trumps_in_play[contract, in_play, made] += 1
        steals[contract, np.int64(r.stolen), made] += 1
        captures[contract, 0, _relative(r.high, side)] += 1
        captures[contract, 1, _relative(r.low, side)] += 1
        captures[contract, 2, _relative(r.jack, side)] += 1
        captures[contract, 3, _relative(r.game_point, side)] += 1
        won_counts[contract, _at(won[i, side], 0, won_counts.shape[1])] += 1
        delta_counts[contract, _at(delta[i, side], MIN_DELTA, delta_counts.shape[1])] += 1


@njit(cache=True, inline="always")
def _add_points(points, excess, team, trumps, value):
    """Count `value` points in the open histogram, keeping what lies past its last bin."""
    top = points.shape[2] - 1
    if value > top:
        excess[team, trumps, 0] += value - top
        excess[team, trumps, 1] += value * value - top * top
    points[team, trumps, _open_at(value, top + 1)] += 1


@njit(cache=True)
def _phat_nb(table, tricks, trump_cards, honours, points, excess, muck, bonuses):
    """Phat and Don rows (deals of `tricks` tricks) into the counters of `PHAT`."""
    for i in range(table.shape[0]):
        r = table[i]
        pitchers = r.pitcher % 2
        trumps = _at(r.pitcher_trumps, 0, points.shape[1])
        big_holder = _relative(r.big_phat_holder_team, pitchers)
        trump_cards[0, trumps, big_holder, _relative(r.big_phat_team, pitchers)] += 1
        little_holder = _relative(r.little_phat_holder_team, pitchers)
        trump_cards[1, trumps, little_holder, _relative(r.little_phat_team, pitchers)] += 1
        honours[0, trumps, _relative(r.high_team, pitchers)] += 1
        honours[1, trumps, _relative(r.low_team, pitchers)] += 1
        honours[2, trumps, _relative(r.jack_team, pitchers)] += 1
        points_0 = np.int64(r.phat_0) + np.int64(r.bonus_0)
        points_1 = np.int64(r.phat_1) + np.int64(r.bonus_1)
        own, other = (points_0, points_1) if pitchers == 0 else (points_1, points_0)
        _add_points(points, excess, 0, trumps, own)
        _add_points(points, excess, 1, trumps, other)
        own_muck, other_muck = (r.muck_0, r.muck_1) if pitchers == 0 else (r.muck_1, r.muck_0)
        result = 0 if own_muck > other_muck else 1 if own_muck == other_muck else 2
        complete = np.int64(r.tricks_played == tricks)
        muck[complete, _at(own_muck, 0, muck.shape[1]), result] += 1
        bonus = _open_at(np.int64(r.bonus_0) + np.int64(r.bonus_1), bonuses.shape[1])
        bonuses[np.int64(r.carry_in > 0), bonus] += 1


@njit(cache=True)
def _whist_nb(table, contracts, tricks, gains, by_trumps, by_honours):
    """Solo Whist rows into the counters of `SOLOWHIST`."""
    settlement = table.settlement
    for i in range(table.shape[0]):
        r = table[i]
        contract = _at(r.contract, 0, contracts.shape[0])
        made = np.int64(r.made)
        contracts[contract, made] += 1
        tricks[contract, _at(r.declarer_tricks, 0, tricks.shape[1])] += 1
        amount = abs(np.int64(settlement[i, r.declarer])) if r.declarer >= 0 else 0
        gains[contract, made, _at(amount, 0, gains.shape[2])] += 1
        by_trumps[contract, _at(r.hand_trumps, MIN_WHIST_TRUMPS, by_trumps.shape[1]), made] += 1
        by_honours[contract, _at(r.hand_honour_points, 0, by_honours.shape[1]), made] += 1
