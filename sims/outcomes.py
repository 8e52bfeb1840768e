"""Outcome tables: the kernels' structured rows as pandas DataFrames, and the per-game
summary of a `--games` run. Column meanings live with each game (`OUTCOME_COLUMNS`)."""

from __future__ import annotations

import numpy as np
import pandas as pd


def outcome_frame(table: np.ndarray, widths: dict[str, int] | None = None) -> pd.DataFrame:
    """One row per deal with the compact integer dtypes of the kernel's rows; a field with
    several values per row (per side, per caller) becomes columns NAME_0 .. NAME_{w-1},
    `w` from `widths`."""
    columns = {}
    for name in table.dtype.names:
        values = table[name]
        if values.ndim == 1:
            columns[name] = values
        else:
            for index in range((widths or {}).get(name, values.shape[1])):
                columns[f"{name}_{index}"] = values[:, index]
    return pd.DataFrame(columns)


def game_frame(deals: pd.DataFrame) -> pd.DataFrame:
    """One row per game of a `--games` run: its length, first pitcher, winner and final score."""
    ordered = deals.sort_values(["game", "deal"])
    grouped = ordered.groupby("game", sort=True)
    last = grouped.tail(1).set_index("game")
    frame = pd.DataFrame(
        {
            "deals": grouped.size().astype(np.int16),
            "first_pitcher": grouped["pitcher"].first(),
            "winner": last["winner"],
            "score_0": last["score_after_0"],
            "score_1": last["score_after_1"],
            "ended_mid_deal": last["tricks_played"] < 13,
            "carry_lost": (last["tricks_played"] < 13) & (last["carry_in"] > 0),
        }
    )
    return frame.reset_index()
