"""Streaming counters on the pandas side: the counters of `sims.counters` computed from a
run's deal table (to check the kernels, or to count a table already loaded), and each
game's summary computed from counters alone, equal to the summary of the deal rows."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from analysis import don, pitch, solowhist
from analysis.phat import with_sides
from analysis.stats import Estimate, estimates_frame, wilson, z_value
from sims.counters import NOBODY, OTHERS, PITCHERS, Counter, declared, definitions, empty

TRICKS = {"phat": 13, "don": don.TRICKS}
POINT_CAPTORS = {"high": "high", "low": "low", "jack": "jack", "game": "game_point"}
HONOUR_CAPTORS = ("high_team", "low_team", "jack_team")
TRUMP_CARDS = ("big_phat", "little_phat")  # the 9 and the 5 of trumps, in the card axis order


def from_deals(game: str, rules: dict[str, Any], deals: pd.DataFrame) -> dict[str, np.ndarray]:
    """The counters of `game` under `rules` for the deal table `deals` (one row per deal, as
    `sims.outcomes.run_frame` gives it), counted with pandas."""
    if game in TRICKS:
        cells = _phat_cells(deals, TRICKS[game])
    else:
        cells = {"pitch": _pitch_cells, "solowhist": _whist_cells}[game](deals)
    counters = empty(game, rules)
    for counter in definitions(game, rules):
        if not counter.sums:
            _count(counters[counter.name], counter, cells[counter.name])
    if game in TRICKS:
        _points_excess(counters, cells["points"])
    return counters


def summary(game: str, counters: dict[str, np.ndarray]) -> pd.DataFrame:
    """The headline estimates of `analysis.<game>.summary` on the deals, from their counters."""
    summaries = {
        "pitch": _pitch_summary,
        "phat": _phat_summary,
        "don": _don_summary,
        "solowhist": _whist_summary,
    }
    return estimates_frame(summaries[game](counters))


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


# How each game's `games_summary` names games stopped at the deal cap (a Phat game always
# ends within its cap).
STOPPED_LABELS = {
    "pitch": "games stopped at the deal cap",
    "don": "stopped at the deal cap (no winner)",
}


def lengths_summary(game: str, lengths: pd.DataFrame) -> pd.DataFrame:
    """The estimates of `analysis.<game>.games_summary` that game lengths (`deals`,
    `stopped`, `games` per length) give: deals per game, and games stopped at the cap."""
    rows = {"deals per game": histogram_mean(lengths["deals"], lengths["games"])}
    if game in STOPPED_LABELS:
        stopped = int(lengths.loc[lengths["stopped"], "games"].sum())
        rows[STOPPED_LABELS[game]] = wilson(stopped, int(lengths["games"].sum()))
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


def _relative(captor: pd.Series, pitchers: pd.Series) -> np.ndarray:
    """Where a card or point went (side or -1 for nobody), seen from the pitcher's side."""
    return np.select([captor < 0, captor == pitchers], [NOBODY, PITCHERS], OTHERS)


def _stacked(parts: list[dict[str, Any]]) -> pd.DataFrame:
    """One table from several column sets of the deals (one per card, point, side, ..)."""
    return pd.concat([pd.DataFrame(part) for part in parts], ignore_index=True)


def _pitch_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    contract = deals["contract"]
    side = deals["pitcher_side"]

    def by(*features: str) -> pd.DataFrame:
        return deals[["contract", *features, "made"]]

    return {
        "bids": by("pitcher_position", "hand_trumps", "hand_high_trump", "hand_jack"),
        "bids_by_low_trump": by("hand_low_trump"),
        "bids_by_ace_deuce": by("hand_ace", "hand_deuce"),
        "bids_by_game_points": by("hand_game_points"),
        "bids_by_trumps_in_play": by("trumps_in_play"),
        "steals": by("stolen"),
        "captures": _stacked(
            [
                {"contract": contract, "point": k, "captor": _relative(deals[column], side)}
                for k, column in enumerate(POINT_CAPTORS.values())
            ]
        ),
        "pitcher_won": pd.DataFrame({"contract": contract, "won": pitch.pitcher_won(deals)}),
        "pitcher_delta": pd.DataFrame({"contract": contract, "delta": pitch.pitcher_delta(deals)}),
    }


