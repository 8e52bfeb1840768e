"""All Fours quantities from outcome tables (docs/rules.md section 7): what each side
scores per deal, how often eldest begs and the dealer gives, how often a deal is bunched,
who earns High, Low, Jack and Game, and how often the Jack of trumps is in play; from the
deals or from their counters (the same estimates)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import histogram_mean, stacked
from analysis.stats import Estimate, estimates_frame, mean, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

MAX_SIDES = 3  # the rows' slots per side
POINTS = ("high", "low", "jack", "game_point")  # in the order they are counted
POINT_NAMES = ("High", "Low", "Jack", "Game")
ELDEST, OTHER, NOBODY = 0, 1, 2  # where a point went, from eldest's side
TAKERS = ("eldest's side", "the dealer's side")  # as `point_takers` names them
STOPPED_LABEL = "games stopped at the deal cap"  # as `games_summary` names it


def sides_of(deals: pd.DataFrame) -> int:
    """How many sides the run has: the per-side columns it holds."""
    return sum(f"won_{side}" in deals for side in range(MAX_SIDES))


def side_of(deals: pd.DataFrame, seat: str) -> pd.Series:
    """The side of the seat in column `seat` of each deal: with two sides of four seats,
    its partnership; else the seat itself."""
    seats = deals[seat].astype(np.int64)
    return seats % 2 if sides_of(deals) == 2 else seats


def eldest_side(deals: pd.DataFrame) -> pd.Series:
    """The side of each deal's eldest (the seat that leads, `pitcher`)."""
    return side_of(deals, "pitcher")


def from_eldest(captor: pd.Series, eldest: pd.Series) -> np.ndarray:
    """Where a point went, from eldest's side: ELDEST, OTHER or NOBODY (-1)."""
    return np.where(captor < 0, NOBODY, np.where(captor == eldest, ELDEST, OTHER))


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    rows = {f"points per deal, side {s}": mean(deals[f"won_{s}"]) for s in range(sides_of(deals))}
    begged = deals["begged"].astype(bool)
    played = deals["tricks"] > 0
    eldest = eldest_side(deals)
    rows |= {
        "eldest begs": wilson(int(begged.sum()), len(deals)),
        "the dealer gives one, when begged": wilson(int(deals["gift"].sum()), int(begged.sum())),
        "deal bunched": wilson(int(deals["bunched"].sum()), len(deals)),
        "Jack of trumps in play (deals played)": wilson(
            int(deals.loc[played, "jack_in_play"].sum()), int(played.sum())
        ),
    }
    for point, name in zip(POINTS, POINT_NAMES, strict=True):
        went = from_eldest(deals[point], eldest)
        rows[f"{name} to eldest's side"] = wilson(int((went == ELDEST).sum()), len(deals))
    return estimates_frame(rows)


def point_takers(deals: pd.DataFrame) -> pd.DataFrame:
    """How often eldest's side and the dealer's side take each of High, Low, Jack and Game
    in the deals played (95% Wilson intervals), indexed by point and taker: the rest went
    to nobody (no trump or no Jack in play, a tied Game under `game_tie=none`) or, with
    three players, to the third."""
    played = deals[deals["tricks"] > 0]
    takers = {TAKERS[0]: side_of(played, "pitcher"), TAKERS[1]: side_of(played, "dealer")}
    rows = {
        (name, taker): wilson(int((played[point] == side).sum()), len(played))
        for point, name in zip(POINTS, POINT_NAMES, strict=True)
        for taker, side in takers.items()
    }
    table = estimates_frame(rows)
    table.index = pd.MultiIndex.from_tuples(table.index, names=["point", "taker"])
    return table


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for an All Fours run."""
    from analysis.games.allfours.plots import allfours_point_takers

    return allfours_point_takers(point_takers(deals))


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: their length, and games stopped at the deal cap."""
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            STOPPED_LABEL: wilson(int((games["winner"] < 0).sum()), len(games)),
        }
    )


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the All Fours counters, counter by counter."""
    won = [{"side": side, "won": deals[f"won_{side}"]} for side in range(sides_of(deals))]
    eldest = eldest_side(deals)
    return {
        "won": stacked(won),
        "begging": deals[["eldest_trumps", "begged", "gift"]],
        "runs": deals[["runs", "bunched"]],
        "jack": pd.DataFrame(
            {"played": deals["tricks"] > 0, "jack_in_play": deals["jack_in_play"]}
        ),
        "captures": stacked(
            [
                {"point": k, "captor": from_eldest(deals[point], eldest)}
                for k, point in enumerate(POINTS)
            ]
        ),
    }


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    won, begging = counters["won"], counters["begging"]  # side x won; trumps x begged x gift
    deals = int(begging.sum())
    values = np.arange(won.shape[1])
    rows = {f"points per deal, side {s}": histogram_mean(values, won[s]) for s in range(len(won))}
    begged = begging[:, 1, :].sum()
    jack = counters["jack"]
    captures = counters["captures"]  # point x (eldest, other, nobody)
    rows |= {
        "eldest begs": wilson(int(begged), deals),
        "the dealer gives one, when begged": wilson(int(begging[:, 1, 1].sum()), int(begged)),
        "deal bunched": wilson(int(counters["runs"][:, 1].sum()), deals),
        "Jack of trumps in play (deals played)": wilson(int(jack[1, 1]), int(jack[1].sum())),
    }
    for k, name in enumerate(POINT_NAMES):
        rows[f"{name} to eldest's side"] = wilson(int(captures[k, ELDEST]), deals)
    return rows
