"""Auction Pitch quantities from outcome tables: how often bids are made, by what."""

from __future__ import annotations

import pandas as pd

from analysis.stats import estimates_frame, mean, wilson


def pitcher_won(deals: pd.DataFrame) -> pd.Series:
    """Points the pitcher's side won in each deal (from the won_<side> columns)."""
    sides = sorted(int(c.rsplit("_", 1)[1]) for c in deals.columns if c.startswith("won_"))
    won = pd.Series(0, index=deals.index, dtype="int16")
    for side in sides:
        won = won.where(deals["pitcher_side"] != side, deals[f"won_{side}"])
    return won


def bid_success(deals: pd.DataFrame, by: str | list[str] = "contract") -> pd.DataFrame:
    """Share of bids made, grouped by `by` (e.g. contract, players, hand features), with
    Wilson intervals: n, made, rate, low, high."""
    rows = []
    for key, group in deals.groupby(by, observed=True):
        estimate = wilson(int(group["made"].sum()), len(group))
        rows.append((key, len(group), int(group["made"].sum()), estimate.value, estimate.low,
                     estimate.high))  # fmt: skip
    index = pd.Index([row[0] for row in rows], name=by if isinstance(by, str) else None)
    return pd.DataFrame(
        [row[1:] for row in rows], columns=["n", "made", "rate", "low", "high"], index=index
    )


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    rows = {
        "bid made": wilson(int(deals["made"].sum()), len(deals)),
        "points won by the pitcher per deal": mean(pitcher_won(deals)),
    }
    for contract, group in deals.groupby("contract"):
        rows[f"bid of {contract} made"] = wilson(int(group["made"].sum()), len(group))
    rows |= {
        "contract taken by the dealer's steal": wilson(int(deals["stolen"].sum()), len(deals)),
        "Jack of trumps in play": wilson(int((deals["jack"] >= 0).sum()), len(deals)),
        "Game tied (not awarded)": wilson(int((deals["game_point"] < 0).sum()), len(deals)),
    }
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, games stopped at the deal cap, smudges."""
    finished = games["winner"] >= 0
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            "games stopped at the deal cap": wilson(int((~finished).sum()), len(games)),
            "games won by a smudge": wilson(int(games["smudged"].sum()), len(games)),
        }
    )