def _phat_cells(deals: pd.DataFrame, tricks: int) -> dict[str, pd.DataFrame]:
    sides = with_sides(deals, tricks)
    pitchers = deals["pitcher"] % 2
    trumps = deals["pitcher_trumps"]
    own_muck = deals["muck_0"].where(pitchers == 0, deals["muck_1"]).astype("int64")
    other_muck = deals["muck_1"].where(pitchers == 0, deals["muck_0"]).astype("int64")
    return {
        "trump_cards": _stacked(
            [
                {
                    "card": k,
                    "pitcher_trumps": trumps,
                    "holder": _relative(deals[f"{card}_holder_team"], pitchers),
                    "captor": _relative(deals[f"{card}_team"], pitchers),
                }
                for k, card in enumerate(TRUMP_CARDS)
            ]
        ),
        "honours": _stacked(
            [
                {
                    "honour": k,
                    "pitcher_trumps": trumps,
                    "captor": _relative(deals[column], pitchers),
                }
                for k, column in enumerate(HONOUR_CAPTORS)
            ]
        ),
        "points": _stacked(
            [
                {"team": k, "pitcher_trumps": trumps, "points": sides[column]}
                for k, column in enumerate(("pitcher_points", "defender_points"))
            ]
        ),
        "muck": pd.DataFrame(
            {
                "complete": deals["tricks_played"] == tricks,
                "pitcher_muck": own_muck,
                "muck_result": np.sign(other_muck - own_muck) + 1,
            }
        ),
        "bonuses": pd.DataFrame(
            {
                "carried": deals["carry_in"] > 0,
                "bonus": deals["bonus_0"].astype("int64") + deals["bonus_1"],
            }
        ),
    }


def _points_excess(counters: dict[str, np.ndarray], points: pd.DataFrame) -> None:
    """Fill `points_excess`: over the deals past the last bin of `points`, the sums of
    (points - top) and (points^2 - top^2) by side and the pitcher's trumps."""
    top = counters["points"].shape[2] - 1
    beyond = points[points["points"] > top].astype("int64")
    sums = (
        beyond.assign(first=beyond["points"] - top, second=beyond["points"] ** 2 - top * top)
        .groupby(["team", "pitcher_trumps"])[["first", "second"]]
        .sum()
    )
    for (team, trumps), row in sums.iterrows():
        counters["points_excess"][team, trumps] += row.to_numpy()


def _whist_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    declarer = deals["declarer"].to_numpy()
    settlement = deals[[f"settlement_{seat}" for seat in range(4)]].to_numpy(np.int64)
    rows = np.arange(len(deals))
    amount = np.where(declarer >= 0, np.abs(settlement[rows, declarer.clip(0)]), 0)

    def by(*features: str) -> pd.DataFrame:
        return deals[["contract", *features, "made"]]

    return {
        "contracts": by(),
        "declarer_tricks": deals[["contract", "declarer_tricks"]],
        "declarer_gain": by().assign(amount=amount),
        "contracts_by_trumps": by("hand_trumps"),
        "contracts_by_honours": by("hand_honour_points"),
    }


def _values(game: str, counter: str, axis: int, array: np.ndarray) -> np.ndarray:
    """The values along axis `axis` of `game`'s counter `counter` held in `array`."""
    return declared(game)[counter].axes[axis].first + np.arange(array.shape[axis])


