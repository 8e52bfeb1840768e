"""Cinch quantities from outcome tables: how often a contract is made (by the bid, and by
the trumps the maker's side holds after the draw), who takes the Pedros, and how often
the Left Pedro changes sides, from the deal rows or from their counters alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.counters import (
    NOBODY,
    OTHERS,
    PITCHERS,
    axis_values,
    histogram_mean,
    relative,
    stacked,
)
from analysis.stats import Estimate, estimates_frame, mean, rate_by, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STOPPED_LABEL = "games stopped at the deal cap"  # as `games_summary` names them
POINTS = ("high", "low", "jack", "game_point", "right_pedro", "left_pedro")


def played(deals: pd.DataFrame) -> pd.DataFrame:
    """The deals played out (not thrown in after all passed)."""
    return deals[deals["contract"] >= 0]


def maker_side_values(deals: pd.DataFrame, field: str) -> pd.Series:
    """The maker's side's value of a per-side field (`won`, `delta`, ...) in each deal."""
    side_of = deals["maker_side"].to_numpy()
    values = np.zeros(len(deals), np.int16)
    for column in deals.columns:
        prefix, _, side = column.rpartition("_")
        if prefix == field and side.isdigit():
            rows = side_of == int(side)
            values[rows] = deals.loc[rows, column].to_numpy(dtype=np.int16)
    return pd.Series(values, index=deals.index, name=f"maker_{field}")


def bid_success(deals: pd.DataFrame, by: str | list[str] = "contract") -> pd.DataFrame:
    """Share of contracts made, grouped by `by` (contract, maker_side_trumps, ...), with
    Wilson intervals: n, made, rate, low, high."""
    table = rate_by(played(deals), "made", by)
    return table.rename(columns={"successes": "made", "estimate": "rate"})[
        ["n", "made", "rate", "low", "high"]
    ]


def summary(deals: pd.DataFrame) -> pd.DataFrame:
    """Headline estimates of a run, each with its 95% interval."""
    out = played(deals)
    side = out["maker_side"]
    left = relative(out["left_dealt"], side), relative(out["left_pedro"], side)
    rows = {
        "deals thrown in": wilson(int((deals["contract"] < 0).sum()), len(deals)),
        "contract made": wilson(int(out["made"].sum()), len(out)),
        "maker's side score change per deal": mean(maker_side_values(out, "delta")),
    }
    for contract, group in out.groupby("contract"):
        rows[f"bid of {contract} made"] = wilson(int(group["made"].sum()), len(group))
    for point in ("right_pedro", "left_pedro"):
        rows[f"{point.replace('_', ' ')} to the maker's side"] = wilson(
            int((relative(out[point], side) == PITCHERS).sum()), len(out)
        )
    dealt = left[0] != NOBODY
    changed = dealt & (left[1] != left[0])
    rows["left pedro dealt, not taken by the side dealt it"] = wilson(
        int(changed.sum()), int(dealt.sum())
    )
    rows["left pedro dead"] = wilson(int((left[1] == NOBODY).sum()), len(out))
    return estimates_frame(rows)


def games_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Estimates over whole games: length, games stopped at the deal cap."""
    finished = games["winner"] >= 0
    return estimates_frame(
        {
            "deals per game": mean(games["deals"]),
            STOPPED_LABEL: wilson(int((~finished).sum()), len(games)),
        }
    )


