"""Nine-card Don quantities from outcome tables (Phat's columns: `phat_*` are Don's card
points, `muck_*` the game value, `big_phat_*` the 9 of trumps, `little_phat_*` the 5):
the pitcher's side against the defenders, the fate of the 5 and 9 of trumps, game ties."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import NOBODY, OTHERS, PITCHERS
from analysis.phat import counter_sums as counter_sums  # the counters' sums, as Phat's
from analysis.phat import partnership_cells, side_point_estimates, with_sides
from analysis.stats import Estimate, estimates_frame, mean, wilson

TRICKS = 9
STOPPED_LABEL = "stopped at the deal cap (no winner)"  # as `games_summary` names them
CARDS = {"5 of trumps": "little_phat", "9 of trumps": "big_phat"}

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    sides = with_sides(deals, TRICKS)
    pitching = deals["pitcher"] % 2
    rows = {
        "pitcher side points per deal": mean(sides["pitcher_points"]),
        "defender points per deal": mean(sides["defender_points"]),
    }
    for label, prefix in CARDS.items():
        dealt = deals[f"{prefix}_holder"] >= 0
        played = deals[f"{prefix}_team"] >= 0
        to_pitcher = played & (deals[f"{prefix}_team"] == pitching)
        kept = played & (deals[f"{prefix}_team"] == deals[f"{prefix}_holder_team"])
        rows |= {
            f"{label} in play": wilson(int(dealt.sum()), len(deals)),
            f"{label} captured by pitcher side": wilson(int(to_pitcher.sum()), int(played.sum())),
            f"{label} kept by the team dealt it": wilson(int(kept.sum()), int(played.sum())),
        }
    complete = deals["tricks_played"] == TRICKS
    rows["game tied (no game bonus)"] = wilson(int(sides["muck_tie"].sum()), int(complete.sum()))
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, wins of the first pitcher's team, games won
    during the tricks, and games stopped at the deal cap."""
    first_team_won = games["winner"] == games["first_pitcher"] % 2
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "won by the first pitcher's team": wilson(int(first_team_won.sum()), len(games)),
            "ended before the end-of-deal points": wilson(
                int(games["ended_before_muck"].sum()), len(games)
            ),
            "stopped at the deal cap (no winner)": wilson(
                int((games["winner"] < 0).sum()), len(games)
            ),
        }
    )


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Don run."""
    from analysis.plots.don import don_overview

    return don_overview(deals)


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Don counters (Phat's, over nine tricks)."""
    return partnership_cells(deals, TRICKS)


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone."""
    rows = side_point_estimates(counters)
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