def _pitch_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    steals = counters["steals"]  # contract x stolen x made
    made = steals.sum(axis=1)  # contract x made
    deals = int(steals.sum())
    won = counters["pitcher_won"].sum(axis=0)
    rows = {
        "bid made": wilson(int(made[:, 1].sum()), deals),
        "points won by the pitcher per deal": histogram_mean(
            _values("pitch", "pitcher_won", 1, counters["pitcher_won"]), won
        ),
    }
    for contract, counts in zip(_values("pitch", "steals", 0, steals), made, strict=True):
        if counts.sum() > 0:
            rows[f"bid of {contract} made"] = wilson(int(counts[1]), int(counts.sum()))
    captures = counters["captures"].sum(axis=0)  # point x captor
    jack, game = list(POINT_CAPTORS).index("jack"), list(POINT_CAPTORS).index("game")
    return rows | {
        "contract taken by the dealer's steal": wilson(int(steals[:, 1].sum()), deals),
        "Jack of trumps in play": wilson(int(captures[jack, :NOBODY].sum()), deals),
        "Game tied (not awarded)": wilson(int(captures[game, NOBODY]), deals),
    }


def _side_points(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """Mean points per deal of the pitcher's side and of the defenders (Phat and Don)."""
    points = counters["points"]  # side x pitcher_trumps x points
    excess = counters["points_excess"].sum(axis=1)  # side x power
    values = _values("phat", "points", 2, points)
    pitcher, defenders = (
        histogram_mean(values, points[side].sum(axis=0), tuple(excess[side])) for side in (0, 1)
    )
    return {"pitcher side points per deal": pitcher, "defender points per deal": defenders}


def _phat_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    big = counters["trump_cards"][0].sum(axis=0)  # holder x captor
    played = int(big[:, :NOBODY].sum())
    to_pitcher = int(big[:, PITCHERS].sum())
    kept = int(big[PITCHERS, PITCHERS] + big[OTHERS, OTHERS])
    muck = counters["muck"]  # complete x pitcher_muck x result
    return _side_points(counters) | {
        "Big Phat captured by pitcher side": wilson(to_pitcher, played),
        "Big Phat captured by defenders": wilson(played - to_pitcher, played),
        "Big Phat kept by the team dealt it": wilson(kept, played),
        "muck tie 40-40": wilson(int(muck[1, :, 1].sum()), int(muck.sum())),
    }


def _don_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    rows = _side_points(counters)
    deals = int(counters["muck"].sum())
    for label, card in (("5 of trumps", 1), ("9 of trumps", 0)):
        cells = counters["trump_cards"][card].sum(axis=0)  # holder x captor
        played = int(cells[:, :NOBODY].sum())
        kept = int(cells[PITCHERS, PITCHERS] + cells[OTHERS, OTHERS])
        rows |= {
            f"{label} in play": wilson(int(cells[:NOBODY].sum()), deals),
            f"{label} captured by pitcher side": wilson(int(cells[:, PITCHERS].sum()), played),
            f"{label} kept by the team dealt it": wilson(kept, played),
        }
    complete = counters["muck"][1]
    rows["game tied (no game bonus)"] = wilson(int(complete[:, 1].sum()), int(complete.sum()))
    return rows


def _whist_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    contracts = counters["contracts"]  # contract x made
    gains = counters["declarer_gain"]  # contract x made x amount
    deals = int(contracts.sum())
    amounts = _values("solowhist", "declarer_gain", 2, gains)
    rows = {"passed out": wilson(int(contracts[0].sum()), deals)}
    for code, name in solowhist.CONTRACTS.items():
        chosen = int(contracts[code].sum())
        if chosen == 0:
            continue
        rows[f"{name}: share of deals"] = wilson(chosen, deals)
        rows[f"{name}: made"] = wilson(int(contracts[code, 1]), chosen)
        if chosen > 1:
            values = np.concatenate([-amounts, amounts])  # paid when set, gained when made
            counts = np.concatenate([gains[code, 0], gains[code, 1]])
            rows[f"{name}: declarer's settlement"] = histogram_mean(values, counts)
    return rows