def counter_cells(deals: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The deals as the cells of the Cinch counters, counter by counter (a deal thrown in
    has contract and made -1, every point to nobody and no score change)."""
    contract, side = deals["contract"], deals["maker_side"]
    return {
        "bids": deals[["contract", "made"]],
        "bids_by_trumps": deals[["contract", "maker_side_trumps", "made"]],
        "captures": stacked(
            [
                {"contract": contract, "point": k, "captor": relative(deals[column], side)}
                for k, column in enumerate(POINTS)
            ]
        ),
        "left_pedro": pd.DataFrame(
            {
                "left_dealt": relative(deals["left_dealt"], side),
                "captor": relative(deals["left_pedro"], side),
            }
        ),
        "maker_delta": pd.DataFrame(
            {"contract": contract, "delta": maker_side_values(deals, "delta")}
        ),
    }


def counters_summary(counters: dict[str, np.ndarray]) -> dict[str, Estimate]:
    """The estimates of `summary`, from the counters alone (row 0 of a contract axis: the
    deals thrown in)."""
    bids = counters["bids"]  # contract x made (thrown in, set, made)
    deals = int(bids.sum())
    played_deals = int(bids[1:].sum())
    deltas = counters["maker_delta"][1:]
    rows = {
        "deals thrown in": wilson(int(bids[0].sum()), deals),
        "contract made": wilson(int(bids[1:, 2].sum()), played_deals),
        "maker's side score change per deal": histogram_mean(
            axis_values("cinch", "maker_delta", 1, deltas), deltas.sum(axis=0)
        ),
    }
    contracts = axis_values("cinch", "bids", 0, bids)
    for contract, counts in zip(contracts[1:], bids[1:], strict=True):
        if counts.sum() > 0:
            rows[f"bid of {contract} made"] = wilson(int(counts[2]), int(counts.sum()))
    captures = counters["captures"][1:].sum(axis=0)  # point x captor
    for point in ("right_pedro", "left_pedro"):
        taken = int(captures[POINTS.index(point), PITCHERS])
        rows[f"{point.replace('_', ' ')} to the maker's side"] = wilson(taken, played_deals)
    left = counters["left_pedro"]  # dealt x captor; a deal thrown in: nobody, nobody
    dealt = int(left[:NOBODY].sum())
    kept = int(left[PITCHERS, PITCHERS] + left[OTHERS, OTHERS])
    rows["left pedro dealt, not taken by the side dealt it"] = wilson(dealt - kept, dealt)
    thrown = int(bids[0].sum())
    rows["left pedro dead"] = wilson(int(left[:, NOBODY].sum()) - thrown, played_deals)
    return rows


def overview_chart(deals: pd.DataFrame) -> Figure:
    """The chart `allfours simulate --chart` draws for a Cinch run."""
    from analysis.games.cinch.plots import cinch_bids

    return cinch_bids(deals)


def side_values(deals: pd.DataFrame, side: pd.Series, field: str) -> np.ndarray:
    """Per deal, the value of a per-side field (`won`, `delta`) for the side given per
    deal by `side` (0 or 1, the four-handed game's two sides)."""
    pick = side.to_numpy()
    return np.where(pick == 0, deals[f"{field}_0"], deals[f"{field}_1"]).astype(float)


def side_results(deals: pd.DataFrame, side: pd.Series) -> pd.DataFrame:
    """Per deal, from the view of the side given per deal by `side`: the points it won and
    its net score (its score change minus its opponents')."""
    net = side_values(deals, side, "delta") - side_values(deals, 1 - side, "delta")
    return pd.DataFrame(
        {"points won": side_values(deals, side, "won"), "net score": net}, index=deals.index
    )


def dealer_side(deals: pd.DataFrame) -> pd.Series:
    """Per deal of the four-handed game, the dealer's side (seats 0 and 2: side 0)."""
    return deals["dealer"] % 2


def maker_side(deals: pd.DataFrame) -> pd.Series:
    """Per deal, the maker's side (the dealer's where all passed)."""
    return deals["maker_side"]


def left_pedro_changes(deals: pd.DataFrame, by: str | list[str] | None = None) -> pd.DataFrame:
    """Share of the deals where the Left Pedro was dealt to a player and then taken by the
    other side (not left dead), with Wilson intervals (n: deals where it was dealt), by
    whom it was dealt to (the maker's side or the defenders) and by `by` if given."""
    out = played(deals)
    side = out["maker_side"]
    dealt, captor = relative(out["left_dealt"], side), relative(out["left_pedro"], side)
    frame = pd.DataFrame(
        {
            "dealt to": np.where(dealt == PITCHERS, "maker's side", "defenders"),
            "changed": (captor != dealt) & (captor != NOBODY),
        },
        index=out.index,
    )[dealt != NOBODY]
    keys = ["dealt to"] if by is None else [*([by] if isinstance(by, str) else by), "dealt to"]
    for key in keys[:-1]:
        frame[key] = out.loc[frame.index, key]
    table = rate_by(frame, "changed", keys)
    everyone = rate_by(frame.assign(**{"dealt to": "either side"}), "changed", keys)
    return pd.concat([table, everyone]).sort_index()
