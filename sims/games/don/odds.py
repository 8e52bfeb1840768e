"""Odds of a Nine-card Don hand as the pitcher (`allfours odds don`): Phat's conditional
deals under Don's rules and card values, the hand pitching each suit it holds, the
estimates with 95% intervals, and the trump they recommend."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.stats import estimates_frame, mean, wilson
from sims.games.don import rules as don
from sims.games.phat.odds import pitcher_report, play_pitcher_rounds
from sims.run.conditional import OddsSpec, suits_frame
from sims.run.queries import OddsQuery, OddsReport

ODDS_COLUMNS = ["points", "nine_ours", "five_ours", "game_ours"]  # of the pitcher's side


def play_conditional(spec: OddsSpec, progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """One row per (trump suit, deal) of the hand as the pitcher: the suit's letter, the
    deal index, its side's points (card points and the end-of-deal bonus), whether it took
    the 9 and the 5 of trumps, and whether it scored the game (more game value than the
    other side). `progress` is called with the deals done per chunk."""

    def results(rows: np.ndarray) -> np.ndarray:
        points = rows["phat_0"].astype(np.int64) + rows["bonus_0"]
        nine = rows["big_phat_team"] == 0
        five = rows["little_phat_team"] == 0
        return np.stack([points, nine, five, rows["muck_0"] > rows["muck_1"]], -1)

    table = play_pitcher_rounds(spec, don, results, progress)
    return suits_frame(spec, table, ODDS_COLUMNS, flags=ODDS_COLUMNS[1:])


def don_estimates(deals: pd.DataFrame) -> pd.DataFrame:
    """Per trump suit: the pitcher's side's expected points, and the chances that it takes
    the 9 of trumps, the 5 of trumps (either may be out of play) and the game."""
    tables = {}
    for trump, group in deals.groupby("trump", observed=True):
        n = len(group)
        tables[trump] = estimates_frame(
            {
                "E[points]": mean(group["points"]),
                "P(9 of trumps ours)": wilson(int(group["nine_ours"].sum()), n),
                "P(5 of trumps ours)": wilson(int(group["five_ours"].sum()), n),
                "P(game ours)": wilson(int(group["game_ours"].sum()), n),
            }
        )
    return pd.concat(tables, names=["trump", "quantity"])


def play_odds(query: OddsQuery) -> OddsReport:
    """`allfours odds don`: the hand, the pitcher, pitches each suit it could (or --trump);
    the advice is the trump with the most expected points."""
    return pitcher_report(query, play_conditional, don_estimates)
