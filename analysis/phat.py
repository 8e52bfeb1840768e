"""Phat quantities from outcome tables: the pitcher's side against the defenders, the
Big Phat's fate and muck ties."""

from __future__ import annotations

import pandas as pd

from analysis.stats import estimates_frame, mean, wilson


def with_sides(deals: pd.DataFrame) -> pd.DataFrame:
    """Add per-deal columns seen from the pitcher's side: points (phat + bonus) of the
    pitching team and of the defenders, who captured the Big Phat, and muck ties."""
    pitching = deals["pitcher"] % 2
    points_0 = deals["phat_0"].astype("int32") + deals["bonus_0"]
    points_1 = deals["phat_1"].astype("int32") + deals["bonus_1"]
    out = deals.copy()
    out["pitcher_points"] = points_0.where(pitching == 0, points_1)
    out["defender_points"] = points_1.where(pitching == 0, points_0)
    played = deals["big_phat_team"] >= 0
    out["big_phat_to_pitcher"] = played & (deals["big_phat_team"] == pitching)
    out["big_phat_kept"] = played & (deals["big_phat_team"] == deals["big_phat_holder_team"])
    out["muck_tie"] = (deals["tricks_played"] == 13) & (deals["muck_0"] == deals["muck_1"])
    return out


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    sides = with_sides(deals)
    played = sides[sides["big_phat_team"] >= 0]
    return estimates_frame(
        {
            "pitcher side points per deal": mean(sides["pitcher_points"]),
            "defender points per deal": mean(sides["defender_points"]),
            "Big Phat captured by pitcher side": wilson(
                int(played["big_phat_to_pitcher"].sum()), len(played)
            ),
            "Big Phat captured by defenders": wilson(
                int((~played["big_phat_to_pitcher"]).sum()), len(played)
            ),
            "Big Phat kept by the team dealt it": wilson(
                int(played["big_phat_kept"].sum()), len(played)
            ),
            "muck tie 40-40": wilson(int(sides["muck_tie"].sum()), len(sides)),
        }
    )


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, wins of the first pitcher's team, mid-deal ends."""
    first_team_won = games["winner"] == games["first_pitcher"] % 2
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "won by the first pitcher's team": wilson(int(first_team_won.sum()), len(games)),
            "ended in mid-deal": wilson(int(games["ended_mid_deal"].sum()), len(games)),
            "muck carry-over lost at the end": wilson(int(games["carry_lost"].sum()), len(games)),
        }
    )
