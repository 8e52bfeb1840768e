"""Outcome tables: the kernels' structured rows as pandas DataFrames, and the per-game
summary of a `--games` run. Column meanings live with each game (`OUTCOME_COLUMNS`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
import pandas as pd

from sims.run.runner import RunResult, RunSpec, run


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
    """One row per game of a `--games` run: its length, the first deal's pitcher and
    dealer, the winner (-1: stopped at the deal cap) and the final score of every side."""
    ordered = deals.sort_values(["game", "deal"])
    grouped = ordered.groupby("game", sort=True)
    last = grouped.tail(1).set_index("game")
    frame = pd.DataFrame(
        {
            "deals": grouped.size().astype(np.int16),
            "first_pitcher": grouped["pitcher"].first(),
            "first_dealer": grouped["dealer"].first(),
            "winner": last["winner"],
        }
    )
    for column in last.columns:
        if column.startswith("score_after_"):
            frame[column.replace("score_after_", "score_")] = last[column]
    if "tricks_played" in last:  # Phat: a game can end before the muck, losing a carry-over
        # Only phat points can end a game without a bonus, so a won last deal with no bonus
        # ended during its tricks (the 13th included), before the muck was scored.
        no_bonus = (last["bonus_0"] == 0) & (last["bonus_1"] == 0)
        frame["ended_before_muck"] = (last["winner"] >= 0) & no_bonus
        frame["carry_lost"] = frame["ended_before_muck"] & (last["carry_in"] > 0)
    if "smudged" in last:
        frame["smudged"] = last["smudged"]
    return frame.reset_index()


def run_frame(result: RunResult) -> pd.DataFrame:
    """The outcome rows of a run as a DataFrame: the seed of the run first, then the
    kernel's columns, with only the sides and callers the run has."""
    widths_of = result.spec.described.frame_widths
    widths = widths_of(result.spec.rules) if widths_of else None
    frame = outcome_frame(result.table, widths)
    frame.insert(0, "seed", np.full(len(frame), result.spec.seed, np.int64))
    return frame


def chosen_deals_frame(spec: RunSpec, deals: Sequence[int]) -> pd.DataFrame:
    """The outcome rows of the single deals numbered `deals` of `spec`'s seed (its `first`
    and `count` aside), in order of their number, each exactly the deal a run of them all
    plays (a deal depends only on the seed and its number): a costly player's look at the
    few deals a question is about. Consecutive numbers are played as one run."""
    if spec.games:
        raise ValueError("chosen deals are single deals, not games")
    numbers = np.unique(np.asarray(deals, np.int64))
    if len(numbers) == 0:
        raise ValueError("no deals chosen")
    starts = np.flatnonzero(np.diff(numbers) != 1) + 1
    frames = [
        run_frame(run(dataclasses.replace(spec, first=int(part[0]), count=len(part))))
        for part in np.split(numbers, starts)
    ]
    return pd.concat(frames, ignore_index=True)


def field_bytes(table: np.ndarray) -> bytes:
    """The values of every field of `table`, as bytes: what two runs must agree on bit for
    bit (the padding between a row's fields is left undefined by the kernels)."""
    return b"".join(np.ascontiguousarray(table[name]).tobytes() for name in table.dtype.names)
